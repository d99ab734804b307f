import { trustedForwardedValue } from '@/config/forwarded';
import type { SecurityHeaders } from './policy';

/** Written by scripts/security-headers.ts after `next build`, read by server.ts at start. */
export const SECURITY_HEADERS_FILE = '.next/security-headers.json';

interface IncomingLike {
  headers: Record<string, string | string[] | undefined>;
  /** A TLSSocket has `encrypted: true`. */
  socket: object;
}

/**
 * The origin the visitor's browser sent the request to: scheme, host and port, as it names its
 * own pages in `Origin`. Behind a trusted proxy, its X-Forwarded-Host, -Proto and -Port (the port
 * the visitor asked for, absent for the scheme's default); undefined without a host.
 */
export function requestOrigin(request: IncomingLike, trustProxyHops: number): string | undefined {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const host = trustedForwardedValue(request.headers['x-forwarded-host'], trustProxyHops) || header('host');
  if (!host) return undefined;
  const port = /:\d+$/.test(host) ? '' : trustedForwardedValue(request.headers['x-forwarded-port'], trustProxyHops);
  return canonicalOrigin(`${isHttps(request, trustProxyHops) ? 'https' : 'http'}://${host}${port ? `:${port}` : ''}`);
}

/** An origin as browsers compare it: lower case, the default port left out; a trailing dot dropped, as hosts are read here. Undefined for `null` or anything unparsable. */
export function canonicalOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.origin === 'null') return undefined;
    return `${url.protocol}//${url.hostname.replace(/\.+$/, '')}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return undefined;
  }
}

/** Whether the visitor's connection is https: TLS here, or the trusted proxy in front says so. */
export function isHttps(request: IncomingLike, trustProxyHops: number): boolean {
  return (
    ('encrypted' in request.socket && request.socket.encrypted === true) ||
    trustedForwardedValue(request.headers['x-forwarded-proto'], trustProxyHops) === 'https'
  );
}

/**
 * Whether the request is a navigation from the analytics provider's window: its Referer has that
 * origin. The browser sets Referer and another site cannot make it name the provider; the SDK reads
 * no query parameter, and one of ours could be put in any site's link (docs/analytics.md).
 */
export function isFromOrigin(referer: string | string[] | undefined, origin: string): boolean {
  const value = Array.isArray(referer) ? referer[0] : referer;
  if (!value) return false;
  try {
    return new URL(value).origin === origin;
  } catch {
    return false;
  }
}

/** The headers a response gets, set before Next answers so they are on every page, file, API and error. */
export function headersFor(
  request: IncomingLike,
  headers: SecurityHeaders,
  trustProxyHops: number,
): Record<string, string> {
  const base = isHttps(request, trustProxyHops) ? { ...headers.all, ...headers.https } : headers.all;
  const provider = headers.openedFromProvider;
  return provider && isFromOrigin(request.headers.referer, provider.origin) ? { ...base, ...provider.headers } : base;
}
