import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import type { AddressRange } from '@/config/trustedProxies';

/** Whether a TCP peer is one of the trusted proxies (TRUSTED_PROXIES). */
export type PeerCheck = (address: string | undefined) => boolean;

export function trustedPeers(ranges: readonly AddressRange[]): PeerCheck {
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  // BlockList matches an IPv4-mapped peer (::ffff:a.b.c.d, as a server on :: sees IPv4) by its IPv4 rules.
  return (address) => address !== undefined && list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * Drops every forwarding header a peer that is no trusted proxy wrote, so that nothing after this
 * (middleware, API routes, the security headers) can be told another host, scheme or address than
 * the socket's own. Next then fills in X-Forwarded-* from the socket itself. `proxyOnly` names
 * more headers only a proxy may write (lower-case), such as the visitor's country.
 */
export function dropUntrustedForwarding(
  headers: IncomingHttpHeaders,
  peer: string | undefined,
  isTrusted: PeerCheck,
  proxyOnly: readonly string[] = [],
): void {
  if (isTrusted(peer)) return;
  for (const name of Object.keys(headers)) {
    if (name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip' || proxyOnly.includes(name))
      delete headers[name];
  }
}

/**
 * Response headers for Next's own routing, never for the visitor: `x-middleware-rewrite` names the
 * internal path (`/de/kings-cross-station/poi`) and repeats the whole query, which a long tracking
 * query turns into kilobytes of headers.
 */
const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite'];

/** Keeps the internal headers out of what this response sends: Next sets them with setHeader. */
export function withoutInternalHeaders(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    for (const name of INTERNAL_RESPONSE_HEADERS) response.removeHeader(name);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
