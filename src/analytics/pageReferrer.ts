/** Spec §9: the page-referrer cookie lasts 31,536,000,000 ms (365 days). */
export const PAGE_REFERRER_COOKIE_MS = 31_536_000_000;
export const PAGE_REFERRER_KEY = 'page-referrer';

export interface ExpiringCookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, expires: Date): void;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site that last sent the visitor here. Only its domain is kept: the page and query there are
 * none of ours, and may carry what the visitor typed. An arrival from another site rewrites it;
 * a page reached from this host keeps the one recorded. Called only once analytics is allowed and
 * set up (startAnalytics.ts): consent rules over the spec (docs/analytics.md).
 */
export function recordPageReferrer(
  referrer: string,
  ownHost: string,
  cookies: ExpiringCookieJar,
  now: number,
): string | undefined {
  const host = hostOf(referrer);
  if (!host || host === ownHost) return cookies.get(PAGE_REFERRER_KEY);
  cookies.set(PAGE_REFERRER_KEY, host, new Date(now + PAGE_REFERRER_COOKIE_MS));
  return host;
}
