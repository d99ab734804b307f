import type { NextRouter } from 'next/router';

/**
 * The query the visitor arrived with, read once as the page's code starts, then taken out of the
 * address bar (issue 36 item 2, docs/consent.md "What travels with a page view"): every SDK reads
 * the address for itself (Amplitude's page views, Segment's page context, Datadog's views and
 * session replays), so a click id or an e-mail address a link put there would reach each. What
 * may travel is taken from here instead, by the rule in src/consent/pageAddress.ts.
 *
 * Next restores the address it read at start once it has hydrated (its query update), so the
 * query leaves through its router once that is done (leaveArrival, src/shell/useLeaveArrival.ts), which
 * also keeps its own copy (`asPath`, which the language switcher goes to) clean. The SDKs start
 * only after that (arrivalLeft). The fragment stays: it is how a link points into a page.
 */
const arrivalSearch = typeof location === 'undefined' ? '' : location.search;

let left: () => void = () => {};
const leaving = arrivalSearch ? new Promise<void>((resolve) => (left = resolve)) : Promise.resolve();

/** The landing address's query as the visitor arrived (`?a=b`, or ""); "" on the server. */
export const landingSearch = (): string => arrivalSearch;

/** Resolves once the address bar holds no query of the arrival: before then no SDK may start. */
export const arrivalLeft = (): Promise<void> => leaving;

/** Takes the query out of the address through the router, once it is ready (its query update is over). */
export async function leaveArrival(
  router: Pick<NextRouter, 'query' | 'pathname' | 'asPath' | 'replace'>,
): Promise<void> {
  if (window.location.search) {
    // Only the route's own parameters stay in the router's query; the address keeps path and fragment.
    const query = Object.fromEntries(
      Object.entries(router.query).filter(([key]) => router.pathname.includes(`[${key}]`)),
    );
    const path = router.asPath.replace(/[?#].*$/, '');
    await router
      .replace({ pathname: router.pathname, query }, `${path}${window.location.hash}`, { shallow: true, scroll: false })
      .catch(() => false);
  }
  left();
}
