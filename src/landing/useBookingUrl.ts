import { useSyncExternalStore } from 'react';
import { landingSearch } from '@/base/arrival';
import { publicEnv } from '@/config/builtEnv';
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
 * those of this visit's landing query (src/base/arrival.ts) once analytics is allowed (a choice
 * made on the page updates it). Each link reads the query itself, so the update re-renders the
 * link alone and not the page around it.
 */
export function useBookingUrl(target: BookingTarget): string {
  const search = useSyncExternalStore(unchanging, landingSearch, () => '');
  const { consent } = useConsent();
  return buildBookingUrl(publicEnv.customerAppUrl, target, search, consent?.analytics === true);
}
