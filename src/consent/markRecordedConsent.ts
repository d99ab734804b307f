import { jsonForInlineScript } from '@/base/jsonForInlineScript';
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  CONSENT_MARK_ATTRIBUTE,
  CONSENT_VERSION,
  GPC_MARK_ATTRIBUTE,
} from './record';

/**
 * Marks the document when the visitor's choice is recorded and still valid, before the body is
 * parsed: the static page carries the banner for everyone, and a returning visitor never sees it
 * flash or the page shift. The same rules as parseConsent (record.ts; a unit test keeps them equal).
 *
 * It runs inline in the document's head as its own source text: self-contained, no imports.
 */
function markRecordedConsent(cookie: string, version: number, lifetimeDays: number, attribute: string): void {
  const match = new RegExp(`(?:^|; )${cookie}=v(\\d+)\\.(\\d{4}-\\d{2}-\\d{2})\\.a[01]m[01](?:;|$)`).exec(
    document.cookie,
  );
  if (!match || Number(match[1]) !== version) return;
  const age = Date.now() - Date.parse(`${match[2]}T00:00:00Z`);
  if (age >= -864e5 && age < lifetimeDays * 864e5) document.documentElement.setAttribute(attribute, 'recorded');
}

/** Marks the document when the browser sends Global Privacy Control, before the body is parsed: the banner's wording changes without a shift. */
function markGlobalPrivacyControl(attribute: string): void {
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true)
    document.documentElement.setAttribute(attribute, 'on');
}

/** The inline script for the document's head. */
export const MARK_RECORDED_CONSENT_SCRIPT = `(${markRecordedConsent.toString()})(${jsonForInlineScript(CONSENT_COOKIE)},${CONSENT_VERSION},${CONSENT_LIFETIME_DAYS},${jsonForInlineScript(CONSENT_MARK_ATTRIBUTE)});(${markGlobalPrivacyControl.toString()})(${jsonForInlineScript(GPC_MARK_ATTRIBUTE)})`;
