import { useSyncExternalStore } from 'react';
import { landingSearch } from '@/base/arrival';
import { publicEnv } from '@/config/builtEnv';
import { useConsentState } from '@/consent/ConsentContext';
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
 * made on the page updates it). Only a landing query makes the link depend on the consent, so a
 * visit without one does not render the view again when its consent becomes known at mount.
 */
export function useBookingUrl(target: BookingTarget): string {
  const search = useSyncExternalStore(unchanging, landingSearch, () => '');
  const analytics = useConsentState(({ consent }) => search !== '' && consent?.analytics === true);
  return buildBookingUrl(publicEnv.customerAppUrl, target, search, analytics);
}
