import { publicEnv } from '@/config/builtEnv';
import type { Analytics } from './Analytics';
import type { AnalyticsEventName, MicrositesEventProperties } from './events';
import { buildPageContext, type PageContext } from './pageContext';
import { PAGE_VIEW_NAME } from './pageEvents';
import type { Properties } from './types';

/**
 * The first-load call buffer: the only analytics code in the first-load bundle. It holds the calls
 * made before the wrapper and its SDKs exist (startAnalytics.ts loads them once the page has
 * settled) and hands them over by the queue rules of spec §4. When analytics will never run (a
 * bot, no key, no consent), the buffer is dropped and later calls are ignored.
 */
type BufferedCall =
  | { type: 'page'; name: string; properties: Properties }
  | { type: 'track'; name: string; properties: Properties }
  | { type: 'identify'; userId?: string; traits: Properties };

/** The part of the wrapper the buffer feeds. */
export type BufferTarget = Pick<Analytics, 'page' | 'track' | 'identify'>;

/** Spec §4: only one page event is kept in the queue at a time; the newest replaces the older one. */
function enqueue(queue: readonly BufferedCall[], call: BufferedCall): BufferedCall[] {
  return call.type === 'page' ? [...queue.filter((queued) => queued.type !== 'page'), call] : [...queue, call];
}

/** Spec §4: identify entries merge into one; later traits override earlier ones, the last userId given is kept. */
function mergeIdentifies(
  identifies: ReadonlyArray<Extract<BufferedCall, { type: 'identify' }>>,
): BufferedCall | undefined {
  if (identifies.length === 0) return undefined;
  return identifies.reduce((merged, next) => ({
    type: 'identify',
    userId: next.userId ?? merged.userId,
    traits: { ...merged.traits, ...next.traits },
  }));
}

/** Spec §4 flush order: the page event first, then the merged identify, then the rest in arrival order. */
function flushOrder(queue: readonly BufferedCall[]): BufferedCall[] {
  const page = queue.find((call) => call.type === 'page');
  const identify = mergeIdentifies(
    queue.filter((call): call is Extract<BufferedCall, { type: 'identify' }> => call.type === 'identify'),
  );
  const rest = queue.filter((call) => call.type !== 'page' && call.type !== 'identify');
  return [page, identify, ...rest].filter((call): call is BufferedCall => call !== undefined);
}

let target: BufferTarget | null | undefined;
let onPageView: () => void = () => undefined;
let queue: BufferedCall[] = [];
let pageContext: PageContext | undefined;

function deliver(to: BufferTarget, call: BufferedCall): void {
  switch (call.type) {
    case 'page':
      to.page(call.name, call.properties);
      onPageView();
      return;
    case 'track':
      to.track(call.name, call.properties);
      return;
    case 'identify':
      to.identify(call.userId, call.traits);
      return;
  }
}

function record(call: BufferedCall): void {
  if (target) deliver(target, call);
  else if (target === undefined) queue = enqueue(queue, call);
}

/**
 * Hands the queue to the set-up wrapper in spec order and sends later calls straight through, or,
 * given null, drops the queue and every later call for good (spec §4: tracking disabled, queue cleared).
 */
export function connect(analytics: BufferTarget | null, pageViewHook: () => void = () => undefined): void {
  target = analytics;
  onPageView = pageViewHook;
  const pending = flushOrder(queue);
  queue = [];
  if (analytics) pending.forEach((call) => deliver(analytics, call));
}

/** Typed tracking for catalogue events: the name must exist, and known events get checked properties. */
export function trackEvent<Name extends AnalyticsEventName>(
  name: Name,
  properties: Name extends keyof MicrositesEventProperties ? MicrositesEventProperties[Name] : Properties,
): void {
  record({ type: 'track', name, properties });
}

/** Spec §4: the 'Microsites' page view with its route. */
export function sendPageView(route: string, locale: string): void {
  record({ type: 'page', name: PAGE_VIEW_NAME, properties: { route, locale } });
}

/** Queued like any early call, so it is merged with other identifies and sent after the page (spec §4). */
export function identify(userId: string | undefined, traits: Properties): void {
  record({ type: 'identify', userId, traits });
}

/** Kept current on every route change; both clients' enrichment reads it. */
export function setPageContext(host: string, path: string, search: string, locale: string): void {
  pageContext = buildPageContext(publicEnv.micrositesBaseUrl, host, path, search, locale);
}

export const currentPageContext = (): PageContext | undefined => pageContext;
