// @vitest-environment jsdom
// The microsites flow (src/analytics/startAnalytics.ts), spec §4: bots get nothing (no identity
// written); a changed anonymous id (the cookie differs from storage) updates the clients, clears
// their traits and is tracked; identify then flushes after the page view, one buffered call per task
// (issue 44 item 4). SDKs are fakes.
import type { AnalyticsEvent, Destination } from '@/analytics/types';

const STORED = '3f1c1f6e-0a4c-4d43-9a7e-1d2b3c4d5e6f';
const FROM_COOKIE = '9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const CONFIG = { segment: { writeKey: 'w' } };

async function load(isBot: boolean) {
  vi.resetModules();
  const sent: AnalyticsEvent[] = [];
  const log: string[] = [];
  const destination: Destination = {
    name: 'Fake',
    send: (event) => void sent.push(event),
    setAnonymousId: (id) => void log.push(`setAnonymousId:${id}`),
    stop: async () => undefined,
  };
  const loader = vi.fn(async () => [destination]);
  vi.doMock('@/base/botDetection', () => ({ detectBot: async () => isBot }));
  vi.doMock('@/analytics/loadDestinations', () => ({ createDestinationLoader: () => loader }));
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  const buffer = await import('@/analytics/firstLoadBuffer');
  const { startAnalytics } = await import('@/analytics/startAnalytics');
  return { sent, log, loader, buffer, startAnalytics };
}

const cookieNames = () =>
  document.cookie
    .split(';')
    .map((pair) => pair.trim().split('=')[0])
    .filter(Boolean);

beforeEach(() => {
  localStorage.clear();
  for (const name of cookieNames()) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});
/** The page as reached from another site (jsdom's own referrer is empty). */
const arriveFrom = (referrer: string) => vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);

afterEach(() => {
  vi.doUnmock('@/base/yieldToMain');
  vi.doUnmock('@/base/botDetection');
  vi.doUnmock('@/analytics/loadDestinations');
  vi.restoreAllMocks();
});

describe('startAnalytics', () => {
  it('writes no identity for a bot, loads no SDK and drops the buffer', async () => {
    arriveFrom('https://www.google.com/');
    const { sent, loader, buffer, startAnalytics } = await load(true);
    buffer.sendPageView('/[slug]/[type]', 'en');
    await startAnalytics(CONFIG, 'en');
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(loader).not.toHaveBeenCalled();
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    expect(sent).toEqual([]);
  });

  it('for a person: stores the identity, sends the page first, then the device identify', async () => {
    const { sent, buffer, startAnalytics } = await load(false);
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    buffer.sendPageView('/[slug]/[type]', 'en');
    await startAnalytics(CONFIG, 'de');
    expect(localStorage.getItem('anonymous-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookieNames()).toContain('anonymous-id');
    expect(sent.map((event) => `${event.type}:${event.name ?? ''}`)).toEqual([
      'page:Microsites',
      'identify:',
      'track:FAQ Opened',
    ]);
    expect(sent[1]?.traits).toMatchObject({ app_name: 'microsites', locale: 'de' });
  });

  it('for a person arriving from another site: records its domain (spec §9 page-referrer) and sends it as a trait', async () => {
    arriveFrom('https://www.google.com/search?q=luggage');
    const { sent, startAnalytics } = await load(false);
    await startAnalytics(CONFIG, 'en');
    expect(document.cookie).toContain('page-referrer=www.google.com');
    expect(sent.find((event) => event.type === 'identify')?.traits).toMatchObject({ page_referrer: 'www.google.com' });
  });

  it('when the cookie brings another anonymous id: the clients start with the stored one, switch, and it is tracked', async () => {
    localStorage.setItem('anonymous-id', STORED);
    document.cookie = `anonymous-id=${FROM_COOKIE}; path=/`;
    const { sent, log, loader, startAnalytics } = await load(false);
    await startAnalytics(CONFIG, 'en');
    expect(loader).toHaveBeenCalledWith(CONFIG, expect.objectContaining({ anonymousId: STORED }), expect.any(Function));
    expect(log).toEqual([`setAnonymousId:${FROM_COOKIE}`]);
    expect(sent[0]).toMatchObject({
      type: 'track',
      name: 'Anonymous ID Set',
      properties: { anonymousId: FROM_COOKIE },
    });
    expect(localStorage.getItem('anonymous-id')).toBe(FROM_COOKIE);
  });

  it('hands the buffered calls over one per task, and a call made meanwhile waits behind them', async () => {
    const yields: Array<() => void> = [];
    vi.doMock('@/base/yieldToMain', () => ({
      yieldToMain: () => new Promise<void>((resolve) => yields.push(resolve)),
    }));
    const { sent, buffer, startAnalytics } = await load(false);
    buffer.sendPageView('/[slug]/[type]', 'en');
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    const started = startAnalytics(CONFIG, 'en');
    const names = () => sent.map((event) => `${event.type}:${event.name ?? ''}`);
    await vi.waitFor(() => expect(yields).toHaveLength(1));
    expect(names()).toEqual([]);
    buffer.trackEvent('FAQ Opened', { topic: 'price', slug: 'prague' });
    yields.shift()!();
    await vi.waitFor(() => expect(yields).toHaveLength(1));
    expect(names()).toEqual(['page:Microsites']);
    for (let left = 3; left > 0; left -= 1) {
      yields.shift()!();
      await vi.waitFor(() => expect(yields.length === 1 || left === 1).toBe(true));
    }
    await started;
    expect(names()).toEqual(['page:Microsites', 'identify:', 'track:FAQ Opened', 'track:FAQ Opened']);
    expect(sent.map((event) => event.properties?.topic).slice(2)).toEqual(['hours', 'price']);
    // Handed over: a later call goes straight through.
    buffer.trackEvent('FAQ Opened', { topic: 'lockers', slug: 'prague' });
    expect(sent).toHaveLength(5);
  });

  it('does not switch ids when storage and cookie agree', async () => {
    localStorage.setItem('anonymous-id', STORED);
    document.cookie = `anonymous-id=${STORED}; path=/`;
    const { sent, log, startAnalytics } = await load(false);
    await startAnalytics(CONFIG, 'en');
    expect(log).toEqual([]);
    expect(sent.some((event) => event.name === 'Anonymous ID Set')).toBe(false);
  });
});
