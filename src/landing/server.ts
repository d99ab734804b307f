import type { GetStaticPathsResult } from 'next';
import { getImageProps } from 'next/image';
import { publicEnv } from '@/config/builtEnv';
import { formatDistance } from '@/content/distance';
import { pageNeighbours } from '@/content/nearby';
import { pricePointFor } from '@/content/pricing';
import { placePhrase, placeReference } from '@/tenancy/placePhrases';
import { formatMoney } from '@/i18n/formatMoney';
import { withCopy, type PageCopy } from '@/i18n/pageCopy';
import { regionalFormat, timeZoneName, type RegionalFormat } from '@/i18n/regionalLocale';
import { isWebsiteLocale, type WebsiteLocale } from '@/i18n/websiteLocales';
import { consentRegimeFor, type ConsentRegime } from '@/tenancy/consentRegime';
import { breadcrumbTrail } from '@/seo/breadcrumbs';
import { canonicalHostFor } from '@/tenancy/canonicalHost';
import { hostConsentRegime } from '@/tenancy/hostFormat';
import { headLinks } from '@/seo/pageLinks';
import { PLACES } from '@/tenancy/placeData';
import { previewUrl } from '@/tenancy/previewUrl';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { Place, PlaceKind, TenantPage } from '@/tenancy/types';
import { HERO_PICTURE_SIZES, type HeroImage } from './heroPicture';
import { layoutMap, type Coordinates } from './map/layout';
import type { LandingProps, NearbyLink } from './types';
import { serverEnv } from '@/config/serverEnv';
import { shareImageName } from '@/seo/shareImageFiles';
import { SHELL_COPY } from '@/shell/shellCopy';
import { faqItems } from './faqTopics';
import { titleKeys } from './titleKeys';

const TENANT_PAGES = groupTenantPages(DOMAIN_ENTRIES);
const GRAPHQL_URL = serverEnv.graphqlUrl ?? null;
const NEARBY_LIMIT = 6;

export type LandingParams = { slug: string; type: string };

/** One static page per (slug, type, locale) the tenant map allows. */
export function landingPaths(): GetStaticPathsResult<LandingParams>['paths'] {
  return TENANT_PAGES.flatMap((page) =>
    page.locales.map((locale) => ({ params: { slug: page.slug, type: page.type }, locale })),
  );
}

/**
 * The opt-in copy of every page whose host is opt-out in that locale, for visitors whose country
 * asks first (routeRequest.ts, landingVariantPage).
 */
export function landingVariantPaths(): GetStaticPathsResult<LandingParams & { regime: ConsentRegime }>['paths'] {
  return TENANT_PAGES.flatMap((page) =>
    page.locales
      .filter((locale) => hostConsentRegime(page.slug, locale) === 'opt-out')
      .map((locale) => ({ params: { slug: page.slug, type: page.type, regime: 'opt-in' as const }, locale })),
  );
}

/**
 * Links to other hosts: their live address, or their local preview while the microsites site
 * itself runs locally, so a marketer's preview never leaves the machine.
 */
function hostLink(href: string): string {
  const url = new URL(href);
  return `${previewUrl(url.host, publicEnv.micrositesBaseUrl).replace(/\/$/, '')}${url.pathname}`;
}

function nearbyLinks(
  page: TenantPage,
  at: Coordinates,
  locale: WebsiteLocale,
  format: RegionalFormat,
): Pick<LandingProps, 'nearby' | 'nearbyHeading' | 'nearbyMap'> {
  const { heading, places } = pageNeighbours(page.slug, page.type, { locale, limit: NEARBY_LIMIT });
  const nearby = places.map((place): NearbyLink => ({
    name: place.name,
    kind: place.kind,
    href: hostLink(place.href),
    hrefLang: place.hrefLang,
    distance: formatDistance(place.distanceKm, format),
  }));
  return { nearby, nearbyHeading: heading, nearbyMap: layoutMap(at, places) };
}

const HERO_WIDTH = 1200;
const HERO_HEIGHT = 800;

/**
 * The hero `<img>` attributes through Next's image optimizer, resolved here so that next/image's
 * client code (about 5 kB gzipped) stays out of the page's first-load JavaScript.
 */
function heroImageFor(kind: PlaceKind): HeroImage {
  const { props } = getImageProps({
    src: `/images/hero/${kind}.png`,
    alt: '',
    width: HERO_WIDTH,
    height: HERO_HEIGHT,
    sizes: HERO_PICTURE_SIZES,
  });
  return {
    src: props.src,
    srcSet: props.srcSet ?? props.src,
    sizes: HERO_PICTURE_SIZES,
    width: HERO_WIDTH,
    height: HERO_HEIGHT,
  };
}

/** The tenant check requires every phrase a page shows; a map that skipped it fails the build here, naming the field. */
function phraseOf(slug: string, place: Place, locale: WebsiteLocale): string {
  const phrase = placePhrase(place, locale);
  if (phrase === undefined)
    throw new Error(
      `tenants/places.json: entry "${slug}", field "where.${locale}": missing; run npm run tenants:check`,
    );
  return phrase;
}

/** The page's props, or null when the tenant map has no such page in that locale. */
export function landingProps(params: LandingParams, locale: string | undefined): LandingProps | null {
  const page = TENANT_PAGES.find((candidate) => candidate.slug === params.slug && candidate.type === params.type);
  const place = PLACES[params.slug];
  if (!page || !place || !isWebsiteLocale(locale) || !page.locales.includes(locale)) return null;
  const links = headLinks(page, locale, DOMAIN_ENTRIES);
  const canonicalHost = canonicalHostFor(page.path, DOMAIN_ENTRIES);
  if (!links || !canonicalHost) return null;

  const nameIn = (names: Partial<Record<WebsiteLocale, string>> & { en: string }) => names[locale] ?? names.en;
  const city = place.city ? PLACES[place.city] : undefined;
  const prices = pricePointFor(place.currency);
  const format = regionalFormat(locale, place.country);
  const brandHome = { name: 'Bagberth', url: `${new URL(publicEnv.customerAppUrl).origin}/` };
  const neighbours = nearbyLinks(page, place, locale, format);
  const breadcrumb = breadcrumbTrail(page, locale, brandHome, { entries: DOMAIN_ENTRIES, places: PLACES });
  const where = phraseOf(params.slug, place, locale);
  return {
    slug: page.slug,
    type: page.type,
    locale,
    locales: page.locales,
    place: {
      kind: place.kind,
      name: nameIn(place.name),
      where,
      reference: placeReference(place, where, locale) ?? null,
      cityName: city ? nameIn(city.name) : null,
      // Only an airport's "into the city" heading names its city in a phrase (see content/linkedNames.ts).
      cityWhere:
        neighbours.nearbyHeading === 'intoCity' && city && place.city ? phraseOf(place.city, city, locale) : null,
      country: place.country,
      lat: place.lat,
      lng: place.lng,
      timeZoneName: timeZoneName(place.timeZone, format.locale),
    },
    heroImage: heroImageFor(place.kind),
    consentRegime: consentRegimeFor(place.country, locale),
    format,
    price: {
      dailyFrom: formatMoney(prices.dailyFrom, place.currency, format),
      guarantee: formatMoney(prices.guarantee, place.currency, format),
    },
    ...neighbours,
    seo: {
      canonical: links.canonical,
      alternates: links.alternates,
      image: `https://${canonicalHost}/og/${shareImageName(page.slug, page.type, locale)}.png`,
      breadcrumb,
      organizationUrl: brandHome.url,
    },
    trail: breadcrumb.map((crumb, index) => (index === 0 ? crumb : { ...crumb, url: hostLink(crumb.url) })),
    graphqlUrl: GRAPHQL_URL,
    year: new Date().getUTCFullYear(),
  };
}

/**
 * The copy a landing page renders (LandingView and its sections): the texts of its type, kind and
 * neighbours, its kind's questions, and sections it lacks left out.
 */
export function landingCopy({ type, place, nearby, nearbyHeading, locales, graphqlUrl }: LandingProps): PageCopy {
  const kinds = new Set([place.kind, ...nearby.map((neighbour) => neighbour.kind)]);
  const { title, headline } = titleKeys(type, place.kind);
  return withCopy(SHELL_COPY, {
    microsites: [
      title,
      `meta.description.${type}`,
      'meta.ogImageAlt',
      'breadcrumb.label',
      ...[...kinds].map((kind) => `kind.${kind}`),
      headline,
      `hero.lead.${type}`,
      'hero.priceFrom',
      'hero.cta',
      'hero.ctaShort',
      'hero.ctaNote',
      'highlights',
      'steps',
      'hours.title',
      `hours.${place.kind}`,
      'hours.localTime',
      'guarantee',
      'faq.title',
      ...faqItems(place.kind).map(({ key }) => key),
      ...(locales.length > 1 ? ['language.label'] : []),
      ...(nearby.length > 0
        ? [`nearby.title.${nearbyHeading}`, `nearby.intro.${nearbyHeading}`, 'nearby.distance', 'map']
        : []),
      // Every state the live section can show, not only the one built into the page.
      ...(graphqlUrl ? ['storage'] : []),
    ],
  });
}
