// The storage spots near the place are in the server-rendered page (getStaticProps),
// exactly as the API sent them; a failing API gives the page its quiet error state, never a failure.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appLogger } from '@/base/logger';
import { storageSpotsFor } from '@/landing/storage/server';
import { FAILING_LAT, spotsNear, startGraphqlServer, type GraphqlServer } from '../e2e/support/graphqlServer';

let api: GraphqlServer;
beforeAll(async () => {
  api = await startGraphqlServer(0);
});
afterAll(() => api.close());

describe('storageSpotsFor', () => {
  it('returns the spots the API sent for the place, and asks once per place within a minute', async () => {
    const place = { slug: 'kings-cross-station', lat: 51.5308, lng: -0.1238 };
    const before = api.calls.length;
    const state = await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 1_000_000 });
    expect(state).toEqual({ status: 'ok', spots: spotsNear(place.lat, place.lng, 2, 6) });
    await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 1_030_000 });
    expect(api.calls.length - before).toBe(1);
    await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 1_061_000 });
    expect(api.calls.length - before).toBe(2);
  });

  it('asks once per locale: a page’s free text comes in its language', async () => {
    const place = { slug: 'kyoto-station-locales', lat: 34.9858, lng: 135.7588 };
    const before = api.calls.length;
    const english = await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 4_000_000 });
    const japanese = await storageSpotsFor(api.url, place, { locale: 'ja-JP', now: 4_001_000 });
    await storageSpotsFor(api.url, place, { locale: 'ja-JP', now: 4_002_000 });
    expect(api.calls.slice(before).map((call) => call.acceptLanguage)).toEqual(['en-GB, en;q=0.9', 'ja-JP, ja;q=0.9']);
    expect(english.status === 'ok' && english.spots[1]?.openingHours).toBe('24 hours');
    expect(japanese.status === 'ok' && japanese.spots[1]?.openingHours).toBe('24時間');
  });

  it('asks again at once for an on-demand revalidation (fresh), whose reason is changed data', async () => {
    const place = { slug: 'kyoto-station', lat: 34.9858, lng: 135.7588 };
    await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 3_000_000 });
    const before = api.calls.length;
    api.setEdition('changed');
    const state = await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 3_001_000, fresh: true });
    api.setEdition('');
    expect(api.calls.length - before).toBe(1);
    expect(state.status === 'ok' && state.spots[0]?.name).toMatch(/· changed$/);
    // The fresh answer is the one the next minute's pages share.
    await storageSpotsFor(api.url, place, { locale: 'en-GB', now: 3_002_000 });
    expect(api.calls.length - before).toBe(1);
  });

  it('gives the error state and logs once per place a minute when the API fails, in every language', async () => {
    const warn = vi.spyOn(appLogger, 'warn').mockImplementation(() => {});
    const prague = { slug: 'prague', lat: FAILING_LAT, lng: 14.4378 };
    const state = await storageSpotsFor(api.url, prague, { locale: 'cs-CZ', now: 2_000_000 });
    expect(state).toEqual({ status: 'error' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^\[storage\] spots near prague could not be loaded/);
    // Its other languages in the same minute: the same error state, no more lines.
    for (const [locale, now] of [
      ['en-CZ', 2_010_000],
      ['de-CZ', 2_059_000],
    ] as const)
      expect(await storageSpotsFor(api.url, prague, { locale, now })).toEqual({ status: 'error' });
    expect(warn).toHaveBeenCalledTimes(1);
    await storageSpotsFor(api.url, prague, { locale: 'ja-JP', now: 2_060_000 });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
