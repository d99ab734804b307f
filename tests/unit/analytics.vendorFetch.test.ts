// Spec §8: on HTTP 429 the Segment and Amplitude paths wait for x-ratelimit-reset (seconds), else
// the default delay; and the fetch routing that carries it (src/analytics/vendorFetch.ts, rateLimitReset.ts).
import { amplitudeRateLimitRoute, rateLimitResetDelayMs, segmentRateLimitRoute } from '@/analytics/rateLimitReset';
import { installFetchRoute, routedFetch, stopFetches, type Fetch } from '@/base/vendorFetch';

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
  const answer =
    (status: number, headers: Record<string, string> = {}): Fetch =>
    async () =>
      new Response('{}', { status, headers });

  it('turns x-ratelimit-reset into the Retry-After Segment reads, rounded up to whole seconds', async () => {
    const response = await route.handle(
      'http://localhost:4100/segment/v1/b',
      undefined,
      answer(429, { 'x-ratelimit-reset': String(NOW / 1000 + 1.2) }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('2');
  });

  it('overrides a Retry-After the server also sent: the spec names x-ratelimit-reset', async () => {
    const response = await route.handle(
      'http://localhost:4100/segment/v1/b',
      undefined,
      answer(429, { 'x-ratelimit-reset': '7', 'retry-after': '1' }),
    );
    expect(response.headers.get('Retry-After')).toBe('7');
  });

  it('leaves other answers, and a 429 without the header, as they are', async () => {
    expect((await route.handle('u', undefined, answer(200))).headers.get('Retry-After')).toBeNull();
    expect((await route.handle('u', undefined, answer(429))).headers.get('Retry-After')).toBeNull();
  });
});

describe('the Amplitude rate-limit route (spec §8; the SDK alone waits 30 s whatever the header says)', () => {
  const URL_ = 'http://localhost:4100/amplitude/2/httpapi';
  const THROTTLED = {
    code: 429,
    error: 'Too many requests',
    throttled_events: [0, 1],
    exceeded_daily_quota_devices: { d1: 1 },
  };
  const answer =
    (status: number, headers: Record<string, string> = {}, body: string = JSON.stringify(THROTTLED)): Fetch =>
    async () =>
      new Response(body, { status, headers });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  /** Whether the route's answer is out after `ms` of fake time. */
  async function settledAfter(promise: Promise<Response>, ms: number): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('holds a 429 until one flush interval before the reset, so the SDK retries at the reset', async () => {
    const route = amplitudeRateLimitRoute(URL_, 1000);
    const pending = route.handle(URL_, undefined, answer(429, { 'x-ratelimit-reset': '5' }));
    expect(await settledAfter(pending, 3999)).toBe(false);
    expect(await settledAfter(pending, 1)).toBe(true);
  });

  it('reads a Unix reset time from the current clock', async () => {
    const route = amplitudeRateLimitRoute(URL_, 1000);
    const pending = route.handle(URL_, undefined, answer(429, { 'x-ratelimit-reset': String(NOW / 1000 + 3) }));
    expect(await settledAfter(pending, 1999)).toBe(false);
    expect(await settledAfter(pending, 1)).toBe(true);
  });

  it('empties throttled_events so the SDK does not add its 30 s, and keeps the rest of the answer', async () => {
    const route = amplitudeRateLimitRoute(URL_, 1000);
    const pending = route.handle(URL_, undefined, answer(429, { 'x-ratelimit-reset': '1' }));
    await vi.advanceTimersByTimeAsync(0);
    const response = await pending;
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ ...THROTTLED, throttled_events: [] });
  });

  it.each([
    ['a 429 without a readable header', answer(429), JSON.stringify(THROTTLED)],
    ['another status', answer(200, { 'x-ratelimit-reset': '5' }), JSON.stringify(THROTTLED)],
    ['a body that is not JSON', answer(429, { 'x-ratelimit-reset': '5' }, 'busy'), 'busy'],
  ])('leaves %s as it is, at once', async (_case, upstream, body) => {
    const pending = amplitudeRateLimitRoute(URL_, 1000).handle(URL_, undefined, upstream);
    expect(await settledAfter(pending, 0)).toBe(true);
    expect(await (await pending).text()).toBe(body);
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

  it('once a vendor is stopped (consent withdrawn), answers its requests on the page as delivered, and lets the rest through', async () => {
    const original = vi.fn<Fetch>(async () => new Response('original'));
    const handle = vi.fn(async () => new Response('routed'));
    const scope = { fetch: original };
    installFetchRoute({ prefix: 'https://api.segment.io/v1/', handle }, scope);
    stopFetches(['https://api.segment.io/v1/', 'https://browser-intake-'], scope);
    const answers = await Promise.all(
      ['https://api.segment.io/v1/b', 'https://browser-intake-datadoghq.eu/api/v2/rum'].map((url) =>
        scope.fetch(url, { method: 'POST', keepalive: true }),
      ),
    );
    expect(
      await Promise.all(
        answers.map(async (answer) => [answer.status, answer.headers.get('content-type'), await answer.json()]),
      ),
    ).toEqual([
      [200, 'application/json', { code: 200 }],
      [200, 'application/json', { code: 200 }],
    ]);
    expect(handle).not.toHaveBeenCalled();
    expect(original).not.toHaveBeenCalled();
    expect(await (await scope.fetch('https://example.org/')).text()).toBe('original');
  });

  it('stops beacons to each stopped vendor too, wrapping sendBeacon once, and sends the rest', () => {
    const beaconed: string[] = [];
    const navigator = { sendBeacon: (url: string | URL, _data?: BodyInit | null) => beaconed.push(String(url)) > 0 };
    const scope = { fetch: vi.fn<Fetch>(), navigator };
    stopFetches(['https://browser-intake-'], scope);
    const wrapped = navigator.sendBeacon;
    stopFetches(['http://localhost:4100/datadog'], scope);
    expect(navigator.sendBeacon).toBe(wrapped);
    expect(navigator.sendBeacon('https://browser-intake-datadoghq.com/api/v2/rum?_dd.api=beacon', 'x')).toBe(true);
    expect(navigator.sendBeacon('http://localhost:4100/datadog?ddforward=x', 'x')).toBe(true);
    expect(navigator.sendBeacon('https://example.org/ping', 'x')).toBe(true);
    expect(beaconed).toEqual(['https://example.org/ping']);
  });

  it('a request goes to the first route that takes it: the earliest added, unless one is put first', async () => {
    const scope = { fetch: vi.fn<Fetch>(async () => new Response('original')) };
    installFetchRoute({ prefix: 'https://a/', handle: async () => new Response('earlier') }, scope);
    installFetchRoute({ prefix: 'https://a/b', handle: async () => new Response('later') }, scope);
    expect(await (await scope.fetch('https://a/b/x')).text()).toBe('earlier');
    installFetchRoute({ prefix: 'https://a/b', handle: async () => new Response('first') }, scope, { first: true });
    expect(await (await scope.fetch('https://a/b/x')).text()).toBe('first');
  });
});
