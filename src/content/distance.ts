import { localeEntryFor } from '@/i18n/localeTable';
import type { WebsiteLocale } from '@/i18n/websiteLocales';

const KM_PER_MILE = 1.609344;

/**
 * A distance in the locale's distance system (spec §3): miles where it is IMPERIAL, kilometres
 * where it is METRIC, to one decimal: `1.2 mi` in en, `1,9 km` in de, written with the digits of
 * `formatLocale` (the host country's, `1.9 km` in Swiss German; see src/i18n/regionalLocale.ts).
 */
export function formatDistance(km: number, locale: WebsiteLocale, formatLocale?: string): string {
  const entry = localeEntryFor(locale);
  const imperial = entry.distanceSystem === 'IMPERIAL';
  const value = imperial ? km / KM_PER_MILE : km;
  // Two different places never read as "0 km" apart, even next-door stations.
  const shown = Math.max(value, 0.1);
  return new Intl.NumberFormat(formatLocale ?? entry.locale, { style: 'unit', unit: imperial ? 'mile' : 'kilometer', maximumFractionDigits: 1 }).format(shown);
}
