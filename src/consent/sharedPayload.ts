import { isClickId, sharedSearch, type Audience } from './pageAddress';

/**
 * The rule of pageAddress.ts applied to what the SDKs send: URLs, referrers and whole payloads
 * (docs/consent.md, "What travels with a page view"). Only the SDKs' code imports it, so it loads
 * with them, out of the first load.
 */

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
    if (isClickId(name)) continue;
    if (typeof inner === 'string' && /referr?er$/i.test(name)) shared[key] = sharedReferrer(inner);
    else if (typeof inner === 'string' && name === 'search') shared[key] = sharedSearch(inner, audience);
    else shared[key] = sharedPayload(inner, pageOrigin, audience);
  }
  return shared as T;
}
