/**
 * Live storage spots near a place, from the environment's GraphQL API (spec §7).
 *
 * The one request the section sends: `POST {GRAPHQL_URL}` with `Content-Type: application/json`,
 * `Accept-Language` naming the page's regional locale, then its language (`ja-JP, ja;q=0.9`: the
 * API's free text, such as opening hours, in the page's language, as HTTP asks of any server) and the body
 * `{ "query": STORAGE_SPOTS_QUERY, "variables": { lat, lng, radiusKm, limit } }`:
 *
 * ```graphql
 * query StorageSpotsNear($lat: Float!, $lng: Float!, $radiusKm: Float!, $limit: Int!) {
 *   storageSpotsNear(lat: $lat, lng: $lng, radiusKm: $radiusKm, limit: $limit) {
 *     id name distanceKm rating openingHours price { amount currency }
 *   }
 * }
 * ```
 *
 * The answer is the usual GraphQL envelope, `{ "data": { "storageSpotsNear": [StorageSpot, …] } }`.
 * Anything else (a non-2xx status, an `errors` array, a missing or malformed field) throws, so
 * react-query retries it and the section shows its quiet error state: a spot is only ever shown
 * exactly as the API sent it.
 */
import { isObject } from '@/base/isObject';

export const STORAGE_SPOTS_QUERY = /* GraphQL */ `
  query StorageSpotsNear($lat: Float!, $lng: Float!, $radiusKm: Float!, $limit: Int!) {
    storageSpotsNear(lat: $lat, lng: $lng, radiusKm: $radiusKm, limit: $limit) {
      id
      name
      distanceKm
      rating
      openingHours
      price {
        amount
        currency
      }
    }
  }
`;

/** How far around the place spots are searched, and how many are shown at most. */
export const STORAGE_SPOTS_RADIUS_KM = 2;
export const STORAGE_SPOTS_LIMIT = 6;

export interface StorageSpotsVariables {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

interface StorageSpotPrice {
  amount: number;
  /** ISO 4217 code, e.g. GBP. */
  currency: string;
}

export interface StorageSpot {
  id: string;
  name: string;
  distanceKm: number;
  /** 0 to 5; null when the spot has no reviews yet. */
  rating: number | null;
  /** Free text from the API in the asked language, e.g. "08:00–22:00"; null when unknown. */
  openingHours: string | null;
  /** Price per bag per day; null when the API has none. */
  price: StorageSpotPrice | null;
}

/** Thrown for any answer that is not a well-formed list of spots. */
class StorageSpotsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageSpotsError';
  }
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function parsePrice(value: unknown): StorageSpotPrice | null | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isFiniteNumber(value.amount) || value.amount < 0) return undefined;
  if (typeof value.currency !== 'string' || !/^[A-Z]{3}$/.test(value.currency)) return undefined;
  return { amount: value.amount, currency: value.currency };
}

function parseSpot(value: unknown, index: number): StorageSpot {
  const bad = (field: string) => new StorageSpotsError(`Malformed storage spot at index ${index}: field "${field}"`);
  if (!isObject(value)) throw bad('(spot)');
  const { id, name, distanceKm, rating, openingHours } = value;
  if (!isNonEmptyString(id)) throw bad('id');
  if (!isNonEmptyString(name)) throw bad('name');
  if (!isFiniteNumber(distanceKm) || distanceKm < 0) throw bad('distanceKm');
  if (rating !== null && (!isFiniteNumber(rating) || rating < 0 || rating > 5)) throw bad('rating');
  if (openingHours !== null && typeof openingHours !== 'string') throw bad('openingHours');
  const price = parsePrice(value.price);
  if (price === undefined) throw bad('price');
  return { id, name, distanceKm, rating, openingHours: openingHours?.trim() ? openingHours : null, price };
}

/** Checks a parsed response body and returns its spots; throws on GraphQL errors or any other shape. */
export function parseStorageSpotsResponse(body: unknown): StorageSpot[] {
  if (!isObject(body)) throw new StorageSpotsError('Storage spots response is not a JSON object');
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const messages = body.errors.map((error) =>
      isObject(error) && typeof error.message === 'string' ? error.message : 'unknown error',
    );
    throw new StorageSpotsError(`Storage spots query failed: ${messages.join('; ')}`);
  }
  if (!isObject(body.data) || !Array.isArray(body.data.storageSpotsNear)) {
    throw new StorageSpotsError('Malformed storage spots response: data.storageSpotsNear is not a list');
  }
  const spots = body.data.storageSpotsNear.map(parseSpot);
  if (new Set(spots.map((spot) => spot.id)).size !== spots.length)
    throw new StorageSpotsError('Malformed storage spots response: duplicate ids');
  return spots;
}

/** The regional locale first, then its language, for an API that knows `ja` but not `ja-JP`. */
function acceptLanguage(locale: string): string {
  const [language = locale] = locale.split('-');
  return language === locale ? locale : `${locale}, ${language};q=0.9`;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface StorageSpotsRequestOptions {
  /** The page's BCP 47 regional locale (RegionalFormat's, e.g. ja-JP), which the API's free text is asked in. */
  locale: string;
  fetchImpl?: FetchLike;
  signal?: AbortSignal;
}

/** POSTs the query and returns the spots; throws on a non-2xx status, GraphQL errors or a malformed body. */
export async function fetchStorageSpots(
  graphqlUrl: string,
  variables: StorageSpotsVariables,
  { locale, fetchImpl = (input, init) => fetch(input, init), signal }: StorageSpotsRequestOptions,
): Promise<StorageSpot[]> {
  const response = await fetchImpl(graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'accept-language': acceptLanguage(locale),
    },
    body: JSON.stringify({ query: STORAGE_SPOTS_QUERY, variables }),
    signal,
  });
  if (!response.ok) throw new StorageSpotsError(`Storage spots request failed with HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new StorageSpotsError('Storage spots response is not valid JSON');
  }
  return parseStorageSpotsResponse(body);
}
