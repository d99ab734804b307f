import { useEffect, useState } from 'react';
import { publicEnv } from '@/config/publicEnv';
import { buildBookingUrl, type BookingTarget } from './bookingUrl';

/**
 * The booking link, first without campaign parameters (static HTML), then with those of this
 * visit once the browser's URL is known.
 */
export function useBookingUrl(target: BookingTarget): string {
  const base = buildBookingUrl(publicEnv.customerAppUrl, target);
  const [url, setUrl] = useState(base);
  useEffect(() => {
    setUrl(buildBookingUrl(publicEnv.customerAppUrl, target, window.location.search));
  }, [base]); // eslint-disable-line react-hooks/exhaustive-deps -- base captures every field of target
  return url;
}
