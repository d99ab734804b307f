import { publicEnv } from '@/config/publicEnv';
import type { Analytics } from './Analytics';
import { PAGE_VIEW_NAME } from './constants';
import type { AnalyticsEventName, MicrositesEventProperties } from './events';
import { buildPageContext, type PageContext } from './pageContext';
import type { Properties } from './types';

/**
 * The first-load side of analytics: a few hundred bytes that buffer calls until the wrapper and
 * its SDKs arrive (startAnalytics.ts, loaded after the page is interactive), then hand them over
 * in order. When analytics will never run (a bot, no key), the buffer is dropped.
 */
type Call = (analytics: Analytics) => void;

let connected: Analytics | null | undefined;
let onPageView: () => void = () => undefined;
const buffered: Call[] = [];
let pageContext: PageContext | undefined;

function call(work: Call): void {
  if (connected) work(connected);
  else if (connected === undefined) buffered.push(work);
}

/** Hands the buffered calls to the set-up wrapper, or drops them for good when given null. */
export function connect(analytics: Analytics | null, pageViewHook: () => void = () => undefined): void {
  connected = analytics;
  onPageView = pageViewHook;
  const pending = buffered.splice(0);
  if (analytics) pending.forEach((work) => work(analytics));
}

/** Typed tracking for catalogue events: the name must exist, and known events get checked properties. */
export function trackEvent<Name extends AnalyticsEventName>(
  name: Name,
  properties: Name extends keyof MicrositesEventProperties ? MicrositesEventProperties[Name] : Properties,
): void {
  call((analytics) => analytics.track(name, properties));
}

/** Spec §4: the 'Microsites' page view with its route. */
export function sendPageView(route: string, locale: string): void {
  call((analytics) => {
    analytics.page(PAGE_VIEW_NAME, { route, locale });
    onPageView();
  });
}

/** Kept current on every route change; both clients' enrichment reads it. */
export function setPageContext(host: string, path: string, search: string, locale: string): void {
  pageContext = buildPageContext(publicEnv.micrositesBaseUrl, host, path, search, locale);
}

export const currentPageContext = (): PageContext | undefined => pageContext;
