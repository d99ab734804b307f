import type { FetchRoute } from '@/base/vendorFetch';

/**
 * Spec §8: on 429, wait for the `x-ratelimit-reset` header (in seconds), else the default delay.
 * Read as seconds to wait, as Segment's older SDKs did; a value too large for that (after 2001 as
 * a Unix time) is read as the moment the limit resets, as other APIs and the test collector send it.
 */
const UNIX_TIME_FLOOR_SECONDS = 1_000_000_000;

/**
 * Milliseconds to wait from `now`, or undefined when the header is absent, not a number, or not
 * readable: a cross-origin answer shows it to the page only when the server lists it in
 * `Access-Control-Expose-Headers` (docs/analytics.md says which path does).
 */
export function rateLimitResetDelayMs(header: string | null, now: number): number | undefined {
  if (header === null || !/^\d+(\.\d+)?$/.test(header.trim())) return undefined;
  const seconds = Number(header);
  return seconds >= UNIX_TIME_FLOOR_SECONDS ? Math.max(0, seconds * 1000 - now) : seconds * 1000;
}

/**
 * A fetch route for Segment's API host. @segment/analytics-next (1.84) reads only `Retry-After` on
 * a 429 (parseRetryAfter in its shared-dispatcher) and has no option for another header, so the
 * 429 answer it sees gets a `Retry-After` of the reset delay, rounded up to whole seconds (the
 * unit it parses) so the retry never comes early. Without the header the answer is left as it is,
 * and Segment uses its default backoff.
 */
export function segmentRateLimitRoute(apiBase: string, now: () => number = Date.now): FetchRoute {
  return {
    prefix: apiBase,
    async handle(input, init, next) {
      const response = await next(input, init);
      if (response.status !== 429) return response;
      const delay = rateLimitResetDelayMs(response.headers.get('x-ratelimit-reset'), now());
      if (delay === undefined) return response;
      const headers = new Headers(response.headers);
      headers.set('Retry-After', String(Math.ceil(delay / 1000)));
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}

/**
 * A fetch route for Amplitude's ingestion URL. @amplitude/analytics-core 2.x (Destination's
 * handleRateLimitResponse) retries the events a 429 lists in `throttled_events` after its fixed
 * `throttleTimeout` of 30 s, and the others one flush interval later; it reads no header. When the
 * reset is known, the answer is held until one flush interval before it, with `throttled_events`
 * emptied, so the SDK's own retry (and its count against flushMaxRetries) falls on the reset, never
 * before. Without the header, or with a body that is not JSON, the answer is left as it is.
 */
export function amplitudeRateLimitRoute(
  serverUrl: string,
  flushIntervalMs: number,
  now: () => number = Date.now,
): FetchRoute {
  return {
    prefix: serverUrl,
    async handle(input, init, next) {
      const response = await next(input, init);
      if (response.status !== 429) return response;
      const delay = rateLimitResetDelayMs(response.headers.get('x-ratelimit-reset'), now());
      if (delay === undefined) return response;
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const rebuilt = (content: string) =>
        new Response(content, { status: response.status, statusText: response.statusText, headers: response.headers });
      if (typeof body !== 'object' || body === null) return rebuilt(text);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, delay - flushIntervalMs)));
      return rebuilt(JSON.stringify({ ...body, throttled_events: [] }));
    },
  };
}
