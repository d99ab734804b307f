// Spec §3 (domain-mapping entry) and §9 (website locales): the marketers' tenant files.
import { readFileSync } from 'node:fs';
import { SUPPORTED_CURRENCIES } from '@/content/pricing';
import { formatProblem } from '@/tenancy/types';
import { validateTenants } from '@/tenancy/validateTenants';

const options = { currencies: ['GBP', 'EUR'] };
const readTenantFile = (name: string) => JSON.parse(readFileSync(`tenants/${name}`, 'utf8'));

const goodEntry = { domain: 'kingscross-test.co.uk', type: 'poi', slug: 'kings-cross-station', path: '/kings-cross-station/poi', locales: ['en', 'fr'] };
const goodPlace = {
  kind: 'station',
  name: { en: "King's Cross Station", fr: 'Gare de King’s Cross' },
  where: { en: "near King's Cross Station", fr: 'près de la gare de King’s Cross' },
  city: null,
  country: 'GB',
  currency: 'GBP',
  lat: 51.53,
  lng: -0.12,
  timeZone: 'Europe/London',
};
/** A city is named in every website language (the unknown-host page lists it in each). */
const LONDON_NAMES = { en: 'London', es: 'Londres', fr: 'Londres', de: 'London', it: 'Londra', pt: 'Londres', ja: 'ロンドン', ko: '런던', zh: '伦敦', ru: 'Лондон', pl: 'Londyn' };
const run = (entries: unknown[], places: Record<string, unknown> = { 'kings-cross-station': goodPlace }) =>
  validateTenants({ domains: entries }, { places }, options).map(formatProblem);

describe('the real tenant map', () => {
  it('passes validation', () => {
    const problems = validateTenants(readTenantFile('domains.json'), readTenantFile('places.json'), { currencies: SUPPORTED_CURRENCIES });
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('has about 170 hosts, about 40 of them cities, and the spec cases (§2, §9)', () => {
    const { domains } = readTenantFile('domains.json') as { domains: Array<{ domain: string; path: string; slug: string; locales: string[] }> };
    expect(domains.length).toBeGreaterThanOrEqual(160);
    expect(domains.length).toBeLessThanOrEqual(180);
    const cities = domains.filter((entry) => entry.path.endsWith('/city'));
    expect(cities.length).toBeGreaterThanOrEqual(35);
    expect(cities.length).toBeLessThanOrEqual(45);
    const paths = new Set(domains.map((entry) => entry.path));
    for (const path of ['/kings-cross-station/poi', '/prague/city', '/heathrow-airport/poi', '/venice/city', '/venice/poi']) {
      expect(paths).toContain(path);
    }
    for (const slug of ['toronto-union-station', 'sydney-cbd', 'waikiki', 'fira', 'kings-cross-station']) {
      expect(domains.filter((entry) => entry.slug === slug).length, slug).toBeGreaterThanOrEqual(2);
    }
    const localesOf = (slug: string) => domains.find((entry) => entry.slug === slug)?.locales.slice().sort();
    expect(localesOf('geneva-train-station')).toEqual(['de', 'en', 'fr', 'it']);
    expect(localesOf('kyoto-station')).toEqual(['en', 'ja']);
    expect(localesOf('shinjuku')).toEqual(['en', 'ja']);
  });
});

describe('validateTenants names the entry and the field', () => {
  it('accepts a good entry', () => expect(run([goodEntry])).toEqual([]));

  it.each([
    ['upper-case domain', { domain: 'KingsCross.co.uk' }, 'entry "KingsCross.co.uk", field "domain"'],
    ['domain with a port', { domain: 'kingscross.co.uk:80' }, 'field "domain": "kingscross.co.uk:80" is not a lower-case host name'],
    ['slug not kebab-case', { slug: 'Kings_Cross', path: '/Kings_Cross/poi' }, 'field "slug": "Kings_Cross" is not kebab-case'],
    ['unknown type', { type: 'station', path: '/kings-cross-station/station' }, 'field "type": "station" must be "poi" or "city"'],
    ['path not /slug/type', { path: '/kings-cross/poi' }, 'field "path": "/kings-cross/poi" must equal "/kings-cross-station/poi"'],
    ['locale not on the website', { locales: ['en', 'nl'] }, 'field "locales": "nl" is not one of the website locales'],
    ['repeated locale', { locales: ['en', 'fr', 'fr'] }, 'field "locales": "fr" is repeated'],
    ['missing English', { locales: ['fr'] }, 'field "locales": must include "en"'],
    ['misspelt field', { locale: ['en'] }, 'field "locale": unknown field'],
  ])('%s', (_name, change: Record<string, unknown>, message) => {
    const problems = run([{ ...goodEntry, ...change }]);
    const entry = typeof change.domain === 'string' ? change.domain : goodEntry.domain;
    expect(problems.join('\n')).toContain(`tenants/domains.json: entry "${entry}", ${message.replace(/^entry "[^"]+", /, '')}`);
  });

  it('reports a duplicate domain against the earlier entry', () => {
    expect(run([goodEntry, goodEntry])).toEqual(['tenants/domains.json: entry "kingscross-test.co.uk", field "domain": a second entry for this host: remove this one or the earlier one, #1']);
  });

  it('names an entry without a domain by its position', () => {
    const { domain: _omitted, ...rest } = goodEntry;
    expect(run([goodEntry, rest])[0]).toMatch(/^tenants\/domains\.json: entry #2, field "domain"/);
  });

  it('requires alias hosts of one page to share locales', () => {
    const alias = { ...goodEntry, domain: 'kingscross-alias.com', locales: ['en'] };
    expect(run([goodEntry, alias])).toEqual([
      'tenants/domains.json: entry "kingscross-alias.com", field "locales": must equal the locales of "kingscross-test.co.uk", which shares the page /kings-cross-station/poi',
    ]);
  });

  it('lets one alias host be canonical, not two', () => {
    const alias = { ...goodEntry, domain: 'kingscross-alias.com' };
    expect(run([goodEntry, { ...alias, canonical: true }])).toEqual([]);
    expect(run([{ ...goodEntry, canonical: true }, { ...alias, canonical: true }])).toEqual([
      'tenants/domains.json: entry "kingscross-alias.com", field "canonical": another host ("kingscross-test.co.uk") is already canonical for /kings-cross-station/poi',
    ]);
    expect(run([{ ...goodEntry, canonical: 'yes' }])).toEqual(['tenants/domains.json: entry "kingscross-test.co.uk", field "canonical": "yes" must be true or false']);
  });

  it('requires place data for every slug', () => {
    expect(run([goodEntry], {})).toEqual([
      'tenants/domains.json: entry "kingscross-test.co.uk", field "slug": no place data for "kings-cross-station" in tenants/places.json',
    ]);
  });

  it.each([
    ['a name in a served locale', { name: { en: 'KX' } }, 'entry "kings-cross-station", field "name.fr": missing'],
    ['an unpriced currency', { currency: 'SEK' }, 'field "currency": "SEK" is not a currency the site prices (GBP, EUR): use "GBP", the currency of United Kingdom (GB)'],
    ['a bad time zone', { timeZone: 'London' }, 'field "timeZone": "London" is not an IANA time zone'],
    ['a latitude out of range', { lat: 151 }, 'field "lat": 151 must be a latitude'],
    ['a parent city that does not exist', { city: 'london' }, 'field "city": "london" must be null or the slug of a city'],
    ['a kind outside the list', { kind: 'harbour' }, 'field "kind": "harbour" must be one of'],
    [
      'a "near" phrase in a served locale',
      { where: { en: "near King's Cross Station" } },
      'field "where.fr": missing: the page is served in fr; write how "near …" reads there mid-sentence, like "près de la tour Eiffel"',
    ],
    ['phrases as an object', { where: 'near KX' }, 'field "where": must be an object of phrases by locale'],
    [
      'no phrase where the name is enough (ja)',
      { where: { en: 'near KX', fr: 'près de KX', ja: 'KX周辺' } },
      'field "where.ja": is not used: phrases are written for en, es, fr, de, it, pt, ru, pl',
    ],
  ])('checks place data: %s', (_name, change, message) => {
    const problems = run([goodEntry], { 'kings-cross-station': { ...goodPlace, ...change } });
    expect(problems.join('\n')).toContain(`tenants/places.json: ${message.startsWith('entry') ? '' : 'entry "kings-cross-station", '}${message}`);
  });

  describe('checks coordinates against the country and the parent city', () => {
    const london = { ...goodPlace, kind: 'city', name: LONDON_NAMES, where: { en: 'in London', fr: 'à Londres' }, lat: 51.5074, lng: -0.1278 };
    const withLondon = [goodEntry, { ...goodEntry, domain: 'london-test.co.uk', type: 'city', slug: 'london', path: '/london/city' }];
    const KX = 'tenants/places.json: entry "kings-cross-station", field "lat, lng"';

    it.each([
      ['swapped lat and lng', { lat: -0.12, lng: 51.53 }, `${KX}: lat and lng look swapped: (lng, lat) is in United Kingdom (GB)`],
      [
        'a one-digit latitude typo (51.53 → 41.53, 1,111 km south)',
        { lat: 41.53 },
        `${KX}: (41.53, -0.12) is in Spain (ES), not in its country United Kingdom (GB); check lat, lng and country`,
      ],
      ['the wrong country', { country: 'FR' }, `${KX}: (51.53, -0.12) is in United Kingdom (GB), not in its country France (FR); check lat, lng and country`],
      ['coordinates at sea', { lat: 0, lng: 0 }, `${KX}: (0, 0) is in no country, not in its country United Kingdom (GB); check lat, lng and country`],
      ['a country code without borders', { country: 'XX' }, 'tenants/places.json: entry "kings-cross-station", field "country": "XX" must be an ISO country code like "GB"'],
      [
        'a station 59 km from its city (Reading)',
        { city: 'london', lat: 51.4584, lng: -0.9711 },
        `${KX}: 59 km from its city "london"; stations are at most 30 km from theirs: check lat, lng and city`,
      ],
      [
        'an airport 153 km from its city (Birmingham)',
        { kind: 'airport', city: 'london', lat: 52.4539, lng: -1.748 },
        `${KX}: 153 km from its city "london"; airports are at most 80 km from theirs: check lat, lng and city`,
      ],
    ])('%s', (_name, change, message) => {
      expect(run(withLondon, { london, 'kings-cross-station': { ...goodPlace, ...change } })).toEqual([message]);
    });

    it('accepts an airport as far out as a refused station (Southend, 57 km)', () => {
      expect(run(withLondon, { london, 'kings-cross-station': { ...goodPlace, kind: 'airport', city: 'london', lat: 51.5703, lng: 0.6933 } })).toEqual([]);
    });

    it('accepts a place within 1 km of its country, not one 4 km away', () => {
      // St Peter's stands in Vatican City; the storage near it is in Rome.
      expect(run([goodEntry], { 'kings-cross-station': { ...goodPlace, country: 'IT', currency: 'EUR', timeZone: 'Europe/Rome', lat: 41.9022, lng: 12.4539 } })).toEqual([]);
      expect(run([goodEntry], { 'kings-cross-station': { ...goodPlace, country: 'FR', lat: 46.2101, lng: 6.1425 } })).toEqual([
        `${KX}: (46.2101, 6.1425) is in Switzerland (CH), not in its country France (FR); check lat, lng and country`,
      ]);
    });

    it('does not measure from a city whose own coordinates are wrong', () => {
      expect(run(withLondon, { london: { ...london, lat: -0.1278, lng: 51.5074 }, 'kings-cross-station': { ...goodPlace, city: 'london' } })).toEqual([
        'tenants/places.json: entry "london", field "lat, lng": lat and lng look swapped: (lng, lat) is in United Kingdom (GB)',
      ]);
    });
  });

  it('asks a city for its "in …" phrase', () => {
    const city = { ...goodPlace, kind: 'city', where: { en: 'in London' } };
    expect(run([{ ...goodEntry, slug: 'london', path: '/london/poi' }], { london: city })).toContain(
      'tenants/places.json: entry "london", field "where.fr": missing: the page is served in fr; write how "in …" reads there mid-sentence, like "à Londres"',
    );
  });

  it('asks a city for its name in every language: the unknown-host page lists it in each (issue 39 item 6)', () => {
    const { ja: _ja, ...withoutJapanese } = LONDON_NAMES;
    const city = { ...goodPlace, kind: 'city', name: withoutJapanese, where: { en: 'in London', fr: 'à Londres' } };
    expect(run([{ ...goodEntry, slug: 'london', path: '/london/city', type: 'city' }], { london: city })).toEqual([
      'tenants/places.json: entry "london", field "name.ja": missing: every city is listed in each language on the page an unknown host gets',
    ]);
  });

  it('flags place data no domain uses', () => {
    expect(run([goodEntry], { 'kings-cross-station': goodPlace, orphan: goodPlace })).toContain(
      'tenants/places.json: entry "orphan", field "(entry)": no domain entry uses this slug; remove it or add a domain',
    );
  });

  it('rejects files of the wrong shape without throwing', () => {
    expect(validateTenants([], {}, options).map(formatProblem)).toEqual([
      'tenants/places.json: entry (file), field "places": must be an object keyed by slug',
      'tenants/domains.json: entry (file), field "domains": must be an array of domain entries',
    ]);
  });
});
