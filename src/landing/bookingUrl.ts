import { bookingParameters } from '@/consent/pageAddress';

export interface BookingTarget {
  slug: string;
  type: string;
  lat: number;
  lng: number;
  locale: string;
}

/** The customer-app search for storage near the place, with the visit's campaign parameters where analytics is allowed. */
export function buildBookingUrl(
  customerAppUrl: string,
  target: BookingTarget,
  landingSearch = '',
  analyticsAllowed = false,
): string {
  const url = new URL('/search', `${customerAppUrl}/`);
  url.searchParams.set('place', target.slug);
  url.searchParams.set('type', target.type);
  url.searchParams.set('lat', String(target.lat));
  url.searchParams.set('lng', String(target.lng));
  url.searchParams.set('lang', target.locale);
  // The campaign and an ad's click id are measurement, which "Reject all" refuses (issue 36 item 2).
  for (const [key, value] of bookingParameters(landingSearch, analyticsAllowed)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * What a booking link tells Datadog's session replay: once it carries the visit's campaign and click
 * ids (analytics allowed), `mask`, so the replay keeps no `href` of it (Datadog masks a link's href
 * in that mode); until then nothing, which keeps the static page's bytes.
 */
export function bookingLinkReplayPrivacy(href: string): { 'data-dd-privacy'?: 'mask' } {
  const { search } = new URL(href, 'https://example.invalid');
  return bookingParameters(search, true).length > 0 ? { 'data-dd-privacy': 'mask' } : {};
}
