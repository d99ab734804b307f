import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchStorageSpots, STORAGE_SPOTS_LIMIT, STORAGE_SPOTS_RADIUS_KM, type StorageSpot } from './storageQuery';

export interface StorageSpotsTarget {
  graphqlUrl: string;
  slug: string;
  lat: number;
  lng: number;
  /** The list the server rendered; refreshed at once, as it is stale by then. */
  initial?: StorageSpot[];
}

/**
 * Storage spots near a place, fetched in the browser. Retry count and delay are the app
 * QueryClient's defaults (spec §8, §9: 3 retries on the client, the delay doubling up to 30 s),
 * so nothing here overrides them.
 */
export function useStorageSpots({
  graphqlUrl,
  slug,
  lat,
  lng,
  initial,
}: StorageSpotsTarget): UseQueryResult<StorageSpot[], Error> {
  return useQuery({
    queryKey: ['storageSpots', slug],
    queryFn: ({ signal }) =>
      fetchStorageSpots(
        graphqlUrl,
        { lat, lng, radiusKm: STORAGE_SPOTS_RADIUS_KM, limit: STORAGE_SPOTS_LIMIT },
        undefined,
        signal,
      ),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}
