import { normalizeHost } from '@/tenancy/normalizeHost';

type Headers = Record<string, string | string[] | undefined>;

/** The normalized hostname of an Origin or Referer value; undefined for `null` or anything unparsable. */
function hostnameOf(url: string | string[]): string | undefined {
  try {
    return normalizeHost(new URL(String(url)).hostname);
  } catch {
    return undefined;
  }
}

/**
 * Whether a form POST was sent by one of this host's own pages, so that another site cannot make a
 * visitor's browser submit it (docs/security.md, cross-site form posts). The browser's
 * Sec-Fetch-Site decides when present; else the Origin's host, else the Referer's, must be `ownHost`
 * (normalized). A request that carries none of them proves nothing and is refused: browsers have
 * sent Sec-Fetch-Site or Origin on form POSTs since about 2020.
 */
export function isOwnSitePost(headers: Headers, ownHost: string): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const evidence = headers.origin ?? headers.referer;
  return evidence !== undefined && ownHost !== '' && hostnameOf(evidence) === ownHost;
}
