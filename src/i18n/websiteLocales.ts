/** The 11 locales the website offers (spec §9). English is on every site and is the default. */
export const WEBSITE_LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'pl'] as const;

export type WebsiteLocale = (typeof WEBSITE_LOCALES)[number];

export const DEFAULT_LOCALE: WebsiteLocale = 'en';

const websiteLocaleSet: ReadonlySet<string> = new Set(WEBSITE_LOCALES);

export function isWebsiteLocale(value: unknown): value is WebsiteLocale {
  return typeof value === 'string' && websiteLocaleSet.has(value);
}

/** Sorts locales into the canonical website order, so lists read the same everywhere. */
export function inWebsiteOrder(locales: Iterable<WebsiteLocale>): WebsiteLocale[] {
  const wanted = new Set(locales);
  return WEBSITE_LOCALES.filter((locale) => wanted.has(locale));
}
