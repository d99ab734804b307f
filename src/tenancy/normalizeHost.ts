import { trustedForwardedValue } from '@/config/forwarded';

/** Local preview: `{domain}.localhost` on any port stands for `{domain}`. */
const PREVIEW_SUFFIX = '.localhost';

/** Lower-cases a Host header value and strips its port and any trailing dot. */
export function normalizeHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  // Bracketed IPv6 literals keep their colons; only the port after the bracket goes.
  host = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return host.replace(/\.+$/, '');
}

/** The tenant domain a normalized host stands for, once any preview suffix is removed. */
export function stripPreviewSuffix(host: string): string {
  return host.endsWith(PREVIEW_SUFFIX) ? host.slice(0, -PREVIEW_SUFFIX.length) : host;
}

/** The host a request is for: the X-Forwarded-Host entry the trusted proxy added, else Host. */
export function requestHost(
  hostHeader: string | null | undefined,
  forwardedHost: string | string[] | null | undefined,
  trustProxyHops: number,
): string {
  return normalizeHost(trustedForwardedValue(forwardedHost, trustProxyHops) || hostHeader || '');
}
