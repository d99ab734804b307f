import type { GetStaticPathsResult } from 'next';
import { pricePointFor } from '@/content/pricing';
import { formatMoney } from '@/i18n/formatMoney';
import { isWebsiteLocale, type WebsiteLocale } from '@/i18n/websiteLocales';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { LandingProps } from './types';

const TENANT_PAGES = groupTenantPages(DOMAIN_ENTRIES);

export type LandingParams = { slug: string; type: string };

/** One static page per (slug, type, locale) the tenant map allows. */
export function landingPaths(): GetStaticPathsResult<LandingParams>['paths'] {
  return TENANT_PAGES.flatMap((page) =>
    page.locales.map((locale) => ({ params: { slug: page.slug, type: page.type }, locale })),
  );
}

/** The page's props, or null when the tenant map has no such page in that locale. */
export function landingProps(params: LandingParams, locale: string | undefined): LandingProps | null {
  const page = TENANT_PAGES.find((candidate) => candidate.slug === params.slug && candidate.type === params.type);
  const place = PLACES[params.slug];
  if (!page || !place || !isWebsiteLocale(locale) || !page.locales.includes(locale)) return null;

  const nameIn = (names: Partial<Record<WebsiteLocale, string>> & { en: string }) => names[locale] ?? names.en;
  const city = place.city ? PLACES[place.city] : undefined;
  const prices = pricePointFor(place.currency);
  return {
    slug: page.slug,
    type: page.type,
    locale,
    locales: page.locales,
    place: {
      kind: place.kind,
      name: nameIn(place.name),
      cityName: city ? nameIn(city.name) : null,
      lat: place.lat,
      lng: place.lng,
    },
    price: {
      dailyFrom: formatMoney(prices.dailyFrom, place.currency, locale),
      guarantee: formatMoney(prices.guarantee, place.currency, locale),
    },
    year: new Date().getUTCFullYear(),
  };
}
