import { useMemo } from 'react';
import { AppQueryProvider } from '@/shell/AppQueryProvider';
import type { RegionalFormat } from '@/i18n/regionalLocale';
import { spotsFingerprint, storageSpotsSection, type StorageSpotsSection } from './spotCards';
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
  /** How a refreshed list is written, once it differs from the server's. */
  format: RegionalFormat;
  bookingUrl: string;
  /** What the server rendered, formatted, from getStaticProps; undefined shows the loading state. */
  initial?: StorageSpotsSection;
}

/**
 * react-query refreshes the spots; the server's list stays on screen meanwhile, and when the
 * refresh fails. A refreshed list equal to the server's (the usual case) keeps the server's cards,
 * so the browser formats nothing; a changed one is formatted here, after hydration.
 */
export function StorageSpotsRefresher({ graphqlUrl, place, format, bookingUrl, initial }: StorageSpotsRefresherProps) {
  const { slug, lat, lng, where } = place;
  const query = useStorageSpots({ graphqlUrl, slug, lat, lng, locale: format.locale });
  const refreshed = useMemo((): StorageSpotsSection | undefined => {
    if (!query.data) return undefined;
    if (initial?.status === 'ok' && spotsFingerprint(query.data) === initial.fingerprint) return initial;
    return storageSpotsSection({ status: 'ok', spots: query.data }, format);
  }, [query.data, initial, format]);
  const state: StorageSpotsSection | undefined =
    refreshed ?? (initial?.status !== 'ok' && query.isError ? { status: 'error' } : initial);
  return <StorageSpotsView state={state} where={where} bookingUrl={bookingUrl} />;
}
