// Spec §1 (branded place sites), §2 (city and POI landing routes) and §3 (place facts): schema.org JSON-LD.
import { breadcrumbTrail } from '@/seo/breadcrumbs';
import { breadcrumbListJsonLd, faqPageJsonLd, organizationJsonLd, placeJsonLd } from '@/seo/jsonLd';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const map = { entries: DOMAIN_ENTRIES, places: PLACES };
const home = { name: 'Bagberth', url: 'https://bagberth.example/' };

describe('placeJsonLd', () => {
  it('is a Place with geo coordinates and its country', () => {
    expect(
      placeJsonLd({
        name: '京都駅',
        url: 'https://kyotostation-bagberth.jp/ja',
        lat: 34.9858,
        lng: 135.7588,
        country: 'JP',
        image: 'https://img.example/kyoto.jpg',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Place',
      name: '京都駅',
      url: 'https://kyotostation-bagberth.jp/ja',
      image: 'https://img.example/kyoto.jpg',
      geo: { '@type': 'GeoCoordinates', latitude: 34.9858, longitude: 135.7588 },
      address: { '@type': 'PostalAddress', addressCountry: 'JP' },
    });
  });

  it('leaves out an image it was not given', () => {
    expect(placeJsonLd({ name: 'Prague', url: 'https://p.cz/', lat: 50, lng: 14, country: 'CZ' })).not.toHaveProperty(
      'image',
    );
  });
});

describe('breadcrumbs', () => {
  it('runs home → city → place for a POI inside a city with a page, in the reader’s language', () => {
    expect(breadcrumbTrail({ slug: 'kings-cross-station', type: 'poi' }, 'de', home, map)).toEqual([
      home,
      { name: 'London', url: 'https://london-bagberth.co.uk/de' },
      { name: "Bahnhof King's Cross", url: 'https://kingscross-bagberth.co.uk/de' },
    ]);
  });

  it('links a page that lacks the reader’s locale in English, on its canonical host, named in the reader’s language', () => {
    const smallMap = {
      entries: [
        { domain: 'london-test.co.uk', path: '/london/city', locales: ['en' as const] },
        { domain: 'kx-test.co.uk', path: '/kings-cross-station/poi', locales: ['en' as const, 'ja' as const] },
        {
          domain: 'kx-alias.com',
          path: '/kings-cross-station/poi',
          locales: ['en' as const, 'ja' as const],
          canonical: true,
        },
      ],
      places: { london: PLACES.london!, 'kings-cross-station': PLACES['kings-cross-station']! },
    };
    expect(breadcrumbTrail({ slug: 'kings-cross-station', type: 'poi' }, 'ja', home, smallMap, 'http')).toEqual([
      home,
      { name: 'ロンドン', url: 'http://london-test.co.uk/' },
      { name: 'キングス・クロス駅', url: 'http://kx-alias.com/ja' },
    ]);
  });

  it('runs home → place for a city page and for a POI without a parent city', () => {
    expect(breadcrumbTrail({ slug: 'london', type: 'city' }, 'en', home, map)).toEqual([
      home,
      { name: 'London', url: 'https://london-bagberth.co.uk/' },
    ]);
    const venicePoi = breadcrumbTrail({ slug: 'venice', type: 'poi' }, 'en', home, map);
    expect(venicePoi).toHaveLength(2);
    expect(venicePoi[1]?.url).toBe(`https://${DOMAIN_ENTRIES.find((entry) => entry.path === '/venice/poi')!.domain}/`);
  });

  it('becomes a BreadcrumbList counting from 1', () => {
    expect(breadcrumbListJsonLd([home, { name: 'London', url: 'https://london-bagberth.co.uk/' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Bagberth', item: 'https://bagberth.example/' },
        { '@type': 'ListItem', position: 2, name: 'London', item: 'https://london-bagberth.co.uk/' },
      ],
    });
  });
});

describe('organizationJsonLd', () => {
  it('names Bagberth unless told otherwise', () => {
    expect(organizationJsonLd({ url: 'https://bagberth.example/' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Bagberth',
      url: 'https://bagberth.example/',
    });
    expect(organizationJsonLd({ url: 'https://b.example/', logo: 'https://b.example/logo.png' }).logo).toBe(
      'https://b.example/logo.png',
    );
  });
});

describe('faqPageJsonLd', () => {
  it('turns each entry into a Question with its accepted Answer', () => {
    expect(faqPageJsonLd([{ question: 'Is there a size limit?', answer: 'No, any bag up to 30 kg.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is there a size limit?',
          acceptedAnswer: { '@type': 'Answer', text: 'No, any bag up to 30 kg.' },
        },
      ],
    });
  });
});
