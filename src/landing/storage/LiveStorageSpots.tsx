import { AppQueryProvider } from '@/shell/AppQueryProvider';
import type { RegionalFormat } from '@/i18n/regionalLocale';
import type { StorageSpotsState } from './server';
import { StorageSpotsView } from './StorageSpots';
import { useStorageSpots } from './useStorageSpots';

/** The section once it comes near the viewport (loaded on demand, with the app's data cache). */
export function LiveStorageSpots(props: StorageSpotsRefresherProps) {
  return (
    <AppQueryProvider>
      <StorageSpotsRefresher {...props} />
    </AppQueryProvider>
  );
}

export interface StorageSpotsRefresherProps {
  graphqlUrl: string;
  place: { slug: string; lat: number; lng: number; where: string };
  format: RegionalFormat;
  bookingUrl: string;
  /** What the server rendered, from getStaticProps; undefined shows the loading state. */
  initial?: StorageSpotsState;
}

/** react-query refreshes the spots from the server's list, which stays on screen meanwhile. */
export function StorageSpotsRefresher({ graphqlUrl, place, format, bookingUrl, initial }: StorageSpotsRefresherProps) {
  const { slug, lat, lng, where } = place;
  const query = useStorageSpots({
    graphqlUrl,
    slug,
    lat,
    lng,
    initial: initial?.status === 'ok' ? initial.spots : undefined,
  });
  const state: StorageSpotsState | undefined = query.data
    ? { status: 'ok', spots: query.data }
    : query.isError
      ? { status: 'error' }
      : initial;
  return <StorageSpotsView state={state} where={where} format={format} bookingUrl={bookingUrl} />;
}
