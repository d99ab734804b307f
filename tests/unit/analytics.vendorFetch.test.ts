// Spec §8: on HTTP 429 the Segment path waits for x-ratelimit-reset (seconds), else the default
// delay; and the fetch routing that carries it (src/analytics/vendorFetch.ts, rateLimitReset.ts).
import { rateLimitResetDelayMs, segmentRateLimitRoute } from '@/analytics/rateLimitReset';
import { installFetchRoute, routedFetch, type Fetch } from '@/analytics/vendorFetch';

const NOW = 1_800_000_000_000;

describe('rateLimitResetDelayMs', () => {
  it.each([
    ['seconds to wait', '3', 3000],
    ['zero', '0', 0],
    ['a Unix time 2.5 s ahead', String(NOW / 1000 + 2.5), 2500],
    ['a Unix time already past', String(NOW / 1000 - 10), 0],
  ])('reads %s', (_name, header, delay) => expect(rateLimitResetDelayMs(header, NOW)).toBe(delay));

  it.each([null, '', 'soon', '-1', 'Wed, 21 Oct 2026 07:28:00 GMT'])('ignores %o', (header) => {
    expect(rateLimitResetDelayMs(header, NOW)).toBeUndefined();
  });
});

describe('the Segment rate-limit route', () => {
  const route = segmentRateLimitRoute('http://localhost:4100/segment/v1/', () => NOW);
  const answer = (status: number, headers: Record<string, string> = {}): Fetch => async () => new Response('{}', { status, headers });

  it('turns x-ratelimit-reset into the Retry-After Segment reads, rounded up to whole seconds', async () => {
    const response = await route.handle('http://localhost:4100/segment/v1/b', undefined, answer(429, { 'x-ratelimit-reset': String(NOW / 1000 + 1.2) }));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('2');
  });

  it('overrides a Retry-After the server also sent: the spec names x-ratelimit-reset', async () => {
    const response = await route.handle('http://localhost:4100/segment/v1/b', undefined, answer(429, { 'x-ratelimit-reset': '7', 'retry-after': '1' }));
    expect(response.headers.get('Retry-After')).toBe('7');
  });

  it('leaves other answers, and a 429 without the header, as they are', async () => {
    expect((await route.handle('u', undefined, answer(200))).headers.get('Retry-After')).toBeNull();
    expect((await route.handle('u', undefined, answer(429))).headers.get('Retry-After')).toBeNull();
  });
});

describe('fetch routing', () => {
  it('sends a request to the route whose prefix it starts with, and every other one straight on', async () => {
    const next = vi.fn<Fetch>(async () => new Response('next'));
    const handle = vi.fn(async () => new Response('routed'));
    const fetch = routedFetch(next, [{ prefix: 'https://api.segment.io/v1/', handle }]);
    expect(await (await fetch('https://api.segment.io/v1/b', { method: 'POST' })).text()).toBe('routed');
    expect(await (await fetch(new URL('https://api.segment.io/v1x'))).text()).toBe('next');
    expect(await (await fetch(new Request('https://example.org/'))).text()).toBe('next');
    expect(handle).toHaveBeenCalledWith('https://api.segment.io/v1/b', { method: 'POST' }, next);
  });

  it('wraps a scope once, however many routes are added', async () => {
    const original = vi.fn<Fetch>(async () => new Response('original'));
    const scope = { fetch: original };
    installFetchRoute({ prefix: 'https://a/', handle: async () => new Response('a') }, scope);
    const wrapped = scope.fetch;
    installFetchRoute({ prefix: 'https://b/', handle: async () => new Response('b') }, scope);
    expect(scope.fetch).toBe(wrapped);
    expect(await (await scope.fetch('https://b/x')).text()).toBe('b');
    expect(await (await scope.fetch('https://c/x')).text()).toBe('original');
  });
});
