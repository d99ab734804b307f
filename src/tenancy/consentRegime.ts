/**
 * Which consent regime a host's country puts its visitors under.
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

/** A host's regime from its ISO 3166 country; a page without one (the shared host, errors) asks first. */
export function consentRegimeFor(country: string | null | undefined): ConsentRegime {
  if (!country) return 'opt-in';
  return OPT_IN_COUNTRIES.has(country.toUpperCase()) ? 'opt-in' : 'opt-out';
}
