import { regionalLocale } from '@/i18n/regionalLocale';
import { WEBSITE_LOCALES, type WebsiteLocale } from '@/i18n/websiteLocales';
import { PLACES } from './placeData';
import type { DomainEntry } from './types';

/**
 * The regional locale a host writes a locale in (src/i18n/regionalLocale.ts), from its place's
 * country. The microsites host has no country: it writes the spec's full locale (§9).
 */
export function hostFormatLocale(slug: string | undefined, locale: WebsiteLocale): string {
  return regionalLocale(locale, (slug && PLACES[slug]?.country) || '');
}

/**
 * Every (locale, regional locale) some host shows a page shared by all hosts in, such as a
 * legal page: one static page each, since a static page cannot ask for the host.
 */
export function sharedPageFormats(entries: readonly DomainEntry[]): { locale: WebsiteLocale; formatLocale: string }[] {
  const pairs = [
    ...WEBSITE_LOCALES.map((locale) => [locale, hostFormatLocale(undefined, locale)] as const),
    ...entries.flatMap((entry) => entry.locales.map((locale) => [locale, hostFormatLocale(entry.slug, locale)] as const)),
  ];
  return [...new Map(pairs.map(([locale, formatLocale]) => [`${locale} ${formatLocale}`, { locale, formatLocale }])).values()];
}
