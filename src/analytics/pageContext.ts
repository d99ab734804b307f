import { sharedSearch } from '@/consent/pageAddress';

/** Spec §3 analytics page context: what every event of either client carries. */
export interface PageContext {
  host: string;
  /** The landing path the host maps to (e.g. /prague/city), not the browser's `/`. */
  path: string;
  /** Microsites base + path + search: of the search, the campaign only (src/consent/pageAddress.ts). */
  url: string;
  locale: string;
}

export function buildPageContext(
  micrositesBaseUrl: string,
  host: string,
  path: string,
  search: string,
  locale: string,
): PageContext {
  return { host, path, url: `${micrositesBaseUrl}${path}${sharedSearch(search, 'analytics')}`, locale };
}

/** The enrichment both clients apply to every event (one function, two thin plugins). */
export function enrichmentProperties(context: PageContext | undefined): Record<string, string> {
  return context ? { host: context.host, path: context.path, url: context.url } : {};
}
