import type { PlaceKind } from '@/tenancy/types';

/** Questions every page answers. */
const SHARED_TOPICS = ['hours', 'size', 'guarantee', 'cancel', 'id', 'find'] as const;

/** Questions about this kind of place: flights and layovers, early trains and day trips, visits without bags, exploring the city. */
const TOPICS_BY_KIND = {
  airport: ['layover', 'flight'],
  station: ['early', 'dayTrip'],
  landmark: ['visit', 'departure'],
  city: ['checkout', 'arrival'],
} as const satisfies Record<PlaceKind, readonly string[]>;

export type FaqTopic = (typeof SHARED_TOPICS)[number] | (typeof TOPICS_BY_KIND)[PlaceKind][number];

export interface FaqItem {
  topic: FaqTopic;
  /** Key prefix in the `microsites` namespace: `{key}.q` and `{key}.a`. */
  key: string;
}

/** The page's questions, its kind's first; the visible FAQ and its FAQPage structured data both list these. */
export function faqItems(kind: PlaceKind): FaqItem[] {
  return [
    ...TOPICS_BY_KIND[kind].map((topic) => ({ topic, key: `faq.byKind.${kind}.${topic}` })),
    ...SHARED_TOPICS.map((topic) => ({ topic, key: `faq.${topic}` })),
  ];
}
