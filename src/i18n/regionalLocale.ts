import { localeEntryFor, type DistanceSystem } from './localeTable';
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

/**
 * Countries whose road signs are in miles. The spec's locale table (§3, §9) gives en-US the
 * IMPERIAL system; Ireland, Canada, Australia and Singapore signpost kilometres, so the
 * language alone cannot decide.
 */
const MILE_COUNTRIES: readonly string[] = ['GB', 'US'];

/** Swiss usage groups four-digit amounts ("CHF 3’000"), which CLDR leaves bare in it, es, pt and pl. */
const ALWAYS_GROUPED_COUNTRIES: readonly string[] = ['CH'];

/**
 * English on a host outside the US is the operator's own, British English: its spelling (the copy's,
 * locales/en), day-first dates and 24-hour times, CLDR's en-GB. Not en-150 ("English in Europe"),
 * which writes "1,234.50 CZK" beside "€1,234.50", nor en-DE and the like, which put German
 * separators ("1.234,5") in English text. Issue 39 item 4: Vienna's English page read "travelers"
 * and "November 25, 2026".
 */
const AMERICAN_ENGLISH_COUNTRIES: readonly string[] = ['US'];

/**
 * The BCP 47 locale to format for: the website locale as written in the host's country ('' for a
 * host of no country, the microsites host: the spec's locale, §9).
 */
export function regionalLocale(locale: WebsiteLocale, country: string): string {
  if (REGIONAL_VARIANTS[locale]?.includes(country)) return `${locale}-${country}`;
  if (locale === 'en' && country !== '' && !AMERICAN_ENGLISH_COUNTRIES.includes(country)) return 'en-GB';
  return localeEntryFor(locale).locale;
}

/** How a page writes numbers, money, distances and dates: its language as the host's country writes it. */
export interface RegionalFormat {
  /** The BCP 47 locale Intl formats with (regionalLocale). */
  locale: string;
  distanceSystem: DistanceSystem;
  /** Intl's useGrouping for amounts: 'always' where locals group from 1,000. */
  grouping: 'always' | 'auto';
}

export function regionalFormat(locale: WebsiteLocale, country: string): RegionalFormat {
  return {
    locale: regionalLocale(locale, country),
    distanceSystem: MILE_COUNTRIES.includes(country) ? 'IMPERIAL' : 'METRIC',
    grouping: ALWAYS_GROUPED_COUNTRIES.includes(country) ? 'always' : 'auto',
  };
}

/**
 * The English copy is British; American readers get the American spellings of the words it uses
 * (locales/en). A word added to the copy with another British spelling belongs here too.
 */
const AMERICAN_SPELLINGS: readonly [RegExp, string][] = [
  [/\b([Tt]ravel)l(ers?|ing)\b/g, '$1$2'],
  [/\b([Cc]ancel)l(ing|ed)\b/g, '$1$2'],
  [/\b([Jj]ewel)lery\b/g, '$1ry'],
  [/\bPushchair/g, 'Stroller'],
  [/\bpushchair/g, 'stroller'],
];

/**
 * How the regional locale spells what the copy writes in its language's default spelling: Swiss
 * Standard German has no ß ("Grösse", "schliessen"), SS in capitals; American English writes
 * "travelers", "jewelry", "strollers".
 */
const respell = (formatLocale: string): ((text: string) => string) | undefined => {
  if (formatLocale === 'de-CH') return (text) => text.replaceAll('ß', 'ss').replaceAll('ẞ', 'SS');
  if (formatLocale === 'en-US')
    return (text) =>
      AMERICAN_SPELLINGS.reduce((spelled, [pattern, american]) => spelled.replace(pattern, american), text);
  return undefined;
};

/**
 * Every string in `value` (translations, place names, props; never keys) as the regional locale
 * spells it. Applied on the server to what a page renders, so its HTML and hydration agree.
 */
export function spelledFor<T>(formatLocale: string, value: T): T {
  const spell = respell(formatLocale);
  if (!spell) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return spell(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(value) as T;
}

/** A fixed recent instant: ICU names zones by their rules at a date, and 1970's differ from today's. */
const ZONE_NAME_DATE = new Date('2026-01-15T12:00:00Z');

/** A time zone as a reader names it ("United Kingdom Time", "日本標準時"), never its IANA id. */
export function timeZoneName(timeZone: string, formatLocale: string): string {
  const parts = new Intl.DateTimeFormat(formatLocale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    ZONE_NAME_DATE,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** A calendar date (ISO, `2026-11-01`) in full, as the regional locale writes it: "1 November 2026" in en-GB. */
export function formatDate(isoDate: string, formatLocale: string): string {
  return new Intl.DateTimeFormat(formatLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate));
}
