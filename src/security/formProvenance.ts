import { canonicalOrigin } from './serverHeaders';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Whether a form POST was sent by one of this host's own pages, so that another site cannot make a
 * visitor's browser submit it (docs/security.md, cross-site form posts). The browser's
 * Sec-Fetch-Site decides when present; else the Origin, else the Referer's origin, must be
 * `ownOrigin` (requestOrigin: scheme, host and port), as the browser's same-origin rule compares
 * them: another port or scheme of the same host is another site. A request that carries none of
 * them proves nothing and is refused: browsers have sent Sec-Fetch-Site or Origin on form POSTs
 * since about 2020.
 */
export function isOwnSitePost(headers: Headers, ownOrigin: string | undefined): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  // Neither header: the empty string, no origin, never equal to one.
  return ownOrigin !== undefined && canonicalOrigin(String(headers.origin ?? headers.referer ?? '')) === ownOrigin;
}
