// Storage-spot cards formatted on the server (issue 44 item 2): getStaticProps writes every number a
// card shows in the page's regional format (spec §3: money, distances in the host country's system),
// so the browser hydrates the cards without building an Intl object. The page props carry those
// strings and a fingerprint of the API's list, not the raw numbers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { regionalFormat } from '@/i18n/regionalLocale';
import { spotCard, spotsFingerprint, storageSpotsSection } from '@/landing/storage/spotCards';
import type { StorageSpot } from '@/landing/storage/storageQuery';
import type { landingStaticProps as LandingStaticProps } from '@/landing/staticProps';
import type { LandingPageProps } from '@/landing/types';
import { startGraphqlServer, type GraphqlServer } from '../e2e/support/graphqlServer';

const SPOT: StorageSpot = {
  id: 'spot-1',
  name: 'Kiosk by the east exit',
  distanceKm: 1.94,
  rating: 4,
  openingHours: '08:00–22:00',
  price: { amount: 800, currency: 'JPY' },
};

describe('spotCard', () => {
  it('writes yen and won with the unit word Japanese, Korean and Chinese readers use', () => {
    expect(spotCard(SPOT, regionalFormat('ja', 'JP')).price).toBe('800円');
    expect(spotCard({ ...SPOT, price: { amount: 8000, currency: 'KRW' } }, regionalFormat('ko', 'KR')).price).toBe(
      '8,000원',
    );
    expect(spotCard(SPOT, regionalFormat('zh', 'JP')).price).toBe('800日元');
    // Other currencies keep Intl's sign, whole amounts without decimals.
    expect(spotCard({ ...SPOT, price: { amount: 5, currency: 'GBP' } }, regionalFormat('en', 'GB')).price).toBe('£5');
    expect(spotCard({ ...SPOT, price: { amount: 6.5, currency: 'EUR' } }, regionalFormat('de', 'DE')).price).toBe(
      '6,50\u00a0€',
    );
  });

  it('gives the distance in miles in GB and the US, in kilometres elsewhere', () => {
    expect(spotCard(SPOT, regionalFormat('en', 'GB')).distance).toBe('1.2\u00a0mi');
    expect(spotCard(SPOT, regionalFormat('en', 'US')).distance).toBe('1.2\u00a0mi');
    expect(spotCard(SPOT, regionalFormat('ja', 'GB')).distance).toBe('1.2マイル');
    expect(spotCard(SPOT, regionalFormat('en', 'IE')).distance).toBe('1.9\u00a0km');
    expect(spotCard(SPOT, regionalFormat('de', 'DE')).distance).toBe('1,9\u00a0km');
    expect(spotCard(SPOT, regionalFormat('ja', 'JP')).distance).toBe('1.9\u00a0km');
  });

  it('gives the rating to one decimal in the locale’s digits', () => {
    expect(spotCard(SPOT, regionalFormat('en', 'GB')).rating).toBe('4.0');
    expect(spotCard({ ...SPOT, rating: 4.75 }, regionalFormat('en', 'GB')).rating).toBe('4.8');
    expect(spotCard({ ...SPOT, rating: 4.5 }, regionalFormat('de', 'DE')).rating).toBe('4,5');
  });

  it('leaves out what the API left out', () => {
    expect(spotCard({ ...SPOT, rating: null, openingHours: null, price: null }, regionalFormat('en', 'GB'))).toEqual({
      id: 'spot-1',
      name: 'Kiosk by the east exit',
      distance: '1.2\u00a0mi',
      rating: null,
      openingHours: null,
      price: null,
    });
  });
});

describe('storageSpotsSection', () => {
  it('keeps the error state, and fingerprints the list the cards were made from', () => {
    const format = regionalFormat('en', 'GB');
    expect(storageSpotsSection({ status: 'error' }, format)).toEqual({ status: 'error' });
    const section = storageSpotsSection({ status: 'ok', spots: [SPOT] }, format);
    expect(section).toEqual({ status: 'ok', cards: [spotCard(SPOT, format)], fingerprint: spotsFingerprint([SPOT]) });
    // Equal lists, equal fingerprints; any change of a value the cards show, another one.
    expect(spotsFingerprint([{ ...SPOT }])).toBe(spotsFingerprint([SPOT]));
    for (const changed of [
      { ...SPOT, distanceKm: 1.95 },
      { ...SPOT, rating: 4.1 },
      { ...SPOT, price: { amount: 900, currency: 'JPY' } },
      { ...SPOT, name: 'Kiosk' },
    ])
      expect(spotsFingerprint([changed])).not.toBe(spotsFingerprint([SPOT]));
    expect(spotsFingerprint([])).not.toBe(spotsFingerprint([SPOT]));
  });
});

describe('a landing page’s props with live spots', () => {
  let api: GraphqlServer;
  let landingStaticProps: typeof LandingStaticProps;

  beforeAll(async () => {
    api = await startGraphqlServer(0);
    // Read when src/landing/server.ts loads, as the server reads it at start.
    vi.stubEnv('GRAPHQL_URL', api.url);
    vi.resetModules();
    ({ landingStaticProps } = await import('@/landing/staticProps'));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api.close();
  });

  const propsOf = async (slug: string, locale: string) => {
    const result = await landingStaticProps({ params: { slug, type: 'poi' }, locale });
    if (!('props' in result)) throw new Error(`no page for ${slug} in ${locale}`);
    return result.props as LandingPageProps;
  };

  it('carry the cards written on the server, in the page’s format, and none of the raw numbers', async () => {
    const kingsCross = await propsOf('kings-cross-station', 'en');
    expect(kingsCross.storageSpots?.status).toBe('ok');
    if (kingsCross.storageSpots?.status !== 'ok') return;
    expect(kingsCross.storageSpots.cards[0]).toEqual({
      id: expect.any(String),
      name: 'Spot A near 51.531,-0.124',
      distance: '0.2\u00a0mi',
      rating: '4.8',
      openingHours: '08:00–22:00',
      price: '£5',
    });
    // Asked in the page's regional locale, as the browser's refresh asks (LiveStorageSpots.tsx).
    expect(api.calls.at(-1)?.acceptLanguage).toBe('en-GB, en;q=0.9');
    const json = JSON.stringify(kingsCross.storageSpots);
    expect(json).not.toMatch(/distanceKm|amount|currency/);

    const cornavin = await propsOf('geneva-train-station', 'de');
    expect(cornavin.storageSpots?.status === 'ok' && cornavin.storageSpots.cards[1]).toMatchObject({
      distance: '0.9\u00a0km',
      rating: '4.5',
      openingHours: 'rund um die Uhr',
      // Swiss German writes the code, not the sign (CLDR de-CH), with its own decimal point.
      price: 'CHF\u00a09.10',
    });
    expect(api.calls.at(-1)?.acceptLanguage).toBe('de-CH, de;q=0.9');
  });
});
