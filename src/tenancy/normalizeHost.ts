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

/** The host a request is for: X-Forwarded-Host only when the proxy in front is trusted. */
export function requestHost(hostHeader: string | null, forwardedHost: string | null, trustProxy: boolean): string {
  // A proxy chain may list several hosts; the first is what the client asked for.
  const forwarded = trustProxy ? forwardedHost?.split(',')[0]?.trim() : undefined;
  return normalizeHost(forwarded || hostHeader || '');
}
