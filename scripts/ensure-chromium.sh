#!/usr/bin/env bash
# End-to-end tests and benchmarks drive Debian's Chromium (Playwright cannot download browsers here),
# with the Noto CJK fonts a visitor's phone has, so Japanese, Korean and Chinese pages lay out (and
# measure, in the layout tests) as they do for travellers rather than as boxes. Also nginx, for the
# production topology in deploy/ (with redis-server and supervisor) that tests/e2e/topology.spec.ts starts.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
# The deploy/ topology the topology tests start: nginx with Debian's brotli modules (on the fly and
# the build's precompressed files), and Redis.
command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || missing+=(libnginx-mod-http-brotli-filter)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# …whose instances and purger run under Debian's supervisor, which starts a dead one again.
command -v supervisord >/dev/null 2>&1 || missing+=(supervisor)
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
