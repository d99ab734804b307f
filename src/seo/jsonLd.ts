/** schema.org structured data as plain objects; pages render each with jsonForInlineScript (src/base/jsonForInlineScript.ts). */

const SCHEMA_CONTEXT = 'https://schema.org';
export const BRAND_NAME = 'Bagberth';

type Context = { '@context': typeof SCHEMA_CONTEXT };

export interface PlaceFacts {
  /** The place's name in the page's language. */
  name: string;
  /** The page's canonical URL. */
  url: string;
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2 code, as in tenants/places.json. */
  country: string;
  image?: string;
}

export interface PlaceJsonLd extends Context {
  '@type': 'Place';
  name: string;
  url: string;
  image?: string;
  geo: { '@type': 'GeoCoordinates'; latitude: number; longitude: number };
  address: { '@type': 'PostalAddress'; addressCountry: string };
}

export function placeJsonLd(place: PlaceFacts): PlaceJsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Place',
    name: place.name,
    url: place.url,
    ...(place.image ? { image: place.image } : {}),
    geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng },
    address: { '@type': 'PostalAddress', addressCountry: place.country },
  };
}

/** One step of a breadcrumb trail. */
export interface Crumb {
  name: string;
  url: string;
}

export interface BreadcrumbListJsonLd extends Context {
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
}

/** Positions count from 1, in trail order (home first). */
export function breadcrumbListJsonLd(trail: readonly Crumb[]): BreadcrumbListJsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export interface OrganizationJsonLd extends Context {
  '@type': 'Organization';
  name: string;
  url: string;
  logo?: string;
}

export function organizationJsonLd(organization: { url: string; name?: string; logo?: string }): OrganizationJsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Organization',
    name: organization.name ?? BRAND_NAME,
    url: organization.url,
    ...(organization.logo ? { logo: organization.logo } : {}),
  };
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqPageJsonLd extends Context {
  '@type': 'FAQPage';
  mainEntity: { '@type': 'Question'; name: string; acceptedAnswer: { '@type': 'Answer'; text: string } }[];
}

export function faqPageJsonLd(faqs: readonly FaqEntry[]): FaqPageJsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
