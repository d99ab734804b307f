// Spec §2 (alias hosts share a slug; a city and its POIs), §3 (locale entry distanceSystem; place facts): "Also near here".
import { distanceKm } from '@/base/greatCircle';
import { formatDistance } from '@/content/distance';
import { regionalFormat } from '@/i18n/regionalLocale';
import {
  DEFAULT_NEARBY_RADIUS_KM,
  createNearbyFinder,
  nearbyPlaces,
  pageNeighbours,
  poisInCity,
} from '@/content/nearby';
import { groupTenantPages } from '@/tenancy/tenantPages';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import type { DomainEntry } from '@/tenancy/types';

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(343.6, 0); // London–Paris
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
    expect(distanceKm(PLACES.london!, PLACES.london!)).toBe(0);
  });

  it('is symmetric', () => {
    const [a, b] = [PLACES['kings-cross-station']!, PLACES['heathrow-airport']!];
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
  });
});

describe('formatDistance', () => {
  it('rounds to one decimal in the host country’s system', () => {
    expect(formatDistance(1.96, regionalFormat('en', 'US'))).toBe('1.2\u00a0mi');
    expect(formatDistance(24, regionalFormat('en', 'US'))).toBe('14.9\u00a0mi');
    expect(formatDistance(1.94, regionalFormat('ja', 'JP'))).toBe('1.9\u00a0km');
  });

  it('never shows two places as no distance apart', () => {
    expect(formatDistance(0.01, regionalFormat('en', 'US'))).toBe('0.1\u00a0mi');
    expect(formatDistance(0.01, regionalFormat('fr', 'FR'))).toMatch(/^0,1\s?km$/u);
  });
});

describe('nearbyPlaces on the tenant map', () => {
  const londonPoisWithin5Km = [
    'st-pancras-international',
    'british-museum',
    'camden-market',
    'covent-garden',
    'london-eye',
    'waterloo-station',
    'liverpool-street-station',
    'london-bridge-station',
    'paddington-station',
    'tower-of-london',
    'victoria-station',
  ];

  it('lists other London POIs around King’s Cross, nearest first, never itself', () => {
    const nearby = nearbyPlaces('kings-cross-station', { limit: 50 });
    expect(nearby.map((place) => place.slug)).toEqual(londonPoisWithin5Km);
    const distances = nearby.map((place) => place.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((km) => km > 0 && km <= DEFAULT_NEARBY_RADIUS_KM)).toBe(true);
    expect(nearby[0]).toMatchObject({
      slug: 'st-pancras-international',
      type: 'poi',
      kind: 'station',
      host: 'stpancras-bagberth.co.uk',
    });
    expect(nearby[0]!.distanceKm).toBeCloseTo(0.26, 1);
  });

  it('keeps Heathrow (about 24 km) and Gatwick (about 45 km) out of the default radius, and lets a wider one in', () => {
    expect(nearbyPlaces('kings-cross-station', { limit: 50 }).map((place) => place.slug)).not.toContain(
      'heathrow-airport',
    );
    expect(nearbyPlaces('kings-cross-station', { limit: 50 }).map((place) => place.slug)).not.toContain(
      'gatwick-airport',
    );
    expect(nearbyPlaces('kings-cross-station', { limit: 50, radiusKm: 60 }).map((place) => place.slug)).toContain(
      'gatwick-airport',
    );
    expect(nearbyPlaces('kings-cross-station', { radiusKm: 1 }).map((place) => place.slug)).toEqual([
      'st-pancras-international',
    ]);
  });

  it('returns six by default', () => {
    expect(nearbyPlaces('kings-cross-station').map((place) => place.slug)).toEqual(londonPoisWithin5Km.slice(0, 6));
  });

  it('links each place on its canonical host, never an alias', () => {
    const kingsCross = nearbyPlaces('st-pancras-international', { limit: 50 }).find(
      (place) => place.slug === 'kings-cross-station',
    );
    expect(kingsCross).toMatchObject({
      host: 'kingscross-bagberth.co.uk',
      href: 'https://kingscross-bagberth.co.uk/',
      hrefLang: 'en',
    });
  });

  it('links in the reader’s locale when the place offers it, else in English, with names in the reader’s language', () => {
    const nearby = nearbyPlaces('kings-cross-station', { limit: 50, radiusKm: 30, locale: 'ja' });
    for (const place of nearby) {
      const offersJapanese = DOMAIN_ENTRIES.some(
        (entry) => entry.domain === place.host && entry.locales.includes('ja'),
      );
      expect(place.hrefLang, place.slug).toBe(offersJapanese ? 'ja' : 'en');
      expect(place.href, place.slug).toBe(offersJapanese ? `https://${place.host}/ja` : `https://${place.host}/`);
      expect(place.name, place.slug).toBe(PLACES[place.slug]!.name.ja ?? PLACES[place.slug]!.name.en);
    }
    expect(nearby.some((place) => place.hrefLang === 'ja')).toBe(true);
  });

  it('leaves out the other type of the same slug (Venice)', () => {
    const both = nearbyPlaces('venice', { types: ['poi', 'city'], limit: 50 });
    expect(both.map((place) => place.slug)).not.toContain('venice');
    expect(both.length).toBeGreaterThan(0);
  });

  it('lists POIs only unless asked for cities', () => {
    expect(nearbyPlaces('kings-cross-station', { limit: 50 }).every((place) => place.type === 'poi')).toBe(true);
    expect(nearbyPlaces('kings-cross-station', { limit: 50, types: ['city'] }).map((place) => place.slug)).toEqual([
      'london',
    ]);
  });

  it('knows nothing near an unknown slug', () => {
    expect(nearbyPlaces('atlantis')).toEqual([]);
  });

  it('formats km in Japan and miles in Britain', () => {
    const [kyotoNeighbour] = nearbyPlaces('kyoto-station', { locale: 'ja' });
    expect(formatDistance(kyotoNeighbour!.distanceKm, regionalFormat('ja', 'JP'))).toMatch(/^\d+(\.\d)?\u00a0km$/);
    const [kingsCrossNeighbour] = nearbyPlaces('kings-cross-station');
    expect(formatDistance(kingsCrossNeighbour!.distanceKm, regionalFormat('en', 'GB'))).toBe('0.2\u00a0mi');
  });
});

describe('pageNeighbours: what a landing page lists', () => {
  const pages = groupTenantPages(DOMAIN_ENTRIES);

  it('calls nothing near that is more than 10 km away, on any page of the map', () => {
    for (const page of pages) {
      const { heading, places } = pageNeighbours(page.slug, page.type);
      if (heading !== 'near') continue;
      for (const place of places)
        expect(place.distanceKm, `${page.path} → ${place.slug}`).toBeLessThanOrEqual(DEFAULT_NEARBY_RADIUS_KM);
    }
    expect(DEFAULT_NEARBY_RADIUS_KM).toBeLessThanOrEqual(10);
  });

  it('sends an airport’s traveller into its city: the city page first, then its stations, never "near"', () => {
    const heathrow = pageNeighbours('heathrow-airport', 'poi');
    expect(heathrow.heading).toBe('intoCity');
    expect(heathrow.places[0]).toMatchObject({ slug: 'london', type: 'city' });
    const rest = heathrow.places.slice(1);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((place) => PLACES[place.slug]!.kind === 'station' && PLACES[place.slug]!.city === 'london')).toBe(
      true,
    );
    expect(rest.map((place) => place.slug)).not.toContain('london-eye');
    expect(rest.map((place) => place.distanceKm)).toEqual(rest.map((place) => place.distanceKm).sort((a, b) => a - b));
  });

  it('lists a station’s walkable neighbours and a city’s own places', () => {
    expect(pageNeighbours('kings-cross-station', 'poi')).toMatchObject({
      heading: 'near',
      places: londonPoisWithin5KmFirstSix(),
    });
    const london = pageNeighbours('london', 'city');
    expect(london.heading).toBe('inCity');
    expect(london.places.every((place) => PLACES[place.slug]!.city === 'london')).toBe(true);
  });

  it('treats an airport with no city page like any other place: only what is near', () => {
    const places = { ...PLACES, 'heathrow-airport': { ...PLACES['heathrow-airport']!, city: null } };
    expect(createNearbyFinder(DOMAIN_ENTRIES, places).pageNeighbours('heathrow-airport', 'poi')).toEqual({
      heading: 'near',
      places: [],
    });
  });

  it('lists nothing rather than something far away', () => {
    expect(pageNeighbours('interlaken-ost-station', 'poi')).toEqual({ heading: 'near', places: [] });
  });
});

function londonPoisWithin5KmFirstSix() {
  return [
    'st-pancras-international',
    'british-museum',
    'camden-market',
    'covent-garden',
    'london-eye',
    'waterloo-station',
  ].map((slug) => expect.objectContaining({ slug }));
}

describe('poisInCity', () => {
  it('lists every POI whose parent city is London, nearest the centre first', () => {
    const pois = poisInCity('london');
    const expected = Object.entries(PLACES)
      .filter(([, place]) => place.city === 'london')
      .map(([slug]) => slug);
    expect(pois.map((place) => place.slug).sort()).toEqual(expected.sort());
    expect(pois).toHaveLength(14);
    const distances = pois.map((place) => place.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(pois.map((place) => place.slug)).toContain('gatwick-airport'); // in the city's list however far out
  });

  it('honours a limit, and knows no POIs of an unknown city', () => {
    expect(poisInCity('london', { limit: 3 })).toHaveLength(3);
    expect(poisInCity('atlantis')).toEqual([]);
  });
});

describe('createNearbyFinder', () => {
  it('follows a "canonical": true override in the map it is given', () => {
    const entries: (DomainEntry & { canonical?: boolean })[] = DOMAIN_ENTRIES.map((entry) =>
      entry.domain === 'kingscross-bagberth.com' ? { ...entry, canonical: true } : entry,
    );
    const kingsCross = createNearbyFinder(entries, PLACES)
      .nearbyPlaces('st-pancras-international')
      .find((place) => place.slug === 'kings-cross-station');
    expect(kingsCross?.host).toBe('kingscross-bagberth.com');
  });
});
