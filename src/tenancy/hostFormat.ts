import { regionalLocale } from '@/i18n/regionalLocale';
import { CONSENT_REGIMES, consentRegimeFor, type ConsentRegime } from './consentRegime';
import { WEBSITE_LOCALES, type WebsiteLocale } from '@/i18n/websiteLocales';
import { PLACES } from './placeData';
import type { DomainEntry } from './types';

/**
 * The regional locale a host writes a locale in (src/i18n/regionalLocale.ts), from its place's
 * country. The microsites host has no country: it writes the spec's full locale (§9).
 */
export function hostFormatLocale(slug: string | undefined, locale: WebsiteLocale): string {
  return regionalLocale(locale, (slug && PLACES[slug]?.country) || '');
}

/**
 * The consent regime of a host's pages in a locale (consentRegime.ts), from its place's country
 * and the language. The microsites host has no country: it asks first.
 */
export function hostConsentRegime(slug: string | undefined, locale: WebsiteLocale): ConsentRegime {
  return consentRegimeFor(slug ? PLACES[slug]?.country : undefined, locale);
}

export interface SharedPageFormat {
  locale: WebsiteLocale;
  formatLocale: string;
  regime: ConsentRegime;
}

/**
 * Every (locale, regional locale, consent regime) some host shows a page shared by all hosts in,
 * such as a legal page: one static page each, since a static page cannot ask for the host. An
 * opt-out host's pages also come opt-in, for visitors whose country asks first (routeRequest.ts).
 */
export function sharedPageFormats(entries: readonly DomainEntry[]): SharedPageFormat[] {
  const inRegimes = (locale: WebsiteLocale, formatLocale: string, regime: ConsentRegime): SharedPageFormat[] =>
    (regime === 'opt-out' ? CONSENT_REGIMES : [regime]).map((each) => ({ locale, formatLocale, regime: each }));
  const formats: SharedPageFormat[] = [
    ...WEBSITE_LOCALES.map((locale) => ({
      locale,
      formatLocale: hostFormatLocale(undefined, locale),
      regime: hostConsentRegime(undefined, locale),
    })),
    ...entries.flatMap((entry) =>
      entry.locales.flatMap((locale) =>
        inRegimes(locale, hostFormatLocale(entry.slug, locale), hostConsentRegime(entry.slug, locale)),
      ),
    ),
  ];
  return [
    ...new Map(formats.map((format) => [`${format.locale} ${format.formatLocale} ${format.regime}`, format])).values(),
  ];
}
