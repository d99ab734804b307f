import { readCookie, writeCookie } from '@/base/cookies';
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  CONSENT_MARK_ATTRIBUTE,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from './record';

/** The choice this browser recorded for this host, if still valid. */
export const readRecordedConsent = (): ConsentChoice | undefined =>
  parseConsent(readCookie(CONSENT_COOKIE), new Date());

/** Records the choice in the first-party cookie and marks the document (the banner hides). */
export function recordConsent(choice: ConsentChoice): void {
  writeCookie(CONSENT_COOKIE, serializeConsent(choice, new Date()), CONSENT_LIFETIME_DAYS);
  document.documentElement.setAttribute(CONSENT_MARK_ATTRIBUTE, 'recorded');
}

/** Global Privacy Control: the browser's standing refusal of sale and sharing. */
export const globalPrivacyControl = (): boolean =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
