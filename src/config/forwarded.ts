/**
 * The value a trusted proxy added to an X-Forwarded-* list. Each proxy appends what it saw, so
 * with `hops` trusted proxies in front the entry they vouch for is `hops` from the right; entries
 * further left were written by the client and prove nothing. Undefined when proxies are not
 * trusted or the list is shorter than the chain (the request did not come through it).
 */
export function trustedForwardedValue(header: string | string[] | null | undefined, hops: number): string | undefined {
  if (hops <= 0 || header == null) return undefined;
  const entries = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}

/** The client's address: the one the trusted proxy saw (X-Forwarded-For), else the TCP peer's. */
export function clientAddress(
  forwardedFor: string | string[] | undefined,
  remoteAddress: string | undefined,
  hops: number,
): string | undefined {
  return trustedForwardedValue(forwardedFor, hops) || remoteAddress;
}
