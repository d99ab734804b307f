// Landing content: booking link, prices, previews and grouping of alias hosts (spec §2, §3).
import { PRICE_BOOK, pricePointFor } from '@/content/pricing';
import { formatMoney } from '@/i18n/formatMoney';
import { buildBookingUrl } from '@/landing/bookingUrl';
import { landingPaths, landingProps } from '@/landing/server';
import { previewUrl } from '@/tenancy/previewUrl';
import { groupTenantPages } from '@/tenancy/tenantPages';
import { FIXTURE_ENTRIES } from './fixtures';

describe('buildBookingUrl', () => {
  const target = { slug: 'prague', type: 'city', lat: 50.0755, lng: 14.4378, locale: 'de' };

  it('searches the customer app near the place', () => {
    const url = new URL(buildBookingUrl('https://app.example.org', target));
    expect(url.origin + url.pathname).toBe('https://app.example.org/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ place: 'prague', type: 'city', lat: '50.0755', lng: '14.4378', lang: 'de' });
  });

  it('carries UTM and click ids, nothing else', () => {
    const url = new URL(buildBookingUrl('https://app.example.org', target, '?utm_source=mail&utm_medium=email&gclid=abc&token=secret&place=evil'));
    expect(url.searchParams.get('utm_source')).toBe('mail');
    expect(url.searchParams.get('utm_medium')).toBe('email');
    expect(url.searchParams.get('gclid')).toBe('abc');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.get('place')).toBe('prague');
  });
});

describe('prices', () => {
  it('format per locale without needless decimals', () => {
    expect(formatMoney(5, 'GBP', 'en')).toBe('£5');
    expect(formatMoney(5.5, 'EUR', 'en')).toBe('€5.50');
    expect(formatMoney(3000, 'EUR', 'de')).toBe('3.000\u00a0€');
  });

  it('exist for every currency the price book lists, and nothing else', () => {
    for (const currency of Object.keys(PRICE_BOOK)) expect(pricePointFor(currency).dailyFrom).toBeGreaterThan(0);
    expect(() => pricePointFor('SEK')).toThrow('No price point for currency SEK');
  });
});

describe('previewUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://prague-test.cz.localhost:3000/'],
    ['http://localhost', 'http://prague-test.cz.localhost/'],
    ['https://sites.example.org', 'https://prague-test.cz/'],
  ])('with microsites at %s → %s', (base, expected) => expect(previewUrl('prague-test.cz', base)).toBe(expected));
});

describe('groupTenantPages', () => {
  it('groups alias hosts under one page', () => {
    const pages = groupTenantPages(FIXTURE_ENTRIES);
    expect(pages.map((page) => page.path)).toEqual(['/kings-cross-station/poi', '/prague/city', '/kyoto-station/poi']);
    expect(pages[0]?.domains).toEqual(['kingscross-test.co.uk', 'kingscross-alias.com']);
  });
});

describe('landing pages from the real tenant map', () => {
  it('are generated for exactly the locales each page offers', () => {
    const paths = landingPaths();
    const kyoto = paths.filter((path) => typeof path !== 'string' && path.params.slug === 'kyoto-station').map((path) => (typeof path === 'string' ? path : path.locale));
    expect(kyoto.sort()).toEqual(['en', 'ja']);
  });

  it('carry the local name and price of the place', () => {
    expect(landingProps({ slug: 'kyoto-station', type: 'poi' }, 'ja')).toMatchObject({
      place: { name: '京都駅', kind: 'station' },
      price: { dailyFrom: '￥800' },
      locales: ['en', 'ja'],
    });
  });

  it('are absent for a locale or type the map does not allow', () => {
    expect(landingProps({ slug: 'kyoto-station', type: 'poi' }, 'de')).toBeNull();
    expect(landingProps({ slug: 'kyoto-station', type: 'city' }, 'en')).toBeNull();
    expect(landingProps({ slug: 'nowhere', type: 'poi' }, 'en')).toBeNull();
  });
});
