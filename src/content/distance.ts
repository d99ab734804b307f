import type { RegionalFormat } from '@/i18n/regionalLocale';
import { milesWrittenOut, unitText } from '@/i18n/unitText';

const KM_PER_MILE = 1.609344;

/**
 * A distance in the host country's system (src/i18n/regionalLocale.ts): miles in GB and the US,
 * kilometres elsewhere, to one decimal, with the regional locale's digits: `1.2 mi` in en-GB,
 * `1.9 km` in en-IE and de-CH, `1,9 km` in de-DE, `1.2マイル` in Japanese.
 */
export function formatDistance(km: number, format: RegionalFormat): string {
  const imperial = format.distanceSystem === 'IMPERIAL';
  const value = imperial ? km / KM_PER_MILE : km;
  // Two different places never read as "0 km" apart, even next-door stations.
  const shown = Math.max(value, 0.1);
  // Intl joins number and unit with an ordinary space in most locales, so "0,7 / км" could break
  // across lines on a phone; a no-break space keeps them together.
  const unitDisplay = imperial && milesWrittenOut(format.locale) ? 'long' : 'short';
  return unitText(
    new Intl.NumberFormat(format.locale, {
      style: 'unit',
      unit: imperial ? 'mile' : 'kilometer',
      unitDisplay,
      maximumFractionDigits: 1,
    }).format(shown),
  ).replace(/ /g, '\u00a0');
}
