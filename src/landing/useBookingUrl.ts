import { useSyncExternalStore } from 'react';
import { publicEnv } from '@/config/publicEnv';
import { useConsent } from '@/consent/ConsentContext';
import { buildBookingUrl, type BookingTarget } from './bookingUrl';
import type { LandingProps } from './types';

/** Where a landing page's booking links search. */
export function bookingTarget({ slug, type, place, locale }: LandingProps): BookingTarget {
  return { slug, type, lat: place.lat, lng: place.lng, locale };
}

const unchanging = () => () => {};

/**
 * The booking link, first without campaign parameters (static HTML, and hydration), then with
 * those of this visit once the browser's URL is known and analytics is allowed (a choice made on
 * the page updates it). Each link reads the URL itself, so the update re-renders the link alone
 * and not the page around it.
 */
export function useBookingUrl(target: BookingTarget): string {
  const landingSearch = useSyncExternalStore(unchanging, () => window.location.search, () => '');
  const { consent } = useConsent();
  return buildBookingUrl(publicEnv.customerAppUrl, target, landingSearch, consent?.analytics === true);
}
