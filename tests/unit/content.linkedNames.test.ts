// Spec §3 (domain-mapping entry: locales per site): a page in locale L names the places it links to in L.
import { readFileSync } from 'node:fs';
import { linkedNameProblems } from '@/content/linkedNames';
import { formatProblem } from '@/tenancy/types';
import type { DomainEntry, Place } from '@/tenancy/types';

const place = (overrides: Partial<Place>): Place => ({
  kind: 'station',
  name: { en: 'Name' },
  city: 'london',
  country: 'GB',
  currency: 'GBP',
  lat: 51.53,
  lng: -0.12,
  timeZone: 'Europe/London',
  ...overrides,
});
const entry = (domain: string, slug: string, type: 'poi' | 'city', locales: DomainEntry['locales']): DomainEntry => ({
  domain,
  slug,
  type,
  path: `/${slug}/${type}`,
  locales,
});

const places: Record<string, Place> = {
  london: place({
    kind: 'city',
    city: null,
    name: { en: 'London', ja: 'ロンドン', fr: 'Londres' },
    where: { en: 'in London', fr: 'à Londres' },
    lat: 51.507,
    lng: -0.128,
  }),
  'kings-cross': place({ name: { en: "King's Cross", ja: 'キングス・クロス駅' } }),
  'st-pancras': place({ name: { en: 'St Pancras' }, lat: 51.531, lng: -0.126 }),
  heathrow: place({ kind: 'airport', name: { en: 'Heathrow', fr: 'Heathrow' }, lat: 51.47, lng: -0.4543 }),
};
const entries = [
  entry('kx.test', 'kings-cross', 'poi', ['en', 'ja']),
  entry('stp.test', 'st-pancras', 'poi', ['en']),
  entry('london.test', 'london', 'city', ['en', 'ja', 'fr']),
  entry('lhr.test', 'heathrow', 'poi', ['en', 'fr', 'pl']),
];
const run = (map: Record<string, Place>) => linkedNameProblems(entries, map).map(formatProblem);

describe('linkedNameProblems', () => {
  it('names the neighbour, the locale and the page that shows it', () => {
    expect(run(places)).toContain(
      'tenants/places.json: entry "st-pancras", field "name.ja": missing: shown on the ja page /kings-cross/poi (linked), the ja page /london/city (linked)',
    );
  });

  it('asks for the parent city in the page’s language, and for the "in …" phrase an airport heads its city list with', () => {
    const problems = run(places);
    expect(problems.join('\n')).toContain(
      'tenants/places.json: entry "london", field "name.pl": missing: shown on the pl page /heathrow/poi (its city)',
    );
    expect(problems).toContain(
      'tenants/places.json: entry "london", field "where.pl": missing: shown on the pl page /heathrow/poi (its "into the city" heading)',
    );
  });

  it('is satisfied once those names and phrases exist', () => {
    const complete = {
      ...places,
      london: {
        ...places.london!,
        name: { ...places.london!.name, pl: 'Londyn' },
        where: { ...places.london!.where, pl: 'w Londynie' },
      },
      'st-pancras': {
        ...places['st-pancras']!,
        name: { en: 'St Pancras', ja: 'セント・パンクラス駅', fr: 'St Pancras', pl: 'St Pancras' },
      },
      'kings-cross': {
        ...places['kings-cross']!,
        name: { ...places['kings-cross']!.name, fr: "King's Cross", pl: "King's Cross" },
      },
      heathrow: { ...places.heathrow!, name: { ...places.heathrow!.name, ja: 'ヒースロー空港' } },
    };
    expect(run(complete)).toEqual([]);
  });

  it('passes on the real tenant map', () => {
    const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: DomainEntry[] };
    const real = JSON.parse(readFileSync('tenants/places.json', 'utf8')) as { places: Record<string, Place> };
    expect(linkedNameProblems(domains, real.places).map(formatProblem)).toEqual([]);
  });
});
