import { createHash, timingSafeEqual } from 'node:crypto';
import { createRateLimiter, type RateLimitOptions } from '@/monitoring/proxyLimits';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a given secret is the expected one, in time that depends on neither: comparing their
 * digests, which are always 32 bytes, also hides the expected secret's length.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export type SecretVerdict = { kind: 'right' } | { kind: 'wrong' } | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Checks secrets per client address, limiting wrong ones: a token bucket that only wrong secrets
 * draw from. Once a client has drawn it empty, its every attempt is refused unchecked until a
 * token is back, the right secret included: answering that one would still let a guesser try at
 * any rate. Other addresses are not affected.
 */
export function createSecretCheck(
  expected: string,
  { burst, perSecond, maxClients = 10_000, now = Date.now }: RateLimitOptions,
) {
  const wrongAttempt = createRateLimiter({ burst, perSecond, maxClients, now });
  const refusedUntil = new Map<string, number>();
  return (client: string, given: string | undefined): SecretVerdict => {
    const until = refusedUntil.get(client) ?? 0;
    if (until > now()) return { kind: 'throttled', retryAfterSeconds: Math.ceil((until - now()) / 1000) };
    refusedUntil.delete(client);
    if (given !== undefined && sameSecret(given, expected)) return { kind: 'right' };
    const decision = wrongAttempt(client);
    if (decision.ok) return { kind: 'wrong' };
    refusedUntil.set(client, now() + decision.retryAfterSeconds * 1000);
    // Entries are added in time order with the same wait, so the first one ends first.
    const oldest = refusedUntil.keys().next();
    if (refusedUntil.size > maxClients && !oldest.done) refusedUntil.delete(oldest.value);
    return { kind: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  };
}
