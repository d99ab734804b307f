/**
 * The telemetry proxy relays under our client token, so one client must not be able
 * to push unbounded traffic through it, and a slow intake must not pile up open requests.
 */

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimitOptions {
  /** Requests a client may make in a burst. */
  burst: number;
  /** Requests per second a client gets back. */
  perSecond: number;
  /** Clients remembered at once; the least recently seen are forgotten first. */
  maxClients?: number;
  now?: () => number;
}

/** A token bucket per client address. */
export function createRateLimiter({ burst, perSecond, maxClients = 10_000, now = Date.now }: RateLimitOptions) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (client: string): RateDecision => {
    const time = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at: time };
    bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
    bucket.at = time;
    // Re-inserted so that Map order is least recently seen first.
    buckets.delete(client);
    buckets.set(client, bucket);
    const oldest = buckets.keys().next();
    if (buckets.size > maxClients && !oldest.done) buckets.delete(oldest.value);
    if (bucket.tokens < 1) return { ok: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / perSecond) };
    bucket.tokens -= 1;
    return { ok: true };
  };
}

/** At most `max` requests to the intake at once; `tryAcquire` returns the release, or undefined when full. */
export function createConcurrencyLimit(max: number) {
  let open = 0;
  return {
    tryAcquire(): (() => void) | undefined {
      if (open >= max) return undefined;
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
      };
    },
    get open() {
      return open;
    },
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
export type RateLimiter = ReturnType<typeof createRateLimiter>;
