// Spec §3 (anonymous identity, product session, device context, page context), §4 (session
// rules), §7 call 1 (bot detection), §8 (storage falls back to memory with a warning), §9.
import { syncAnonymousId, type CookieJar } from '@/analytics/anonymousId';
import { detectBot, resetBotDetection } from '@/base/botDetection';
import { ANONYMOUS_ID_KEY, SESSION_ID_KEY, SESSION_LAST_ACCESS_KEY } from '@/analytics/constants';
import { deviceContext, screenTypeFor } from '@/analytics/deviceContext';
import { buildPageContext, enrichmentProperties } from '@/analytics/pageContext';
import { touchProductSession } from '@/analytics/productSession';
import { createSafeStorage, type KeyValueStorage } from '@/analytics/safeStorage';

class FakeStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

class FakeCookies implements CookieJar {
  readonly data = new Map<string, string>();
  get = (name: string) => this.data.get(name);
  set = (name: string, value: string) => void this.data.set(name, value);
}

const ID_A = '3f1c1f6e-0a4c-4d43-9a7e-1d2b3c4d5e6f';
const ID_B = '9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('anonymous id (spec §3, §4)', () => {
  it('creates a uuid v4 for a new visitor and keeps it in storage and cookie', () => {
    const storage = new FakeStorage();
    const cookies = new FakeCookies();
    const result = syncAnonymousId(storage, cookies);
    expect(result.anonymousId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.previousId).toBeUndefined();
    expect(storage.getItem(ANONYMOUS_ID_KEY)).toBe(result.anonymousId);
    expect(cookies.get(ANONYMOUS_ID_KEY)).toBe(result.anonymousId);
  });

  it('keeps a stored id and writes the cookie', () => {
    const storage = new FakeStorage();
    storage.setItem(ANONYMOUS_ID_KEY, ID_A);
    const cookies = new FakeCookies();
    expect(syncAnonymousId(storage, cookies)).toEqual({ anonymousId: ID_A });
    expect(cookies.get(ANONYMOUS_ID_KEY)).toBe(ID_A);
  });

  it('syncs from the cookie, reporting the change', () => {
    const storage = new FakeStorage();
    storage.setItem(ANONYMOUS_ID_KEY, ID_A);
    const cookies = new FakeCookies();
    cookies.set(ANONYMOUS_ID_KEY, ID_B);
    expect(syncAnonymousId(storage, cookies)).toEqual({ anonymousId: ID_B, previousId: ID_A });
    expect(storage.getItem(ANONYMOUS_ID_KEY)).toBe(ID_B);
  });

  it('ignores a cookie that is not a uuid', () => {
    const storage = new FakeStorage();
    storage.setItem(ANONYMOUS_ID_KEY, ID_A);
    const cookies = new FakeCookies();
    cookies.set(ANONYMOUS_ID_KEY, '<script>');
    expect(syncAnonymousId(storage, cookies)).toEqual({ anonymousId: ID_A });
    expect(cookies.get(ANONYMOUS_ID_KEY)).toBe(ID_A);
  });
});

describe('product session (spec §4, §9: 30 minutes)', () => {
  const MINUTE = 60_000;
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('starts a session when none is stored; the id is its start time', () => {
    const storage = new FakeStorage();
    expect(touchProductSession(storage, Date.now())).toEqual({ sessionId: Date.now(), isNew: true });
    expect(storage.getItem(SESSION_ID_KEY)).toBe(String(Date.now()));
  });

  it('keeps the session and refreshes last access within 30 minutes', () => {
    const storage = new FakeStorage();
    const start = Date.now();
    touchProductSession(storage, start);
    vi.advanceTimersByTime(29 * MINUTE + 59_000);
    expect(touchProductSession(storage, Date.now())).toEqual({ sessionId: start, isNew: false });
    expect(storage.getItem(SESSION_LAST_ACCESS_KEY)).toBe(String(Date.now()));
    vi.advanceTimersByTime(29 * MINUTE);
    expect(touchProductSession(storage, Date.now()).sessionId).toBe(start);
  });

  it('starts a new session when the last access is exactly 30 minutes old or more', () => {
    const storage = new FakeStorage();
    touchProductSession(storage, Date.now());
    vi.advanceTimersByTime(30 * MINUTE);
    expect(touchProductSession(storage, Date.now())).toEqual({ sessionId: Date.now(), isNew: true });
  });

  it('starts over when stored values are garbage', () => {
    const storage = new FakeStorage();
    storage.setItem(SESSION_ID_KEY, 'abc');
    storage.setItem(SESSION_LAST_ACCESS_KEY, String(Date.now()));
    expect(touchProductSession(storage, Date.now()).isNew).toBe(true);
  });
});

describe('safe storage (spec §8)', () => {
  it('falls back to memory with one warning when storage throws', () => {
    const warn = vi.fn();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const storage = createSafeStorage(() => broken, { warn });
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    storage.setItem('k2', 'v2');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('storage unavailable, keeping data in memory (QuotaExceededError)');
  });

  it('works when even reaching storage throws', () => {
    const storage = createSafeStorage(
      () => {
        throw new Error('denied');
      },
      { warn: vi.fn() },
    );
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });

  it('keeps the site working end to end: identity and session on broken storage', () => {
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const storage = createSafeStorage(() => full, { warn: vi.fn() });
    const { anonymousId } = syncAnonymousId(storage, new FakeCookies());
    expect(syncAnonymousId(storage, new FakeCookies()).anonymousId).toBe(anonymousId);
    expect(touchProductSession(storage, 1000).isNew).toBe(true);
    expect(touchProductSession(storage, 2000).isNew).toBe(false);
  });
});

describe('device context (spec §3, §9)', () => {
  it.each([
    [390, 'Mobile'],
    [767, 'Mobile'],
    [768, 'Tablet'],
    [1023, 'Tablet'],
    [1024, 'Desktop'],
    [1920, 'Desktop'],
  ] as const)('width %i is %s', (width, type) => expect(screenTypeFor(width)).toBe(type));

  it('has every field', () => {
    expect(deviceContext({ screen: { width: 390, height: 844 }, innerWidth: 380, innerHeight: 700 })).toEqual({
      app_name: 'microsites',
      screenHeight: 844,
      screenWidth: 390,
      screenType: 'Mobile',
      windowHeight: 700,
      windowWidth: 380,
    });
  });

  it.each([
    ['a narrow window on a desktop screen', 1920, 600, 'Desktop'],
    ['a wide window on a tablet screen', 800, 1100, 'Tablet'],
    ['a phone screen whatever the window', 390, 1280, 'Mobile'],
  ] as const)(
    'types the device by the screen, not the window (spec §9): %s',
    (_name, screenWidth, innerWidth, type) => {
      expect(
        deviceContext({ screen: { width: screenWidth, height: 900 }, innerWidth, innerHeight: 700 }).screenType,
      ).toBe(type);
    },
  );
});

describe('page context enrichment (spec §3, §7)', () => {
  it('carries host, mapped path and the full microsites url', () => {
    const context = buildPageContext(
      'https://sites.example.org',
      'kingscross-bagberth.co.uk',
      '/kings-cross-station/poi',
      '?utm_source=x',
      'de',
    );
    expect(enrichmentProperties(context)).toEqual({
      host: 'kingscross-bagberth.co.uk',
      path: '/kings-cross-station/poi',
      url: 'https://sites.example.org/kings-cross-station/poi?utm_source=x',
    });
    expect(enrichmentProperties(undefined)).toEqual({});
  });
});

describe('bot detection (spec §7 call 1)', () => {
  beforeEach(() => resetBotDetection());
  const human = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

  it("uses the server's answer, asked once per page load", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ isBot: true })));
    await expect(detectBot(fetchImpl, human)).resolves.toBe(true);
    await expect(detectBot(fetchImpl, human)).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/api/is-bot', expect.anything());
  });

  it.each([
    ['a failed response', async () => new Response('oops', { status: 500 })],
    [
      'a network error',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['a malformed answer', async () => new Response('{"bot":1}')],
  ])('falls back to the local check on %s', async (_name, fetchImpl) => {
    await expect(detectBot(fetchImpl, bot)).resolves.toBe(true);
    resetBotDetection();
    await expect(detectBot(fetchImpl, human)).resolves.toBe(false);
  });
});
