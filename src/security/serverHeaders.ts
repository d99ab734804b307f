import { trustedForwardedValue } from '@/config/forwarded';
import type { SecurityHeaders } from './policy';

/** Written by scripts/security-headers.ts after `next build`, read by server.ts at start. */
export const SECURITY_HEADERS_FILE = '.next/security-headers.json';

interface IncomingLike {
  headers: Record<string, string | string[] | undefined>;
  /** A TLSSocket has `encrypted: true`. */
  socket: object;
}

/** Whether the visitor's connection is https: TLS here, or the trusted proxy in front says so. */
export function isHttps(request: IncomingLike, trustProxyHops: number): boolean {
  return ('encrypted' in request.socket && request.socket.encrypted === true) || trustedForwardedValue(request.headers['x-forwarded-proto'], trustProxyHops) === 'https';
}

/** The headers a response gets, set before Next answers so they are on every page, file, API and error. */
export function headersFor(request: IncomingLike, headers: SecurityHeaders, trustProxyHops: number): Record<string, string> {
  return isHttps(request, trustProxyHops) ? { ...headers.all, ...headers.https } : headers.all;
}
