/**
 * What of a page's address travels, one rule for every processor, every stored value and the
 * booking link (issue 36 item 2, docs/consent.md "What travels with a page view"):
 *
 * - UTM campaign parameters: to the analytics processors, which run only with analytics consent,
 *   and to the booking app with it; never to monitoring.
 * - Ad click ids (`gclid`, `fbclid`, `msclkid`, …): never to a processor, never stored; to the
 *   booking app only with analytics consent, where the booking is measured.
 * - Every other query parameter, and every fragment: nowhere. A newsletter link's e-mail address,
 *   a search term, a token stay in the visitor's address bar.
 * - A referrer: its origin only, never the page or the search there.
 *
 * The parameters' rule is here, where the booking link reads it in the first load; sharedPayload.ts
 * applies it to the SDKs' payloads, loaded with them.
 */

/** The campaign a link names, as ad and newsletter tools write it. */
export const CAMPAIGN_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
] as const;

/** Ad platforms' click ids: Google, Microsoft, Meta, TikTok, X, LinkedIn, Reddit, Kakao, Pinterest, Yandex, Instagram. */
export const CLICK_ID_PARAMETERS = [
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'fbclid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'rdt_cid',
  'ko_click_id',
  'epik',
  'yclid',
  'igshid',
] as const;

/** Who a value goes to: the analytics processors see the campaign, monitoring sees no query at all. */
export type Audience = 'analytics' | 'monitoring';

const CAMPAIGN: ReadonlySet<string> = new Set(CAMPAIGN_PARAMETERS);
const CLICK_IDS: ReadonlySet<string> = new Set(CLICK_ID_PARAMETERS);

/** Whether a query parameter (or a payload field) is named for an ad click id. */
export const isClickId = (name: string): boolean => CLICK_IDS.has(name);

/** A campaign value that is an e-mail address is a person, not a campaign. */
const personal = (value: string) => value.includes('@');

/** The query a processor may see of `search` (with or without its `?`): the campaign, for analytics; nothing for monitoring. */
export function sharedSearch(search: string, audience: Audience): string {
  if (audience !== 'analytics') return '';
  const kept = new URLSearchParams();
  new URLSearchParams(search).forEach((value, key) => {
    if (CAMPAIGN.has(key) && value && !personal(value)) kept.append(key, value);
  });
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/** The parameters the booking link carries from the landing address: campaign and click ids, only with analytics consent. */
export function bookingParameters(search: string, analyticsAllowed: boolean): [string, string][] {
  if (!analyticsAllowed) return [];
  const carried: [string, string][] = [];
  new URLSearchParams(search).forEach((value, key) => {
    if ((CAMPAIGN.has(key) || CLICK_IDS.has(key)) && value && !personal(value)) carried.push([key, value]);
  });
  return carried;
}
