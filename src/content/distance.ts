import type { RegionalFormat } from '@/i18n/regionalLocale';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG); the haversine error of a sphere is well under the 0.1 shown. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance in the host country's system (src/i18n/regionalLocale.ts): miles in GB and the US,
 * kilometres elsewhere, to one decimal, with the regional locale's digits: `1.2 mi` in en-GB,
 * `1.9 km` in en-IE and de-CH, `1,9 km` in de-DE.
 */
export function formatDistance(km: number, format: RegionalFormat): string {
  const imperial = format.distanceSystem === 'IMPERIAL';
  const value = imperial ? km / KM_PER_MILE : km;
  // Two different places never read as "0 km" apart, even next-door stations.
  const shown = Math.max(value, 0.1);
  return new Intl.NumberFormat(format.locale, { style: 'unit', unit: imperial ? 'mile' : 'kilometer', maximumFractionDigits: 1 }).format(shown);
}
