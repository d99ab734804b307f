import { DEFAULT_LOCALE, inWebsiteOrder, type WebsiteLocale } from '@/i18n/websiteLocales';

/** Live hosts are https; local previews (`{domain}.localhost:3000`) are http. */
export type Scheme = 'https' | 'http';

/** One hreflang alternate of a page. */
export interface Alternate {
  /** A website locale, or `x-default` for visitors whose language the host does not offer. */
  hrefLang: WebsiteLocale | 'x-default';
  href: string;
}

/** The public URL of a host's page in a locale: the default locale has no prefix (`/`), others do (`/de`). */
export function pageUrl(host: string, locale: WebsiteLocale, scheme: Scheme = 'https'): string {
  return locale === DEFAULT_LOCALE ? `${scheme}://${host}/` : `${scheme}://${host}/${locale}`;
}

/**
 * hreflang alternates for each of a host's locales, in website order, then `x-default` on the
 * English page (every host offers English; the first locale stands in should one not).
 */
export function alternates(host: string, locales: readonly WebsiteLocale[], scheme: Scheme = 'https'): Alternate[] {
  const ordered = inWebsiteOrder(locales);
  const fallback = ordered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : ordered[0];
  const links: Alternate[] = ordered.map((locale) => ({ hrefLang: locale, href: pageUrl(host, locale, scheme) }));
  if (fallback) links.push({ hrefLang: 'x-default', href: pageUrl(host, fallback, scheme) });
  return links;
}

/** A link to another host's page from a page in `locale`: in that locale when the host offers it, else in English. */
export function linkToHost(
  host: string,
  hostLocales: readonly WebsiteLocale[],
  locale: WebsiteLocale,
  scheme: Scheme = 'https',
): { href: string; hrefLang: WebsiteLocale } {
  const hrefLang = hostLocales.includes(locale) ? locale : DEFAULT_LOCALE;
  return { href: pageUrl(host, hrefLang, scheme), hrefLang };
}
