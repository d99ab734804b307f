import { unitText } from '@/i18n/unitText';
import type { PostalAddress, Period } from '@/tenancy/operatorFacts';

/** Countries that write the postcode after the city ("London N1 9DX"); the rest before it ("10117 Berlin"). */
const CITY_BEFORE_POSTCODE = new Set(['GB', 'IE', 'US', 'CA', 'AU', 'NZ']);

/** A country as the page's language names it ("Vereinigtes Königreich"). */
export const countryName = (code: string, locale: string): string =>
  new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;

/** An address as lines: street, town, country. */
export function addressLines(address: PostalAddress, locale: string): string[] {
  const town = CITY_BEFORE_POSTCODE.has(address.country)
    ? `${address.city} ${address.postcode}`
    : `${address.postcode} ${address.city}`;
  return [address.street, town, countryName(address.country, locale)];
}

/** A contract's period, or a stored name's lifetime (consent/storageKeys.ts), in words. */
export const period = (
  { count, unit }: { count: number; unit: Period['unit'] | 'hour' | 'minute' },
  locale: string,
): string => unitText(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count));

export const duration = (count: number, unit: 'minute' | 'hour', locale: string): string =>
  period({ count, unit }, locale);

export const percent = (share: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent' }).format(share);

/** "a, b and c" as the page's language writes a list. */
export const list = (items: readonly string[], locale: string): string =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
