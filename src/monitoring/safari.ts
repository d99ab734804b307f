/** Spec §7 call 9: the first-party route Safari-type browsers send their telemetry through. */
export const SAFARI_PROXY_PATH = '/api/monitoring-proxy';

// Every browser on iOS and iPadOS is WebKit under Apple's tracking prevention, whatever its name.
const APPLE_MOBILE = /\b(iPhone|iPad|iPod)\b/;
const DESKTOP_SAFARI = /\bVersion\/[\d.]+.*\bSafari\//;
// Chromium-based and Android browsers copy "Safari" and sometimes "Version/" into their agents.
const NOT_SAFARI = /\b(Chrome|Chromium|CriOS|Edg|EdgA|OPR|SamsungBrowser|Android)\b/;

/** Safari, and any iOS WebKit browser; not Chrome, not Android. */
export function isSafariLike(userAgent: string): boolean {
  if (APPLE_MOBILE.test(userAgent)) return true;
  return DESKTOP_SAFARI.test(userAgent) && !NOT_SAFARI.test(userAgent);
}
