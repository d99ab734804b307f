/**
 * Campaign parameters carried from the landing URL into the booking app, only for a visitor who
 * allows analytics (issue 36 item 2): an ad's click id and the campaign are measurement, which
 * "Reject all" refuses. Every other parameter of the landing URL stays behind.
 */
const CARRIED_PARAMS = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/;

export interface BookingTarget {
  slug: string;
  type: string;
  lat: number;
  lng: number;
  locale: string;
}

/** The customer-app search for storage near the place, with the visit's campaign parameters where analytics is allowed. */
export function buildBookingUrl(customerAppUrl: string, target: BookingTarget, landingSearch = '', analyticsAllowed = false): string {
  const url = new URL('/search', `${customerAppUrl}/`);
  url.searchParams.set('place', target.slug);
  url.searchParams.set('type', target.type);
  url.searchParams.set('lat', String(target.lat));
  url.searchParams.set('lng', String(target.lng));
  url.searchParams.set('lang', target.locale);
  if (!analyticsAllowed) return url.toString();
  new URLSearchParams(landingSearch).forEach((value, key) => {
    if (CARRIED_PARAMS.test(key) && value) url.searchParams.set(key, value);
  });
  return url.toString();
}
