import { DEFAULT_LOCALE, type WebsiteLocale } from '@/i18n/websiteLocales';
import { canonicalHostIndex } from '@/seo/canonicalHost';
import { linkToHost, type Scheme } from '@/seo/urls';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { DomainEntry, Place, PlaceKind, TenantPage, TenantType } from '@/tenancy/types';
import { distanceKm } from './distance';

/** Another tenant page, as a landing page links to it. */
export interface NearbyPlace {
  slug: string;
  type: TenantType;
  kind: PlaceKind;
  /** The place's name in the reader's language, else English. */
  name: string;
  /** The page's canonical host. */
  host: string;
  /** Its page in the reader's language when it offers it, else its English page. */
  href: string;
  hrefLang: WebsiteLocale;
  distanceKm: number;
  lat: number;
  lng: number;
}

export interface NearbyOptions {
  radiusKm?: number;
  limit?: number;
  /** Which kinds of page to list; cities are left out by default, a place page links to POIs. */
  types?: readonly TenantType[];
  locale?: WebsiteLocale;
  scheme?: Scheme;
}

export interface CityPoisOptions {
  limit?: number;
  locale?: WebsiteLocale;
  scheme?: Scheme;
}

/** Walking or a short ride: far enough for a few neighbours in a city, near enough to be useful. */
export const DEFAULT_NEARBY_RADIUS_KM = 25;
export const DEFAULT_NEARBY_LIMIT = 6;

export interface NearbyFinder {
  /** Other tenant pages within the radius of a place, nearest first; never the place itself in any type. */
  nearbyPlaces(slug: string, options?: NearbyOptions): NearbyPlace[];
  /** The POI pages whose parent city is `citySlug`, nearest the city centre first. */
  poisInCity(citySlug: string, options?: CityPoisOptions): NearbyPlace[];
}

type MapEntry = DomainEntry & { canonical?: boolean };

/** Builds the page list and canonical hosts once; lookups then only measure distances. */
export function createNearbyFinder(entries: readonly MapEntry[], places: Readonly<Record<string, Place>>): NearbyFinder {
  const hosts = canonicalHostIndex(entries);
  const pages = groupTenantPages(entries).flatMap((page) => {
    const place = places[page.slug];
    const host = hosts.get(page.path);
    return place && host ? [{ page, place, host }] : [];
  });

  const describe = (
    { page, place, host }: { page: TenantPage; place: Place; host: string },
    km: number,
    locale: WebsiteLocale,
    scheme: Scheme | undefined,
  ): NearbyPlace => {
    const link = linkToHost(host, page.locales, locale, scheme);
    return {
      slug: page.slug,
      type: page.type,
      kind: place.kind,
      name: place.name[locale] ?? place.name.en,
      host,
      href: link.href,
      hrefLang: link.hrefLang,
      distanceKm: km,
      lat: place.lat,
      lng: place.lng,
    };
  };

  const nearestFirst = (a: NearbyPlace, b: NearbyPlace) => a.distanceKm - b.distanceKm || a.slug.localeCompare(b.slug);

  return {
    nearbyPlaces(slug, options = {}) {
      const origin = places[slug];
      if (!origin) return [];
      const { radiusKm = DEFAULT_NEARBY_RADIUS_KM, limit = DEFAULT_NEARBY_LIMIT, types = ['poi'], locale = DEFAULT_LOCALE, scheme } = options;
      return pages
        .filter((candidate) => candidate.page.slug !== slug && types.includes(candidate.page.type))
        .map((candidate) => describe(candidate, distanceKm(origin, candidate.place), locale, scheme))
        .filter((nearby) => nearby.distanceKm <= radiusKm)
        .sort(nearestFirst)
        .slice(0, limit);
    },

    poisInCity(citySlug, options = {}) {
      const city = places[citySlug];
      if (!city) return [];
      const { limit = Infinity, locale = DEFAULT_LOCALE, scheme } = options;
      return pages
        .filter((candidate) => candidate.page.type === 'poi' && candidate.place.city === citySlug)
        .map((candidate) => describe(candidate, distanceKm(city, candidate.place), locale, scheme))
        .sort(nearestFirst)
        .slice(0, limit);
    },
  };
}

const tenantMapFinder = createNearbyFinder(DOMAIN_ENTRIES, PLACES);

/** Server-side only (reads the place data): call from getStaticProps and pass the result as props. */
export const nearbyPlaces: NearbyFinder['nearbyPlaces'] = (slug, options) => tenantMapFinder.nearbyPlaces(slug, options);
export const poisInCity: NearbyFinder['poisInCity'] = (citySlug, options) => tenantMapFinder.poisInCity(citySlug, options);
