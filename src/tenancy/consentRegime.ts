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

export const isConsentRegime = (value: unknown): value is ConsentRegime => (CONSENT_REGIMES as readonly unknown[]).includes(value);

/** The EEA: the 27 EU states, Iceland, Liechtenstein and Norway, where the GDPR applies. */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
]);

/** The EEA, the United Kingdom and Switzerland. */
export const OPT_IN_COUNTRIES: ReadonlySet<string> = new Set([...EEA_COUNTRIES, 'GB', 'CH']);

/**
 * Languages of the EEA that a traveller outside it rarely reads a luggage page in: a German,
 * French, Italian, Spanish, Portuguese or Polish page on a New York host is written for visitors
 * from Europe, so it asks first. English is everyone's second language, and Russian, Japanese,
 * Korean and Chinese readers are mostly outside the EEA: those follow the host's country.
 */
export const EEA_LANGUAGES: ReadonlySet<string> = new Set(['de', 'fr', 'it', 'es', 'pt', 'pl']);

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
 * Whether a visitor's own country, as a CDN or proxy in front tells it (CONSENT_COUNTRY_HEADER),
 * puts every page under opt-in: in the EEA, the UK or Switzerland. It only ever tightens: outside
 * them, or without a usable value (absent, `XX`, `T1`), the page's own regime holds.
 */
export const visitorAsksFirst = (country: string | null | undefined): boolean => !!country && OPT_IN_COUNTRIES.has(country.trim().toUpperCase());
