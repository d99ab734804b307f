import { useEffect, useState } from 'react';
import { publicEnv } from '@/config/publicEnv';
import { buildBookingUrl, type BookingTarget } from './bookingUrl';
import type { LandingProps } from './types';

/** Where a landing page's booking links search. */
export function bookingTarget({ slug, type, place, locale }: LandingProps): BookingTarget {
  return { slug, type, lat: place.lat, lng: place.lng, locale };
}

/**
 * The booking link, first without campaign parameters (static HTML), then with those of this
 * visit once the browser's URL is known. Each link owns this state, so the update re-renders the
 * link alone and not the page around it.
 */
export function useBookingUrl(target: BookingTarget): string {
  const base = buildBookingUrl(publicEnv.customerAppUrl, target);
  const [url, setUrl] = useState(base);
  useEffect(() => {
    setUrl(buildBookingUrl(publicEnv.customerAppUrl, target, window.location.search));
  }, [base]); // eslint-disable-line react-hooks/exhaustive-deps -- base captures every field of target
  return url;
}
