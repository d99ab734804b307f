// Spec §3 (domain-mapping entry) and §9 (website locales): the marketers' tenant files.
import { readFileSync } from 'node:fs';
import { SUPPORTED_CURRENCIES } from '@/content/pricing';
import type { LanguageOf } from '@/tenancy/placeFacts';
import { formatProblem, type JsonPath, type TenantProblem } from '@/tenancy/types';
import { validateTenants } from '@/tenancy/validateTenants';

const options = { currencies: ['GBP', 'EUR'] };
const readTenantFile = (name: string) => JSON.parse(readFileSync(`tenants/${name}`, 'utf8'));

const goodEntry = {
  domain: 'kingscross-test.co.uk',
  type: 'poi',
  slug: 'kings-cross-station',
  path: '/kings-cross-station/poi',
  locales: ['en', 'fr'],
};
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
const LONDON_NAMES = {
  en: 'London',
  es: 'Londres',
  fr: 'Londres',
  de: 'London',
  it: 'Londra',
  pt: 'Londres',
  ja: 'ロンドン',
  ko: '런던',
  zh: '伦敦',
  ru: 'Лондон',
  pl: 'Londyn',
};
const run = (entries: unknown[], places: Record<string, unknown> = { 'kings-cross-station': goodPlace }) =>
  validateTenants({ domains: entries }, { places }, options).map(formatProblem);

describe('the real tenant map', () => {
  it('passes validation', () => {
    const problems = validateTenants(readTenantFile('domains.json'), readTenantFile('places.json'), {
      currencies: SUPPORTED_CURRENCIES,
    });
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('has about 170 hosts, about 40 of them cities, and the spec cases (§2, §9)', () => {
    const { domains } = readTenantFile('domains.json') as {
      domains: Array<{ domain: string; path: string; slug: string; locales: string[] }>;
    };
    expect(domains.length).toBeGreaterThanOrEqual(160);
    expect(domains.length).toBeLessThanOrEqual(180);
    const cities = domains.filter((entry) => entry.path.endsWith('/city'));
    expect(cities.length).toBeGreaterThanOrEqual(35);
    expect(cities.length).toBeLessThanOrEqual(45);
    const paths = new Set(domains.map((entry) => entry.path));
    for (const path of [
      '/kings-cross-station/poi',
      '/prague/city',
      '/heathrow-airport/poi',
      '/venice/city',
      '/venice/poi',
    ]) {
      expect(paths).toContain(path);
    }
    for (const slug of ['toronto-union-station', 'sydney-cbd', 'waikiki', 'fira', 'kings-cross-station']) {
      expect(domains.filter((entry) => entry.slug === slug).length, slug).toBeGreaterThanOrEqual(2);
    }
    const localesOf = (slug: string) =>
      domains
        .find((entry) => entry.slug === slug)
        ?.locales.slice()
        .sort();
    expect(localesOf('geneva-train-station')).toEqual(['de', 'en', 'fr', 'it']);
    expect(localesOf('kyoto-station')).toEqual(['en', 'ja']);
    expect(localesOf('shinjuku')).toEqual(['en', 'ja']);
  });
});

describe('validateTenants names the entry and the field', () => {
  it('accepts a good entry', () => expect(run([goodEntry])).toEqual([]));

  it.each([
    ['upper-case domain', { domain: 'KingsCross.co.uk' }, 'entry "KingsCross.co.uk", field "domain"'],
    [
      'domain with a port',
      { domain: 'kingscross.co.uk:80' },
      'field "domain": "kingscross.co.uk:80" is not a lower-case host name',
    ],
    [
      'slug not kebab-case',
      { slug: 'Kings_Cross', path: '/Kings_Cross/poi' },
      'field "slug": "Kings_Cross" is not kebab-case',
    ],
    [
      'unknown type',
      { type: 'station', path: '/kings-cross-station/station' },
      'field "type": "station" must be "poi" or "city"',
    ],
    [
      'path not /slug/type',
      { path: '/kings-cross/poi' },
      'field "path": "/kings-cross/poi" must equal "/kings-cross-station/poi"',
    ],
    ['locale not on the website', { locales: ['en', 'nl'] }, 'field "locales": "nl" is not one of the website locales'],
    ['repeated locale', { locales: ['en', 'fr', 'fr'] }, 'field "locales": "fr" is repeated'],
    ['missing English', { locales: ['fr'] }, 'field "locales": must include "en"'],
    ['misspelt field', { locale: ['en'] }, 'field "locale": unknown field'],
  ])('%s', (_name, change: Record<string, unknown>, message) => {
    const problems = run([{ ...goodEntry, ...change }]);
    const entry = typeof change.domain === 'string' ? change.domain : goodEntry.domain;
    expect(problems.join('\n')).toContain(
      `tenants/domains.json: entry "${entry}", ${message.replace(/^entry "[^"]+", /, '')}`,
    );
  });

  it('reports a duplicate domain against the earlier entry', () => {
    expect(run([goodEntry, goodEntry])).toEqual([
      'tenants/domains.json: entry "kingscross-test.co.uk", field "domain": a second entry for this host: remove this one or the earlier one, #1',
    ]);
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
    expect(
      run([
        { ...goodEntry, canonical: true },
        { ...alias, canonical: true },
      ]),
    ).toEqual([
      'tenants/domains.json: entry "kingscross-alias.com", field "canonical": another host ("kingscross-test.co.uk") is already canonical for /kings-cross-station/poi',
    ]);
    expect(run([{ ...goodEntry, canonical: 'yes' }])).toEqual([
      'tenants/domains.json: entry "kingscross-test.co.uk", field "canonical": "yes" must be true or false',
    ]);
  });

  it('requires place data for every slug', () => {
    expect(run([goodEntry], {})).toEqual([
      'tenants/domains.json: entry "kingscross-test.co.uk", field "slug": no place data for "kings-cross-station" in tenants/places.json',
    ]);
  });

  it.each([
    ['a name in a served locale', { name: { en: 'KX' } }, 'entry "kings-cross-station", field "name.fr": missing'],
    [
      'an unpriced currency',
      { currency: 'SEK' },
      'field "currency": "SEK" is not a currency the site prices (GBP, EUR): use "GBP", the currency of United Kingdom (GB)',
    ],
    ['a bad time zone', { timeZone: 'London' }, 'field "timeZone": "London" is not an IANA time zone'],
    ['a latitude out of range', { lat: 151 }, 'field "lat": 151 must be a latitude'],
    [
      'a parent city that does not exist',
      { city: 'london' },
      'field "city": "london" must be null or the slug of a city',
    ],
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
    expect(problems.join('\n')).toContain(
      `tenants/places.json: ${message.startsWith('entry') ? '' : 'entry "kings-cross-station", '}${message}`,
    );
  });

  describe('checks coordinates against the country and the parent city', () => {
    const london = {
      ...goodPlace,
      kind: 'city',
      name: LONDON_NAMES,
      where: { en: 'in London', fr: 'à Londres' },
      lat: 51.5074,
      lng: -0.1278,
    };
    const withLondon = [
      goodEntry,
      { ...goodEntry, domain: 'london-test.co.uk', type: 'city', slug: 'london', path: '/london/city' },
    ];
    const KX = 'tenants/places.json: entry "kings-cross-station", field "lat, lng"';

    it.each([
      [
        'swapped lat and lng',
        { lat: -0.12, lng: 51.53 },
        `${KX}: lat and lng look swapped: (lng, lat) is in United Kingdom (GB)`,
      ],
      [
        'a one-digit latitude typo (51.53 → 41.53, 1,111 km south)',
        { lat: 41.53 },
        `${KX}: (41.53, -0.12) is in Spain (ES), not in its country United Kingdom (GB); check lat, lng and country`,
      ],
      [
        'the wrong country',
        { country: 'FR' },
        `${KX}: (51.53, -0.12) is in United Kingdom (GB), not in its country France (FR); check lat, lng and country`,
      ],
      [
        'coordinates at sea',
        { lat: 0, lng: 0 },
        `${KX}: (0, 0) is in no country, not in its country United Kingdom (GB); check lat, lng and country`,
      ],
      [
        'a country code without borders',
        { country: 'XX' },
        'tenants/places.json: entry "kings-cross-station", field "country": "XX" must be an ISO country code like "GB"',
      ],
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
      expect(
        run(withLondon, {
          london,
          'kings-cross-station': { ...goodPlace, kind: 'airport', city: 'london', lat: 51.5703, lng: 0.6933 },
        }),
      ).toEqual([]);
    });

    it('accepts a place within 1 km of its country, not one 4 km away', () => {
      // St Peter's stands in Vatican City; the storage near it is in Rome.
      expect(
        run([goodEntry], {
          'kings-cross-station': {
            ...goodPlace,
            country: 'IT',
            currency: 'EUR',
            timeZone: 'Europe/Rome',
            lat: 41.9022,
            lng: 12.4539,
          },
        }),
      ).toEqual([]);
      expect(
        run([goodEntry], { 'kings-cross-station': { ...goodPlace, country: 'FR', lat: 46.2101, lng: 6.1425 } }),
      ).toEqual([
        `${KX}: (46.2101, 6.1425) is in Switzerland (CH), not in its country France (FR); check lat, lng and country`,
      ]);
    });

    it('does not measure from a city whose own coordinates are wrong', () => {
      expect(
        run(withLondon, {
          london: { ...london, lat: -0.1278, lng: 51.5074 },
          'kings-cross-station': { ...goodPlace, city: 'london' },
        }),
      ).toEqual([
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

// What a marketer may really write: a value of the wrong type (a list, a number, null left as a
// placeholder), a near-miss key, a blank. Each is one problem where it is, and the check never
// throws: `at` is the path scripts/check-tenants.mts turns into the line of the mistake.
describe('validateTenants reports malformed input where it is', () => {
  const KX = 'kings-cross-station';
  const check = (entries: unknown[], places: unknown = { [KX]: goodPlace }, languageOf?: LanguageOf) =>
    validateTenants({ domains: entries }, { places }, { ...options, languageOf });
  const entryWith = (change: Record<string, unknown>) => ({ ...goodEntry, ...change });
  const placeWith = (change: Record<string, unknown>) => ({ [KX]: { ...goodPlace, ...change } });
  const inDomains = (
    index: number,
    field: string,
    message: string,
    path: JsonPath,
    entry = `"${goodEntry.domain}"`,
  ): TenantProblem => ({
    file: 'domains.json',
    entry,
    field,
    message,
    at: ['domains', index, ...path],
  });
  const inPlaces = (field: string, message: string, path: JsonPath, slug = KX): TenantProblem => ({
    file: 'places.json',
    entry: `"${slug}"`,
    field,
    message,
    at: ['places', slug, ...path],
  });

  it('rejects files of the wrong shape: domains keyed by host, places as a list or a file name', () => {
    const placesFileProblem = {
      file: 'places.json',
      entry: '(file)',
      field: 'places',
      message: 'must be an object keyed by slug',
    };
    expect(
      validateTenants({ domains: { [goodEntry.domain]: goodEntry } }, { places: [goodPlace] }, options),
    ).toStrictEqual([
      placesFileProblem,
      { file: 'domains.json', entry: '(file)', field: 'domains', message: 'must be an array of domain entries' },
    ]);
    // The entries are still checked, but not against place data there is none of.
    expect(validateTenants({ domains: [goodEntry] }, { places: 'tenants/places.csv' }, options)).toStrictEqual([
      placesFileProblem,
    ]);
  });

  it('names an entry that is not an object by its position', () => {
    expect(check([goodEntry, goodEntry.domain, null])).toStrictEqual([
      inDomains(1, '(entry)', 'must be an object', [], '#2'),
      inDomains(2, '(entry)', 'must be an object', [], '#3'),
    ]);
  });

  it.each<[string, Record<string, unknown>, TenantProblem]>([
    [
      'a domain that is a number: the entry goes by its position',
      { domain: 42 },
      inDomains(
        0,
        'domain',
        '42 is not a lower-case host name (like "prague-bagberth.cz", no port or trailing dot)',
        ['domain'],
        '#1',
      ),
    ],
    [
      'a domain given as a list',
      { domain: [goodEntry.domain] },
      inDomains(
        0,
        'domain',
        '["kingscross-test.co.uk"] is not a lower-case host name (like "prague-bagberth.cz", no port or trailing dot)',
        ['domain'],
        '#1',
      ),
    ],
    [
      'a slug given as a list',
      { slug: [KX] },
      inDomains(0, 'slug', '["kings-cross-station"] is not kebab-case (like "kings-cross-station")', ['slug']),
    ],
    ['a type given as a list', { type: ['poi'] }, inDomains(0, 'type', '["poi"] must be "poi" or "city"', ['type'])],
    [
      'locales as one string',
      { locales: 'en' },
      inDomains(0, 'locales', 'must be a list of locale codes that includes "en"', ['locales']),
    ],
    // Spec §9: the website offers 11 locales.
    [
      'a locale the website lacks, with the ones it has',
      { locales: ['en', 'nl'] },
      inDomains(0, 'locales', '"nl" is not one of the website locales (en, es, fr, de, it, pt, ja, ko, zh, ru, pl)', [
        'locales',
      ]),
    ],
    [
      'a misspelt field, with the ones allowed',
      { locale: ['en'] },
      inDomains(0, 'locale', 'unknown field; allowed: domain, type, slug, path, locales, canonical', ['locale']),
    ],
  ])('domains.json: %s', (_name, change, problem) => {
    expect(check([entryWith(change)])).toContainEqual(problem);
  });

  it('lets an entry carry a $comment', () =>
    expect(check([entryWith({ $comment: 'Spring campaign, until June' })])).toStrictEqual([]));

  it('points a second entry for a host at the first', () => {
    expect(check([goodEntry, goodEntry])).toStrictEqual([
      {
        ...inDomains(1, 'domain', 'a second entry for this host: remove this one or the earlier one, #1', ['domain']),
        clashesWith: ['domains', 0, 'domain'],
      },
    ]);
  });

  it("compares alias hosts' locales as sets, each with the first host of the page", () => {
    const alias = (domain: string, locales: string[]) => entryWith({ domain, locales });
    expect(check([goodEntry, alias('kingscross-alias.com', ['fr', 'en'])])).toStrictEqual([]);
    expect(
      check([goodEntry, alias('kingscross-alias.com', ['fr', 'en']), alias('kingscross-third.com', ['en'])]),
    ).toStrictEqual([
      inDomains(
        2,
        'locales',
        'must equal the locales of "kingscross-test.co.uk", which shares the page /kings-cross-station/poi',
        ['locales'],
        '"kingscross-third.com"',
      ),
    ]);
  });

  it('does not compare the locales of entries that lack a path', () => {
    const pathless = (domain: string, locales: string[]) => entryWith({ domain, path: undefined, locales });
    const mustEqual = 'undefined must equal "/kings-cross-station/poi" (/{slug}/{type})';
    expect(
      check([pathless('kingscross-test.co.uk', ['en', 'fr']), pathless('kingscross-alias.com', ['en'])]),
    ).toStrictEqual([
      inDomains(0, 'path', mustEqual, ['path']),
      inDomains(1, 'path', mustEqual, ['path'], '"kingscross-alias.com"'),
    ]);
  });

  it('asks for place data only for a slug that is a string', () => {
    expect(check([entryWith({ slug: undefined, path: '/undefined/poi' })], {})).toStrictEqual([
      inDomains(0, 'slug', 'undefined is not kebab-case (like "kings-cross-station")', ['slug']),
    ]);
  });

  it('names a place that is not an object, and the entry left without place data', () => {
    expect(check([goodEntry], { [KX]: null })).toStrictEqual([
      inDomains(0, 'slug', 'no place data for "kings-cross-station" in tenants/places.json', ['slug']),
      inPlaces('(entry)', 'must be an object', []),
    ]);
  });

  it.each<[string, Record<string, unknown>, TenantProblem]>([
    [
      'names that are not an object',
      { name: "King's Cross Station" },
      inPlaces('name', 'must be an object of display names by locale', ['name']),
    ],
    [
      'a blank name in a served locale',
      { name: { ...goodPlace.name, fr: '  ' } },
      inPlaces('name.fr', 'missing: the place is served in this locale', ['name', 'fr']),
    ],
    [
      'a name left null',
      { name: { ...goodPlace.name, fr: null } },
      inPlaces('name.fr', 'missing: the place is served in this locale', ['name', 'fr']),
    ],
    [
      'a name under a key that is no locale',
      { name: { ...goodPlace.name, nl: 'Station King’s Cross' } },
      inPlaces('name.nl', 'is not a website locale', ['name', 'nl']),
    ],
    // A key with a bracket is still a field of its own, with its own line.
    [
      'a name under a locale with its region',
      { name: { ...goodPlace.name, 'pt (BR)': 'Estação King’s Cross' } },
      inPlaces('name.pt (BR)', 'is not a website locale', ['name', 'pt (BR)']),
    ],
    [
      'a blank phrase in a served locale',
      { where: { ...goodPlace.where, fr: ' ' } },
      inPlaces(
        'where.fr',
        'missing: the page is served in fr; write how "near …" reads there mid-sentence, like "près de la tour Eiffel"',
        ['where', 'fr'],
      ),
    ],
    [
      'a phrase left null',
      { where: { ...goodPlace.where, fr: null } },
      inPlaces(
        'where.fr',
        'missing: the page is served in fr; write how "near …" reads there mid-sentence, like "près de la tour Eiffel"',
        ['where', 'fr'],
      ),
    ],
    [
      'a kind outside the list, with the list',
      { kind: 'harbour' },
      inPlaces('kind', '"harbour" must be one of city, station, airport, landmark', ['kind']),
    ],
    [
      'a misspelt field, with the ones allowed',
      { lon: -0.12 },
      inPlaces('lon', 'unknown field; allowed: kind, name, where, city, country, currency, lat, lng, timeZone', [
        'lon',
      ]),
    ],
    ['a latitude as a string', { lat: '51.53' }, inPlaces('lat', '"51.53" must be a latitude from -90 to 90', ['lat'])],
    [
      'a longitude out of range',
      { lng: 180.5 },
      inPlaces('lng', '180.5 must be a longitude from -180 to 180', ['lng']),
    ],
    [
      'a longitude as a string',
      { lng: '-0.12' },
      inPlaces('lng', '"-0.12" must be a longitude from -180 to 180', ['lng']),
    ],
    [
      'a country left null',
      { country: null },
      inPlaces('country', 'null must be an ISO country code like "GB"', ['country']),
    ],
    // Reading, 59 km out: not measured from a city the entry does not name by its slug.
    [
      'a parent city given as a list',
      { city: ['london'], lat: 51.4584, lng: -0.9711 },
      inPlaces('city', '["london"] must be null or the slug of a city in places.json', ['city']),
    ],
  ])('places.json: %s', (_name, change, problem) => {
    const london = {
      ...goodPlace,
      kind: 'city',
      name: LONDON_NAMES,
      where: { en: 'in London' },
      lat: 51.5074,
      lng: -0.1278,
    };
    expect(
      check(
        [
          goodEntry,
          entryWith({
            domain: 'london-test.co.uk',
            type: 'city',
            slug: 'london',
            path: '/london/city',
            locales: ['en'],
          }),
        ],
        { ...placeWith(change), london },
      ),
    ).toStrictEqual([problem]);
  });

  // The message says "from -90 to 90": the ends are coordinates, judged against the country like any other.
  it.each([
    ['the North Pole', { lat: 90 }, '(90, -0.12) is in no country'],
    ['the antimeridian', { lng: 180 }, '(51.53, 180) is in no country'],
    ['the antimeridian, westward', { lng: -180 }, '(51.53, -180) is in no country'],
  ])('takes %s as a coordinate', (_name, change, where) => {
    expect(check([goodEntry], placeWith(change))).toStrictEqual([
      inPlaces('lat, lng', `${where}, not in its country United Kingdom (GB); check lat, lng and country`, []),
    ]);
  });

  it('asks place data no domain uses yet for its English name: English is on every site (spec §9)', () => {
    const orphan = { ...goodPlace, name: { fr: 'Gare de St Pancras' }, where: {}, lat: 51.5313, lng: -0.1263 };
    expect(check([goodEntry], { [KX]: goodPlace, orphan })).toStrictEqual([
      inPlaces('(entry)', 'no domain entry uses this slug; remove it or add a domain', [], 'orphan'),
      inPlaces('name.en', 'missing: the place is served in this locale', ['name', 'en'], 'orphan'),
    ]);
  });

  describe("a phrase's language, judged without the names in it (issue 39 item 1)", () => {
    // A stand-in for eld (placeFacts.ts's languageReader): any English word left reads as English.
    const ENGLISH = new Set(['near', 'king', 'cross', 'station', 'london']);
    const readsEnglish: LanguageOf = (text) => {
      const english = text.split(' ').some((word) => ENGLISH.has(word));
      return { language: english ? 'en' : 'und', scores: { en: english ? 1 : 0 } };
    };
    const inLondon = (where: string, name: unknown = 'Bahnhof King’s Cross') => ({
      london: {
        ...goodPlace,
        kind: 'city',
        name: LONDON_NAMES,
        where: { en: 'in London', de: 'in London' },
        lat: 51.5074,
        lng: -0.1278,
      },
      [KX]: {
        ...goodPlace,
        city: 'london',
        name: { en: goodPlace.name.en, de: name },
        where: { en: goodPlace.where.en, de: where },
      },
    });
    const domains = [
      entryWith({ locales: ['en', 'de'] }),
      entryWith({
        domain: 'london-test.co.uk',
        type: 'city',
        slug: 'london',
        path: '/london/city',
        locales: ['en', 'de'],
      }),
    ];
    const notGerman = inPlaces('where.de', 'reads as English, not German: write it in the language it is filed under', [
      'where',
      'de',
    ]);

    it('refuses an English phrase filed as German', () =>
      expect(check(domains, inLondon('near King’s Cross'), readsEnglish)).toStrictEqual([notGerman]));

    it("leaves out the words of the place's names and its city's", () => {
      expect(check(domains, inLondon('in der Nähe von King’s Cross in London'), readsEnglish)).toStrictEqual([]);
    });

    it('reports a name left null and still judges the phrases', () => {
      expect(check(domains, inLondon('near King’s Cross', null), readsEnglish)).toStrictEqual([
        inPlaces('name.de', 'missing: the place is served in this locale', ['name', 'de']),
        notGerman,
      ]);
    });
  });
});
