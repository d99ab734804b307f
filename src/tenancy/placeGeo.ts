// Where a place is, checked against what tenants/places.json says of it. Build time only
// (scripts/check-tenants.mts): country-coder carries the world's borders, which no page needs
// (.dependency-cruiser.cjs keeps it out of app code).
import { feature, iso1A2Code, iso1A2Codes } from '@rapideditor/country-coder';
import { distanceKm, type LatLng } from '@/base/greatCircle';
import type { PlaceKind } from './types';

/**
 * How far outside its country's borders a place may stand. country-coder's borders are simplified,
 * and a place may sit on a border with its storage across it: St Peter's is in Vatican City, while
 * the storage near it, its prices and its consent rules are Italy's. Geneva station, 4 km from
 * France, still fails as French.
 */
export const BORDER_TOLERANCE_KM = 1;

/**
 * How far a station, airport or landmark may be from its parent city's coordinates. The map's
 * farthest today: a station 10.6 km (Tokyo Station), a landmark 13.9 km (Asakusa, from Tokyo), an
 * airport 67.9 km (Narita). A one-digit latitude typo moves a place 111 km or more.
 */
export const MAX_KM_FROM_CITY: Record<Exclude<PlaceKind, 'city'>, number> = { station: 30, landmark: 30, airport: 80 };
type CityPart = keyof typeof MAX_KM_FROM_CITY;

export const isCityPart = (kind: unknown): kind is CityPart => Object.hasOwn(MAX_KM_FROM_CITY, String(kind));

const KM_PER_DEGREE = 111.32;

/** Whether `code` is an ISO 3166-1 alpha-2 code that country-coder has borders for. */
export function isCountryCode(code: string): boolean {
  return feature(code)?.properties.iso1A2 === code;
}

export const countryName = (code: string) => `${feature(code)?.properties.nameEn ?? code} (${code})`;

/** Whether the borders of `country` come within BORDER_TOLERANCE_KM of the point. */
function isNear(point: LatLng, country: string): boolean {
  const dLat = BORDER_TOLERANCE_KM / KM_PER_DEGREE;
  const dLng = BORDER_TOLERANCE_KM / (KM_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180));
  return iso1A2Codes([point.lng - dLng, point.lat - dLat, point.lng + dLng, point.lat + dLat]).includes(country);
}

/** Why a place's coordinates cannot be in its country, or undefined when they are. */
export function countryProblem(place: LatLng & { country: string }): string | undefined {
  const { lat, lng, country } = place;
  if (isNear(place, country)) return undefined;
  // The usual slip: each number pasted into the other's field.
  // (A longitude past 90 makes no latitude: country-coder finds no country there.)
  if (isNear({ lat: lng, lng: lat }, country))
    return `lat and lng look swapped: (lng, lat) is in ${countryName(country)}`;
  const found = iso1A2Code([lng, lat]);
  const where = found ? `is in ${countryName(found)}` : 'is in no country';
  return `(${lat}, ${lng}) ${where}, not in its country ${countryName(country)}; check lat, lng and country`;
}

/** Why a place is too far from its parent city to be the place the city's page lists. */
export function cityDistanceProblem(kind: CityPart, place: LatLng, citySlug: string, city: LatLng): string | undefined {
  const km = distanceKm(place, city);
  const limit = MAX_KM_FROM_CITY[kind];
  if (km <= limit) return undefined;
  return `${Math.round(km)} km from its city "${citySlug}"; ${kind}s are at most ${limit} km from theirs: check lat, lng and city`;
}
