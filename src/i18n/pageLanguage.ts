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
 * The stored language's rule, as a regular expression's source, on the whole Cookie header: the
 * value of the first cookie named exactly `language` (case-sensitive), untrimmed, in the group
 * `language_value`. A name in another case (`Language=de`), a space before `=` or a second
 * `language` cookie is not it. `storedLanguageIn` executes it, and the proxy in front is given it
 * verbatim (deploy/proxyConf.ts), so both read the cookie by one rule: it keeps to what JavaScript
 * and PCRE read alike (no `\s`, no flags).
 */
export const STORED_LANGUAGE_PATTERN = `(?:^|;)[ \\t]*${LANGUAGE_COOKIE}=(?<language_value>[^;]*)`;
// Pure: a page that imports only the constants above (the switcher) does not ship it.
const storedLanguage = /* @__PURE__ */ new RegExp(STORED_LANGUAGE_PATTERN);

/** The stored language as sent (STORED_LANGUAGE_PATTERN), undefined without one. */
export function storedLanguageIn(cookieHeader: string | null | undefined): string | undefined {
  return cookieHeader ? storedLanguage.exec(cookieHeader)?.groups?.language_value : undefined;
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
 * The negotiation rule for a set of offered languages, as a regular expression's source, matched
 * from the start of an Accept-Language header without regard to case: the first entry, in the
 * order listed, whose primary subtag (`pt-BR` is `pt`) the host offers, in the group `language`.
 * Weights are not compared: browsers list languages in the visitor's order. `negotiateLanguage`
 * executes it, and the proxy in front is given it verbatim for each set of languages hosts offer
 * (deploy/proxyConf.ts, nginx's `~*`): one rule, which keeps to what JavaScript and PCRE read alike
 * (white space is a space or a tab, as HTTP's; no `\s`).
 */
export function acceptLanguagePattern(offered: readonly WebsiteLocale[]): string {
  return `^(?:[^,]*,)*?[ \\t]*(?<language>${offered.join('|')})(?:-[^,;]*)?[ \\t]*(?:;[^,]*)?(?:,|$)`;
}

/** Each offered set's compiled rule, made once: the middleware negotiates on every bare root. */
const negotiation = new WeakMap<readonly WebsiteLocale[], RegExp>();

/** The first of the browser's languages that the host offers (acceptLanguagePattern), undefined when none. */
export function negotiateLanguage(
  acceptLanguage: string | undefined,
  offered: readonly WebsiteLocale[],
): WebsiteLocale | undefined {
  if (!acceptLanguage || offered.length === 0) return undefined;
  let pattern = negotiation.get(offered);
  if (!pattern) {
    pattern = new RegExp(acceptLanguagePattern(offered), 'i');
    negotiation.set(offered, pattern);
  }
  const language = pattern.exec(acceptLanguage)?.groups?.language?.toLowerCase();
  return offered.find((locale) => locale === language);
}

/**
 * The language a host's bare root `/` is answered in (spec §2): the stored language the host
 * offers, else the first of the browser's it offers, else the default. The proxy keys its copy of
 * `/` on the same value, from a table this function fills (deploy/proxyConf.ts, `rootLanguageTable`).
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
