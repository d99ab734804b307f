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

/** A referrer as a processor may see it: the site's origin, or "" when there is none. */
export function sharedReferrer(referrer: string): string {
  try {
    const { origin, protocol } = new URL(referrer);
    return protocol === 'http:' || protocol === 'https:' ? origin : '';
  } catch {
    return '';
  }
}

/**
 * A URL as a processor may see it: on this page's origin, its path and what sharedSearch keeps;
 * elsewhere (a link out, another site's script), its origin and path. Never a fragment.
 */
export function sharedUrl(url: string, pageOrigin: string, audience: Audience): string {
  try {
    const parsed = new URL(url, pageOrigin);
    const own = parsed.origin === pageOrigin;
    return `${parsed.origin}${parsed.pathname}${own ? sharedSearch(parsed.search, audience) : ''}`;
  } catch {
    return '';
  }
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

/** An absolute http(s) URL anywhere in a text, up to a space, quote, bracket or angle bracket. */
const URL_IN_TEXT = /https?:\/\/[^\s"'<>()[\]{}]+/g;
/** A path with a query or fragment as a whole field, as some SDK fields carry it (`/?gclid=…`, `//cdn.example/x?…`). */
const PATH_WITH_QUERY = /^\/[^?#\s]*[?#]/;

function sharedText(text: string, pageOrigin: string, audience: Audience): string {
  if (PATH_WITH_QUERY.test(text)) {
    const shared = sharedUrl(text, pageOrigin, audience);
    // This site's path stays a path; another host's (`//host/…`) keeps its host.
    return shared.startsWith(`${pageOrigin}/`) ? shared.slice(pageOrigin.length) : shared;
  }
  return text.replace(URL_IN_TEXT, (url) => sharedUrl(url, pageOrigin, audience));
}

/**
 * An SDK payload (event properties, a page context, a log) with the rule applied to every value
 * in it: a field named for a click id is left out, one named for a referrer keeps its origin, one
 * named `search` what sharedSearch keeps, and every URL in any text is reduced by sharedUrl.
 */
export function sharedPayload<T>(value: T, pageOrigin: string, audience: Audience): T {
  if (typeof value === 'string') return sharedText(value, pageOrigin, audience) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => sharedPayload(item, pageOrigin, audience)) as T;
  if (value === null || typeof value !== 'object') return value;
  const shared: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = key.replace(/^initial_/, '');
    if (CLICK_IDS.has(name)) continue;
    if (typeof inner === 'string' && /referr?er$/i.test(name)) shared[key] = sharedReferrer(inner);
    else if (typeof inner === 'string' && name === 'search') shared[key] = sharedSearch(inner, audience);
    else shared[key] = sharedPayload(inner, pageOrigin, audience);
  }
  return shared as T;
}
