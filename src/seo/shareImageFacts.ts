import { pricePointFor } from '@/content/pricing';
import { formatMoney } from '@/i18n/formatMoney';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const KIND_LABELS = { city: 'City', station: 'Train station', airport: 'Airport', landmark: 'Landmark' } as const;

/** What the share image of `{slug}-{type}` shows, in English (one image serves every language); null when no such page. */
export function shareImageFacts(page: string): { placeName: string; kindLabel: string; price: string } | null {
  const match = /^([a-z0-9-]+)-(poi|city)$/.exec(page);
  if (!match) return null;
  const [, slug, type] = match as unknown as [string, string, string];
  const place = PLACES[slug];
  if (!place || !DOMAIN_ENTRIES.some((entry) => entry.path === `/${slug}/${type}`)) return null;
  return {
    placeName: place.name.en,
    kindLabel: KIND_LABELS[place.kind],
    price: formatMoney(pricePointFor(place.currency).dailyFrom, place.currency, 'en'),
  };
}
