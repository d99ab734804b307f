import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchStorageSpots, STORAGE_SPOTS_LIMIT, STORAGE_SPOTS_RADIUS_KM, type StorageSpot } from './storageQuery';

export interface StorageSpotsTarget {
  graphqlUrl: string;
  slug: string;
  lat: number;
  lng: number;
  /** The page's regional locale, which the API's free text is asked in (storageQuery.ts). */
  locale: string;
}

/**
 * Storage spots near a place, fetched in the browser as soon as the section asks. No initial data:
 * the server's list reaches the section already formatted (spotCards.ts), and the section keeps it
 * on screen until this answers, and if this fails. Retry count and delay are the app QueryClient's
 * defaults (spec §8, §9: 3 retries on the client, the delay doubling up to 30 s), so nothing here
 * overrides them.
 */
export function useStorageSpots({
  graphqlUrl,
  slug,
  lat,
  lng,
  locale,
}: StorageSpotsTarget): UseQueryResult<StorageSpot[], Error> {
  return useQuery({
    queryKey: ['storageSpots', slug, locale],
    queryFn: ({ signal }) =>
      fetchStorageSpots(
        graphqlUrl,
        { lat, lng, radiusKm: STORAGE_SPOTS_RADIUS_KM, limit: STORAGE_SPOTS_LIMIT },
        { locale, signal },
      ),
  });
}
