import type { WebsiteLocale } from '@/i18n/websiteLocales';
import { canonicalHostFor, type CanonicalCandidate } from '@/tenancy/canonicalHost';
import { alternates, pageUrl, type Alternate, type Scheme } from './urls';

export interface HeadLinks {
  /** `<link rel="canonical">` */
  canonical: string;
  /** `<link rel="alternate" hreflang>` for each locale and x-default. */
  alternates: Alternate[];
}

/**
 * The canonical and hreflang links of a landing page in a locale. They name the canonical host
 * whichever alias host serves the page, because one static page serves them all.
 */
export function headLinks(
  page: { path: string; locales: readonly WebsiteLocale[] },
  locale: WebsiteLocale,
  entries: readonly CanonicalCandidate[],
  scheme: Scheme = 'https',
): HeadLinks | undefined {
  const host = canonicalHostFor(page.path, entries);
  if (!host) return undefined;
  return { canonical: pageUrl(host, locale, scheme), alternates: alternates(host, page.locales, scheme) };
}
