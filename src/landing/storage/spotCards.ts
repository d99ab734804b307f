import { formatDistance } from '@/content/distance';
import { formatMoney } from '@/i18n/formatMoney';
import type { RegionalFormat } from '@/i18n/regionalLocale';
import type { StorageSpotsState } from './server';
import type { StorageSpot } from './storageQuery';

/** One spot as its card shows it: every number already written in the page's regional format. */
export interface SpotCardText {
  id: string;
  name: string;
  /** In the page's distance system, e.g. "0.2 mi" (GB, US) or "0,3 km" (de-DE). */
  distance: string;
  /** One decimal, e.g. "4.8"; null when the spot has no reviews yet. */
  rating: string | null;
  openingHours: string | null;
  /** Per bag per day, e.g. "€5", "800円"; null when the API has none. */
  price: string | null;
}

/**
 * What the section shows, as the page props carry it: the cards formatted on the server
 * (getStaticProps), so hydrating them builds no Intl object in the browser, and the fingerprint of
 * the API's list they were made from, which tells the browser's refresh whether anything changed.
 */
export type StorageSpotsSection = { status: 'ok'; cards: SpotCardText[]; fingerprint: string } | { status: 'error' };

const formatRating = (rating: number, format: RegionalFormat): string =>
  new Intl.NumberFormat(format.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);

/** A spot's card text; builds Intl formatters, so it runs on the server, or in the browser only after hydration. */
export function spotCard(spot: StorageSpot, format: RegionalFormat): SpotCardText {
  return {
    id: spot.id,
    name: spot.name,
    distance: formatDistance(spot.distanceKm, format),
    rating: spot.rating === null ? null : formatRating(spot.rating, format),
    openingHours: spot.openingHours,
    price: spot.price === null ? null : formatMoney(spot.price.amount, spot.price.currency, format),
  };
}

/**
 * A short, stable digest of the API's list (FNV-1a over its JSON; parseSpot builds every spot with
 * the same key order on the server and in the browser). Equal lists give equal fingerprints.
 */
export function spotsFingerprint(spots: readonly StorageSpot[]): string {
  const text = JSON.stringify(spots);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${spots.length}`;
}

/** The section's props from the API's answer: cards in the page's format, or the quiet error state. */
export function storageSpotsSection(state: StorageSpotsState, format: RegionalFormat): StorageSpotsSection {
  if (state.status === 'error') return state;
  return {
    status: 'ok',
    cards: state.spots.map((spot) => spotCard(spot, format)),
    fingerprint: spotsFingerprint(state.spots),
  };
}
