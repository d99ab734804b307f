import { isWebsiteLocale, DEFAULT_LOCALE, type WebsiteLocale } from '@/i18n/websiteLocales';
import { linkToHost } from '@/seo/urls';
import { canonicalHostIndex } from '@/tenancy/canonicalHost';
import { PLACES } from '@/tenancy/placeData';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { DomainEntry } from '@/tenancy/types';

interface CitySite {
  name: string;
  href: string;
  hrefLang: WebsiteLocale;
}

export interface CountryCities {
  country: string;
  cities: CitySite[];
}

/**
 * Every city with a site, grouped by country, names in the reader's language and sorted as that
 * language sorts them: the way on for a visitor who typed a host we do not serve.
 */
export function citySites(entries: readonly DomainEntry[], locale: string | undefined): CountryCities[] {
  const language = isWebsiteLocale(locale) ? locale : DEFAULT_LOCALE;
  const canonical = canonicalHostIndex(entries);
  const countryName = new Intl.DisplayNames([language], { type: 'region' });
  const byCountry = new Map<string, CitySite[]>();
  for (const page of groupTenantPages(entries)) {
    const place = PLACES[page.slug];
    const host = canonical.get(page.path);
    if (page.type !== 'city' || !place || !host) continue;
    const country = countryName.of(place.country) ?? place.country;
    const cities = byCountry.get(country) ?? [];
    cities.push({ name: place.name[language] ?? place.name.en, ...linkToHost(host, page.locales, language) });
    byCountry.set(country, cities);
  }
  const collator = new Intl.Collator(language);
  return [...byCountry]
    .map(([country, cities]) => ({ country, cities: cities.sort((a, b) => collator.compare(a.name, b.name)) }))
    .sort((a, b) => collator.compare(a.country, b.country));
}
