import { AppQueryProvider } from '@/shell/AppQueryProvider';
import type { LandingProps } from '../types';
import { bookingTarget, useBookingUrl } from '../useBookingUrl';
import { StorageSpots } from './StorageSpots';

/** The section as a landing page loads it on demand, together with the app's data cache. */
export function LiveStorageSpots({ props, graphqlUrl }: { props: LandingProps; graphqlUrl: string }) {
  const { slug, place, locale } = props;
  const bookingUrl = useBookingUrl(bookingTarget(props));
  return (
    <AppQueryProvider>
      <StorageSpots graphqlUrl={graphqlUrl} slug={slug} lat={place.lat} lng={place.lng} where={place.where} locale={locale} bookingUrl={bookingUrl} />
    </AppQueryProvider>
  );
}
