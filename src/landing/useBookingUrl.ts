import { useSyncExternalStore } from 'react';
import { publicEnv } from '@/config/publicEnv';
import { buildBookingUrl, type BookingTarget } from './bookingUrl';
import type { LandingProps } from './types';

/** Where a landing page's booking links search. */
export function bookingTarget({ slug, type, place, locale }: LandingProps): BookingTarget {
  return { slug, type, lat: place.lat, lng: place.lng, locale };
}

const unchanging = () => () => {};

/**
 * The booking link, first without campaign parameters (static HTML, and hydration), then with
 * those of this visit once the browser's URL is known. Each link reads the URL itself, so the
 * update re-renders the link alone and not the page around it.
 */
export function useBookingUrl(target: BookingTarget): string {
  const landingSearch = useSyncExternalStore(unchanging, () => window.location.search, () => '');
  return buildBookingUrl(publicEnv.customerAppUrl, target, landingSearch);
}
