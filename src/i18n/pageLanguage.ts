import { DEFAULT_LOCALE, isWebsiteLocale, type WebsiteLocale } from './websiteLocales';

/** Name of the cookie that keeps the visitor's chosen language (set by the language switcher). */
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_DAYS = 365;

/**
 * Query parameter of the switcher's links (`?language=de`): the middleware stores the choice and
 * redirects, so switching works before the app has started and without JavaScript.
 */
export const CHOOSE_LANGUAGE_PARAM = 'language';

/**
 * Spec §2: the page language is the stored 'language' setting, else the router locale, else the
 * default. A choice the site does not offer is skipped rather than trusted.
 */
export function resolvePageLanguage(
  stored: string | undefined,
  routerLocale: string | undefined,
  offered: readonly WebsiteLocale[],
): WebsiteLocale {
  for (const candidate of [stored, routerLocale]) {
    if (isWebsiteLocale(candidate) && offered.includes(candidate)) return candidate;
  }
  return DEFAULT_LOCALE;
}

/**
 * The first of the browser's languages (`Accept-Language`, in the order listed) that the host
 * offers, by primary subtag (`pt-BR` is `pt`). Weights are not compared: browsers list languages in
 * the visitor's order, and the proxy's cache key follows the same rule with a regular expression
 * (deploy/local.ts), which must reach the same answer for every header.
 */
export function negotiateLanguage(acceptLanguage: string | undefined, offered: readonly WebsiteLocale[]): WebsiteLocale | undefined {
  for (const entry of (acceptLanguage ?? '').split(',')) {
    const primary = entry.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
    const offer = offered.find((locale) => locale === primary);
    if (offer) return offer;
  }
  return undefined;
}
