// The page-referrer cookie (spec §9: 31,536,000,000 ms), src/analytics/pageReferrer.ts: the other
// site's domain only, rewritten on each arrival from elsewhere, kept across pages of this host.
import {
  PAGE_REFERRER_COOKIE_MS,
  PAGE_REFERRER_KEY,
  recordPageReferrer,
  type ExpiringCookieJar,
} from '@/analytics/pageReferrer';

function jar(initial: Record<string, string> = {}) {
  const values = { ...initial };
  const writes: { name: string; value: string; expires: Date }[] = [];
  const cookies: ExpiringCookieJar = {
    get: (name) => values[name],
    set: (name, value, expires) => {
      values[name] = value;
      writes.push({ name, value, expires });
    },
  };
  return { cookies, writes };
}

const NOW = Date.UTC(2026, 10, 25, 12);

describe('recordPageReferrer (spec §9)', () => {
  it('keeps the spec lifetime to the millisecond', () => {
    expect(PAGE_REFERRER_COOKIE_MS).toBe(31_536_000_000);
  });

  it('on arrival from another site writes its domain only, expiring after the spec lifetime', () => {
    const { cookies, writes } = jar();
    expect(recordPageReferrer('https://www.google.com/search?q=my+name', 'prague.bagberth.com', cookies, NOW)).toBe(
      'www.google.com',
    );
    expect(writes).toEqual([
      { name: PAGE_REFERRER_KEY, value: 'www.google.com', expires: new Date(NOW + 31_536_000_000) },
    ]);
  });

  it('replaces an earlier site with the one that sent the visitor last', () => {
    const { cookies } = jar({ [PAGE_REFERRER_KEY]: 'www.google.com' });
    expect(recordPageReferrer('https://t.co/x', 'prague.bagberth.com', cookies, NOW)).toBe('t.co');
  });

  it.each([
    ['a page of this host', 'https://prague.bagberth.com/de'],
    ['no referrer', ''],
    ['a referrer that is not a URL', 'not a url'],
  ])('after %s keeps what was recorded and writes nothing', (_case, referrer) => {
    const { cookies, writes } = jar({ [PAGE_REFERRER_KEY]: 'www.google.com' });
    expect(recordPageReferrer(referrer, 'prague.bagberth.com', cookies, NOW)).toBe('www.google.com');
    expect(writes).toEqual([]);
  });
});
