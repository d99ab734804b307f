/**
 * Which consent regime a page puts its visitors under, by its host's country and its language.
 *
 * - `opt-in`: nothing beyond strictly necessary storage until the visitor agrees (ePrivacy
 *   Directive art. 5(3) with the GDPR in the EEA, PECR in the UK, the revised FADP in Switzerland).
 * - `opt-out`: analytics and monitoring run with a notice and a way to refuse; Global Privacy
 *   Control counts as a refusal of analytics.
 */
export const CONSENT_REGIMES = ['opt-in', 'opt-out'] as const;
export type ConsentRegime = (typeof CONSENT_REGIMES)[number];

export const isConsentRegime = (value: unknown): value is ConsentRegime =>
  (CONSENT_REGIMES as readonly unknown[]).includes(value);

/** The EEA: the 27 EU states, Iceland, Liechtenstein and Norway, where the GDPR applies. */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
]);

/** The EEA, the United Kingdom and Switzerland. */
export const OPT_IN_COUNTRIES: ReadonlySet<string> = new Set([...EEA_COUNTRIES, 'GB', 'CH']);

/**
 * Languages of the EEA that a traveller outside it rarely reads a luggage page in: a German,
 * French, Italian, Spanish, Portuguese or Polish page on a New York host is written for visitors
 * from Europe, so it asks first. English is everyone's second language, and Russian, Japanese,
 * Korean and Chinese readers are mostly outside the EEA: those follow the host's country.
 */
const EEA_LANGUAGES: ReadonlySet<string> = new Set(['de', 'fr', 'it', 'es', 'pt', 'pl']);

/**
 * A page's regime from its host's ISO 3166 country and its language: opt-in where either makes a
 * reader in the EEA, the UK or Switzerland likely. A page without a country (the shared host,
 * errors) asks first.
 */
export function consentRegimeFor(country: string | null | undefined, locale: string): ConsentRegime {
  if (!country || EEA_LANGUAGES.has(locale)) return 'opt-in';
  return OPT_IN_COUNTRIES.has(country.toUpperCase()) ? 'opt-in' : 'opt-out';
}

/**
 * Codes a country lookup gives that name no country: unknown (`XX`, `ZZ`), Tor exits (`T1`),
 * anonymous proxies and satellite providers (`A1`, `A2`), other (`O1`), and only a continent
 * (`EU`, `AP`, in older GeoIP data).
 */
export const NOT_A_COUNTRY: ReadonlySet<string> = new Set(['XX', 'ZZ', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP']);

/** An ISO 3166 alpha-2 code or a lookup's own (`T1`), any case, spaces around. */
const COUNTRY_CODE = /^\s*[A-Za-z][A-Za-z0-9]\s*$/;

/** A value as a code, upper-cased and trimmed, or "" when it is none. */
const countryCode = (value: string | null | undefined): string =>
  value && COUNTRY_CODE.test(value) ? value.trim().toUpperCase() : '';

/**
 * The country the proxy goes by (deploy/nginx.conf.template, `$visitor_country`): a CDN's, where
 * one is configured and sends a code, else the proxy's own GeoIP lookup; "" when neither knows.
 */
export function visitorCountry(cdnCountry: string | null | undefined, geoipCountry: string | null | undefined): string {
  return countryCode(cdnCountry) || countryCode(geoipCountry);
}

/**
 * The visitor's own regime, reduced at the edge from its country: `opt-out` only for a known
 * country outside the EEA, the UK and Switzerland. Where the country is unknown, ask first.
 */
export function visitorRegimeFor(country: string | null | undefined): ConsentRegime {
  const code = countryCode(country);
  return code === '' || NOT_A_COUNTRY.has(code) || OPT_IN_COUNTRIES.has(code) ? 'opt-in' : 'opt-out';
}

/** The request header the proxy in front writes visitorRegimeFor's answer into; only it may send it (server.ts). */
export const VISITOR_REGIME_HEADER = 'x-visitor-regime';
/** And the country it went by, for the instances' log lines only ("" when unknown). */
export const VISITOR_COUNTRY_HEADER = 'x-visitor-country';

/**
 * Whether the visitor, not the page, makes a request ask first. Behind the proxy (BEHIND_PROXY),
 * anything but its `opt-out` does: a request it did not mark is one whose country nobody knows.
 * Without a proxy in front (the embedded setup, `npm start`), the page's own regime holds.
 */
export const visitorAsksFirst = (regimeHeader: string | null | undefined, behindProxy: boolean): boolean =>
  behindProxy && regimeHeader !== 'opt-out';
