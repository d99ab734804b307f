import { AppQueryProvider } from '@/shell/AppQueryProvider';
import { StorageSpots, type StorageSpotsProps } from './StorageSpots';

/** The section as the page loads it on demand, together with the app's data cache. */
export function LiveStorageSpots(props: StorageSpotsProps) {
  return (
    <AppQueryProvider>
      <StorageSpots {...props} />
    </AppQueryProvider>
  );
}
