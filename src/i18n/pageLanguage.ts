import { DEFAULT_LOCALE, isWebsiteLocale, type WebsiteLocale } from './websiteLocales';

/** Name of the cookie that keeps the visitor's chosen language (set by the language switcher). */
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_DAYS = 365;

/**
 * The language an answer to a host's bare root was chosen for (the middleware sets it; the value of
 * `rootLanguage`): the proxy in front stores such an answer only when this is the language its
 * cache key names (deploy/nginx.conf.template), and never passes the header on.
 */
export const LANGUAGE_CHOICE_HEADER = 'x-language-choice';

/**
 * The stored language as sent: the value of the first cookie named exactly `language`, untrimmed.
 * The proxy in front reads the Cookie header by the same rule (deploy/proxyConf.ts,
 * `STORED_LANGUAGE_COOKIE`), so a name in another case (`Language=de`), a space before `=` or
 * around the value, or a second `language` cookie never makes the two read different languages.
 */
export function storedLanguageIn(cookieHeader: string | null | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const trimmed = pair.replace(/^[ \t]+/, '');
    if (trimmed.startsWith(`${LANGUAGE_COOKIE}=`)) return trimmed.slice(LANGUAGE_COOKIE.length + 1);
  }
  return undefined;
}

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
 * (deploy/proxyConf.ts), which must reach the same answer for every header.
 */
export function negotiateLanguage(
  acceptLanguage: string | undefined,
  offered: readonly WebsiteLocale[],
): WebsiteLocale | undefined {
  for (const entry of (acceptLanguage ?? '').split(',')) {
    const primary = entry.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
    const offer = offered.find((locale) => locale === primary);
    if (offer) return offer;
  }
  return undefined;
}

/**
 * The language a host's bare root `/` is answered in (spec §2): the stored language the host
 * offers, else the first of the browser's it offers, else the default. The proxy keys its copy of
 * `/` on the same value (deploy/proxyConf.ts, `rootLanguageMaps`).
 */
export function rootLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | undefined,
  offered: readonly WebsiteLocale[],
): WebsiteLocale {
  return resolvePageLanguage(
    storedLanguageIn(cookieHeader),
    negotiateLanguage(acceptLanguage, offered) ?? DEFAULT_LOCALE,
    offered,
  );
}
