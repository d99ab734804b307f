#!/usr/bin/env bash
# End-to-end tests and benchmarks drive Debian's Chromium (Playwright cannot download browsers here),
# with the Noto CJK fonts a visitor's phone has, so Japanese, Korean and Chinese pages lay out (and
# measure, in the layout tests) as they do for travellers rather than as boxes. The topology's images
# and podman come from deploy/images.ts, which the tests that need them call.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing for the browser tests: ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]} (or set CHROMIUM_PATH)." >&2
exit 1
