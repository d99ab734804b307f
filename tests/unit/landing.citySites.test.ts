// Issue 21 item 2: the unknown-host page offers a way on, every city with a site, in the
// browser's language (pages/unknown-host.tsx).
import { describe, expect, it } from 'vitest';
import { citySites } from '@/landing/directory/citySites';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import type { DomainEntry } from '@/tenancy/types';

const entry = (
  domain: string,
  slug: string,
  locales: DomainEntry['locales'],
  extra: Partial<DomainEntry> = {},
): DomainEntry => ({
  domain,
  type: 'city',
  slug,
  path: `/${slug}/city`,
  locales,
  ...extra,
});

describe('citySites', () => {
  it('lists every city page once, on its canonical host', () => {
    const cities = citySites(DOMAIN_ENTRIES, 'en').flatMap((country) => country.cities);
    const cityPaths = new Set(DOMAIN_ENTRIES.filter((e) => e.type === 'city').map((e) => e.path));
    expect(cities).toHaveLength(cityPaths.size);
    expect(new Set(cities.map((city) => city.href)).size).toBe(cities.length);
  });

  // Issue 39 item 6: the Japanese list mixed "Dublin" and "Vienna" among ロンドン and ニューヨーク.
  it.each(WEBSITE_LOCALES)('names every city in the reader’s language: %s', (locale) => {
    const listed = citySites(DOMAIN_ENTRIES, locale).flatMap((country) => country.cities.map((city) => city.name));
    const slugs = new Set(DOMAIN_ENTRIES.filter((entry) => entry.type === 'city').map((entry) => entry.slug));
    expect(listed.sort()).toEqual([...slugs].map((slug) => PLACES[slug]!.name[locale]).sort());
  });

  it('leaves out places that are not cities, and alias hosts', () => {
    const sites = citySites(
      [
        entry('paris-bagberth.fr', 'paris', ['en', 'fr']),
        entry('paris-bagberth.com', 'paris', ['en', 'fr'], { canonical: false }),
        entry('eiffeltower-bagberth.fr', 'eiffel-tower', ['en', 'fr'], { type: 'poi', path: '/eiffel-tower/poi' }),
      ],
      'fr',
    );
    expect(sites).toEqual([
      { country: 'France', cities: [{ name: 'Paris', href: 'https://paris-bagberth.fr/fr', hrefLang: 'fr' }] },
    ]);
  });

  it('names countries and cities in the reader language, sorted as it sorts, linking in English where the host lacks it', () => {
    const sites = citySites(
      [
        entry('vienna-bagberth.at', 'vienna', ['en', 'de']),
        entry('london-bagberth.co.uk', 'london', ['en', 'de', 'ja']),
      ],
      'ja',
    );
    expect(sites.map((site) => site.country)).toEqual(['イギリス', 'オーストリア']);
    expect(sites[0]!.cities).toEqual([{ name: 'ロンドン', href: 'https://london-bagberth.co.uk/ja', hrefLang: 'ja' }]);
    expect(sites[1]!.cities[0]!.href).toBe('https://vienna-bagberth.at/');
  });

  it('sorts with the language rules, not by code point', () => {
    const countries = citySites(DOMAIN_ENTRIES, 'de').map((site) => site.country);
    expect(countries).toEqual([...countries].sort(new Intl.Collator('de').compare));
    expect(countries.indexOf('Österreich')).toBeLessThan(countries.indexOf('Schweiz'));
  });
});
