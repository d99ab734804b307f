import Cookies from 'js-cookie';
import { CONSENT_COOKIE, CONSENT_LIFETIME_DAYS, CONSENT_MARK_ATTRIBUTE, parseConsent, serializeConsent, type ConsentCategory, type ConsentChoice } from './record';
import { namesToPurge } from './storageKeys';

/** The choice this browser recorded for this host, if still valid. */
export const readRecordedConsent = (): ConsentChoice | undefined => parseConsent(Cookies.get(CONSENT_COOKIE), new Date());

/** Records the choice in the first-party cookie and marks the document (the banner hides). */
export function recordConsent(choice: ConsentChoice): void {
  Cookies.set(CONSENT_COOKIE, serializeConsent(choice, new Date()), {
    expires: CONSENT_LIFETIME_DAYS,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
  document.documentElement.setAttribute(CONSENT_MARK_ATTRIBUTE, 'recorded');
}

/** Global Privacy Control: the browser's standing refusal of sale and sharing. */
export const globalPrivacyControl = (): boolean => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The host and each parent domain: SDKs may set their cookies on the widest domain that takes them. */
function cookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  return labels.map((_label, index) => labels.slice(index).join('.'));
}

/** Deletes the cookies and localStorage keys of the refused categories (storageKeys.ts). */
export function purgeRefused(refused: readonly ConsentCategory[]): void {
  if (refused.length === 0) return;
  const cookieNames = Object.keys(Cookies.get());
  for (const name of namesToPurge('cookie', cookieNames, refused)) {
    Cookies.remove(name, { path: '/' });
    cookieDomains(window.location.hostname).forEach((domain) => Cookies.remove(name, { path: '/', domain }));
  }
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_unused, index) => window.localStorage.key(index) ?? '');
    namesToPurge('localStorage', keys, refused).forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // Storage blocked by the browser: nothing of ours is in it either.
  }
}
