// Landing pages: the booking link, and the pages and props built from the real tenant map (spec §2, §3).
import { buildBookingUrl } from '@/landing/bookingUrl';
import { landingPaths, landingProps } from '@/landing/server';

describe('buildBookingUrl', () => {
  const target = { slug: 'prague', type: 'city', lat: 50.0755, lng: 14.4378, locale: 'de' };

  it('searches the customer app near the place', () => {
    const url = new URL(buildBookingUrl('https://app.example.org', target));
    expect(url.origin + url.pathname).toBe('https://app.example.org/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      place: 'prague',
      type: 'city',
      lat: '50.0755',
      lng: '14.4378',
      lang: 'de',
    });
  });

  // Issue 36 item 2: campaign parameters and click ids are measurement, forwarded only where it is allowed.
  it('carries nothing of the visit without analytics consent', () => {
    for (const allowed of [undefined, false]) {
      const url = new URL(
        buildBookingUrl(
          'https://app.example.org',
          target,
          '?utm_source=mail&gclid=abc&fbclid=def&msclkid=ghi',
          allowed,
        ),
      );
      expect(Object.fromEntries(url.searchParams)).toEqual({
        place: 'prague',
        type: 'city',
        lat: '50.0755',
        lng: '14.4378',
        lang: 'de',
      });
    }
  });

  it('carries UTM and click ids with analytics consent, nothing else', () => {
    const url = new URL(
      buildBookingUrl(
        'https://app.example.org',
        target,
        '?utm_source=mail&utm_medium=email&gclid=abc&token=secret&place=evil',
        true,
      ),
    );
    expect(url.searchParams.get('utm_source')).toBe('mail');
    expect(url.searchParams.get('utm_medium')).toBe('email');
    expect(url.searchParams.get('gclid')).toBe('abc');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.get('place')).toBe('prague');
  });
});

describe('landing pages from the real tenant map', () => {
  it('are generated for exactly the locales each page offers', () => {
    const paths = landingPaths();
    const kyoto = paths
      .filter((path) => typeof path !== 'string' && path.params.slug === 'kyoto-station')
      .map((path) => (typeof path === 'string' ? path : path.locale));
    expect(kyoto.sort()).toEqual(['en', 'ja']);
  });

  it('carry the local name and price of the place', () => {
    expect(landingProps({ slug: 'kyoto-station', type: 'poi' }, 'ja')).toMatchObject({
      place: { name: '京都駅', kind: 'station' },
      price: { dailyFrom: '800円' },
      locales: ['en', 'ja'],
    });
  });

  it('are absent for a locale or type the map does not allow', () => {
    expect(landingProps({ slug: 'kyoto-station', type: 'poi' }, 'de')).toBeNull();
    expect(landingProps({ slug: 'kyoto-station', type: 'city' }, 'en')).toBeNull();
    expect(landingProps({ slug: 'nowhere', type: 'poi' }, 'en')).toBeNull();
  });
});
