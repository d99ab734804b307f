import type { ConsentRegime } from '@/tenancy/consentRegime';

/** The optional categories a visitor chooses; strictly necessary storage needs no choice. */
export interface ConsentChoice {
  analytics: boolean;
  monitoring: boolean;
}

export const CONSENT_CATEGORIES = ['analytics', 'monitoring'] as const satisfies ReadonlyArray<keyof ConsentChoice>;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The first-party cookie that holds the choice. */
export const CONSENT_COOKIE = 'consent';
/** Raised when the categories or their meaning change: every visitor is asked again. */
export const CONSENT_VERSION = 1;
/** `<html data-consent="recorded">` hides the server-rendered banner (markRecordedConsent.ts, ConsentBanner.tsx). */
export const CONSENT_MARK_ATTRIBUTE = 'data-consent';
/** `<html data-gpc="on">`: the browser sends Global Privacy Control, and an undecided visitor's banner says it is honoured. */
export const GPC_MARK_ATTRIBUTE = 'data-gpc';
/** A choice is kept six months, then asked again. */
export const CONSENT_LIFETIME_DAYS = 182;

const DAY_MS = 24 * 60 * 60 * 1000;
const RECORD = /^v(\d+)\.(\d{4}-\d{2}-\d{2})\.a([01])m([01])$/;

export const ALL_GRANTED: ConsentChoice = { analytics: true, monitoring: true };
export const ALL_REFUSED: ConsentChoice = { analytics: false, monitoring: false };

/** The cookie's value: version, the day of the choice, and one digit a category, e.g. `v1.2026-11-24.a1m0`. */
export function serializeConsent(choice: ConsentChoice, now: Date): string {
  return `v${CONSENT_VERSION}.${now.toISOString().slice(0, 10)}.a${Number(choice.analytics)}m${Number(choice.monitoring)}`;
}

/** The choice a cookie value records, if it is well formed, of this version and not older than its lifetime. */
export function parseConsent(value: string | undefined, now: Date): ConsentChoice | undefined {
  const match = value ? RECORD.exec(value) : null;
  if (!match || Number(match[1]) !== CONSENT_VERSION) return undefined;
  const madeAt = Date.parse(`${match[2]}T00:00:00Z`);
  const age = now.getTime() - madeAt;
  // A date in the future (beyond a day of clock skew) is not a record this site wrote.
  if (Number.isNaN(madeAt) || age < -DAY_MS || age >= CONSENT_LIFETIME_DAYS * DAY_MS) return undefined;
  return { analytics: match[3] === '1', monitoring: match[4] === '1' };
}

/**
 * What may run now: a recorded choice always wins; without one, an opt-in host allows nothing
 * (undefined: not decided yet), an opt-out host allows both, less analytics under Global Privacy Control.
 */
export function effectiveConsent(
  regime: ConsentRegime,
  recorded: ConsentChoice | undefined,
  globalPrivacyControl: boolean,
): ConsentChoice | undefined {
  if (recorded) return recorded;
  if (regime === 'opt-in') return undefined;
  return { analytics: !globalPrivacyControl, monitoring: true };
}

/** The banner's form fields (ConsentBanner.tsx, and pages/api/consent.ts without JavaScript). */
export interface ConsentFormFields {
  choice?: string;
  analytics?: string;
  monitoring?: string;
}

/** The choice a submitted banner form makes: its button, and the boxes ticked for "save my choice". */
export function choiceFromForm(fields: ConsentFormFields): ConsentChoice | undefined {
  if (fields.choice === 'all') return ALL_GRANTED;
  if (fields.choice === 'none') return ALL_REFUSED;
  if (fields.choice === 'custom')
    return { analytics: fields.analytics === 'on', monitoring: fields.monitoring === 'on' };
  return undefined;
}

/** The categories not allowed now: undecided counts as refused. */
export const refusedCategories = (consent: ConsentChoice | undefined): ConsentCategory[] =>
  CONSENT_CATEGORIES.filter((category) => consent?.[category] !== true);
