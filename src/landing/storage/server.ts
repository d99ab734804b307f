import { appLogger } from '@/base/logger';
import { fetchStorageSpots, STORAGE_SPOTS_LIMIT, STORAGE_SPOTS_RADIUS_KM, type StorageSpot } from './storageQuery';

/** What the page shows for the spots: the list the API sent, or its quiet error state. Never made up. */
export type StorageSpotsState = { status: 'ok'; spots: StorageSpot[] } | { status: 'error' };

/** How often a page with spots is rebuilt in the background (ISR), so the list stays fresh. */
export const STORAGE_SPOTS_REVALIDATE_SECONDS = 600;

// A page's consent-regime variants share its locale, so its spots: one request per place and locale
// within a short while.
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; state: Promise<StorageSpotsState> }>();
// A failing API is logged once per place a minute, however many of its languages asked.
const warnedAt = new Map<string, number>();

/**
 * The spots near a place for its server-rendered page (getStaticProps, at build and on
 * revalidation). A failing API never fails the page: it renders the error state and logs a line.
 * `fresh` (an on-demand revalidation, which someone asked for because the data changed) reads the
 * API again instead of the last minute's answer.
 */
export function storageSpotsFor(
  graphqlUrl: string,
  place: { slug: string; lat: number; lng: number },
  { locale, now = Date.now(), fresh = false }: { locale: string; now?: number; fresh?: boolean },
): Promise<StorageSpotsState> {
  const key = `${place.slug} ${locale}`;
  const cached = cache.get(key);
  if (!fresh && cached && now - cached.at < CACHE_MS) return cached.state;
  const state = fetchStorageSpots(
    graphqlUrl,
    {
      lat: place.lat,
      lng: place.lng,
      radiusKm: STORAGE_SPOTS_RADIUS_KM,
      limit: STORAGE_SPOTS_LIMIT,
    },
    { locale },
  ).then(
    (spots): StorageSpotsState => ({ status: 'ok', spots }),
    (error: unknown): StorageSpotsState => {
      const warned = warnedAt.get(place.slug);
      if (warned === undefined || now - warned >= CACHE_MS) {
        warnedAt.set(place.slug, now);
        appLogger.warn(
          `[storage] spots near ${place.slug} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return { status: 'error' };
    },
  );
  cache.set(key, { at: now, state });
  return state;
}
