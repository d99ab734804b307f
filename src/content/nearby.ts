import { DEFAULT_LOCALE, type WebsiteLocale } from '@/i18n/websiteLocales';
import { canonicalHostIndex } from '@/tenancy/canonicalHost';
import { linkToHost, type Scheme } from '@/seo/urls';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { DomainEntry, Place, PlaceKind, TenantPage, TenantType } from '@/tenancy/types';
import { distanceKm } from '@/base/greatCircle';

/** Another tenant page, as a landing page links to it. */
interface NearbyPlace {
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

interface NearbyOptions {
  radiusKm?: number;
  limit?: number;
  /** Which kinds of page to list; cities are left out by default, a place page links to POIs. */
  types?: readonly TenantType[];
  locale?: WebsiteLocale;
  scheme?: Scheme;
}

interface CityPoisOptions {
  limit?: number;
  locale?: WebsiteLocale;
  scheme?: Scheme;
}

/** Walking or a short ride from a station or landmark: what a traveller would call near. */
export const DEFAULT_NEARBY_RADIUS_KM = 5;
export const DEFAULT_NEARBY_LIMIT = 6;

/**
 * What a landing page lists, and under which heading: a city page its POIs; a station or landmark
 * the POIs within walking or a short ride; an airport, which has no neighbours worth walking to,
 * its city and the city's stations, with their distance but never called near.
 */
export type NeighbourHeading = 'inCity' | 'near' | 'intoCity';
interface PageNeighbours {
  heading: NeighbourHeading;
  places: NearbyPlace[];
}

export interface NearbyFinder {
  /** Other tenant pages within the radius of a place, nearest first; never the place itself in any type. */
  nearbyPlaces(slug: string, options?: NearbyOptions): NearbyPlace[];
  /** The POI pages whose parent city is `citySlug`, nearest the city centre first. */
  poisInCity(citySlug: string, options?: CityPoisOptions): NearbyPlace[];
  /** What the landing page of (slug, type) links to, by the rules of `PageNeighbours`. */
  pageNeighbours(slug: string, type: TenantType, options?: CityPoisOptions): PageNeighbours;
}

type MapEntry = DomainEntry & { canonical?: boolean };

/** Builds the page list and canonical hosts once; lookups then only measure distances. */
export function createNearbyFinder(
  entries: readonly MapEntry[],
  places: Readonly<Record<string, Place>>,
): NearbyFinder {
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

  const finder: NearbyFinder = {
    nearbyPlaces(slug, options = {}) {
      const origin = places[slug];
      if (!origin) return [];
      const {
        radiusKm = DEFAULT_NEARBY_RADIUS_KM,
        limit = DEFAULT_NEARBY_LIMIT,
        types = ['poi'],
        locale = DEFAULT_LOCALE,
        scheme,
      } = options;
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

    pageNeighbours(slug, type, options = {}) {
      const origin = places[slug];
      const { limit = DEFAULT_NEARBY_LIMIT, locale, scheme } = options;
      if (type === 'city') return { heading: 'inCity', places: finder.poisInCity(slug, { limit, locale, scheme }) };
      const city = origin?.kind === 'airport' ? origin.city : null;
      if (!origin || !city) return { heading: 'near', places: finder.nearbyPlaces(slug, { limit, locale, scheme }) };
      const into = pages
        .filter(
          ({ page, place }) =>
            (page.slug === city && page.type === 'city') || (place.city === city && place.kind === 'station'),
        )
        .map((candidate) => describe(candidate, distanceKm(origin, candidate.place), locale ?? DEFAULT_LOCALE, scheme))
        // The city page first: it is where a traveller is going; then its stations, nearest first.
        .sort((a, b) => Number(b.type === 'city') - Number(a.type === 'city') || nearestFirst(a, b))
        .slice(0, limit);
      return { heading: 'intoCity', places: into };
    },
  };
  return finder;
}

const tenantMapFinder = createNearbyFinder(DOMAIN_ENTRIES, PLACES);

/** Server-side only (reads the place data): call from getStaticProps and pass the result as props. */
export const nearbyPlaces: NearbyFinder['nearbyPlaces'] = (slug, options) =>
  tenantMapFinder.nearbyPlaces(slug, options);
export const poisInCity: NearbyFinder['poisInCity'] = (citySlug, options) =>
  tenantMapFinder.poisInCity(citySlug, options);
export const pageNeighbours: NearbyFinder['pageNeighbours'] = (slug, type, options) =>
  tenantMapFinder.pageNeighbours(slug, type, options);
