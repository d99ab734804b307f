import { localeEntryFor } from './localeTable';
import type { WebsiteLocale } from './websiteLocales';

/**
 * Countries that write a website language with their own conventions (money, numbers, dates):
 * Swiss German writes "CHF 3’000", Belgian French "3 000,00 €", British English "£5" with
 * day-first dates. Everywhere else the spec's full locale (§9: pt-PT, es-ES, zh-CN, …) applies.
 */
const REGIONAL_VARIANTS: Readonly<Partial<Record<WebsiteLocale, readonly string[]>>> = {
  en: ['GB', 'IE', 'AU', 'NZ', 'CA', 'SG', 'HK', 'IN', 'ZA', 'AE'],
  de: ['CH', 'AT', 'LI', 'LU'],
  fr: ['CH', 'BE', 'CA', 'LU', 'MC'],
  it: ['CH'],
  es: ['MX', 'AR', 'CO', 'CL', 'PE', 'US'],
  pt: ['BR'],
  zh: ['SG'],
};

/** The BCP 47 locale to format for: the website locale as written in the host's country. */
export function regionalLocale(locale: WebsiteLocale, country: string): string {
  return REGIONAL_VARIANTS[locale]?.includes(country) ? `${locale}-${country}` : localeEntryFor(locale).locale;
}

/** A fixed recent instant: ICU names zones by their rules at a date, and 1970's differ from today's. */
const ZONE_NAME_DATE = new Date('2026-01-15T12:00:00Z');

/** A time zone as a reader names it ("United Kingdom Time", "日本標準時"), never its IANA id. */
export function timeZoneName(timeZone: string, formatLocale: string): string {
  const parts = new Intl.DateTimeFormat(formatLocale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(ZONE_NAME_DATE);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
