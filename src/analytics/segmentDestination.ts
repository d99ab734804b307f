import { AnalyticsBrowser, type Context, type Plugin } from '@segment/analytics-next';
import type { SetupContext } from './Analytics';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import {
  IDENTITY_COOKIE_DAYS,
  IDENTITY_COOKIE_SAME_SITE,
  SEGMENT_BATCH_SIZE,
  SEGMENT_BATCH_TIMEOUT_MS,
  SEGMENT_RETRY_QUEUE,
} from './constants';
import { segmentRateLimitRoute } from './rateLimitReset';
import type { AnalyticsEvent, Destination } from './types';
import { installFetchRoute, stopFetches } from '@/base/vendorFetch';
import { yieldToMain } from '@/base/yieldToMain';
import { landingSearch } from '@/base/arrival';
import { sharedSearch } from '@/consent/pageAddress';
import { sharedPayload, sharedReferrer, sharedUrl } from '@/consent/sharedPayload';

type SegmentConfig = NonNullable<AnalyticsConfig['segment']>;
type Analytics = Awaited<ReturnType<typeof AnalyticsBrowser.load>>[0];

/** Spec §8: up to 10 retries in batching mode. */
const SEGMENT_BATCH_RETRIES = 10;

/** Segment's tracking API when no override is set. */
const SEGMENT_API_BASE = 'https://api.segment.io/v1';

/** Segment wants the API host without its scheme, and the scheme apart. */
export function segmentApiHost(apiHost: string): { apiHost: string; protocol: 'http' | 'https' } {
  const url = new URL(apiHost);
  return {
    apiHost: `${url.host}${url.pathname.replace(/\/+$/, '')}`,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

export function segmentLoadOptions(config: SegmentConfig, secureCookie: boolean) {
  return {
    initialPageview: false,
    // The `ajs_*` query parameters would identify or track from a link: no link speaks for a visitor.
    useQueryString: false,
    retryQueue: SEGMENT_RETRY_QUEUE,
    cookie: { maxage: IDENTITY_COOKIE_DAYS, sameSite: IDENTITY_COOKIE_SAME_SITE, secure: secureCookie },
    integrations: {
      'Segment.io': {
        ...(config.apiHost && segmentApiHost(config.apiHost)),
        deliveryStrategy: {
          strategy: 'batching' as const,
          config: { size: SEGMENT_BATCH_SIZE, timeout: SEGMENT_BATCH_TIMEOUT_MS, maxRetries: SEGMENT_BATCH_RETRIES },
        },
      },
    },
  };
}

/** Segment's page context (its `context.page`, and a page event's properties) as the rule lets it travel. */
export interface SegmentPage {
  path: string;
  referrer: string;
  search: string;
  title: string;
  url: string;
}

/**
 * The page as Segment may see it: it would read the address, the canonical link and the whole
 * referrer itself; given a page context, it takes that (and the campaign from its `search`).
 */
export function segmentPage(
  location: Pick<Location, 'origin' | 'pathname'>,
  search: string,
  referrer: string,
  title: string,
): SegmentPage {
  return {
    path: location.pathname,
    referrer: sharedReferrer(referrer),
    search: sharedSearch(search, 'analytics'),
    title,
    url: sharedUrl(`${location.origin}${location.pathname}${search}`, location.origin, 'analytics'),
  };
}

export function sendToSegment(
  client: Pick<Analytics, 'page' | 'track' | 'identify' | 'alias' | 'group'>,
  event: AnalyticsEvent,
  page: SegmentPage,
): void {
  const options = { context: { page } };
  switch (event.type) {
    case 'page':
      void client.page(event.category ?? null, event.name ?? null, { ...event.properties, ...page }, options);
      return;
    case 'track':
      void client.track(event.name as string, event.properties, options);
      return;
    case 'identify':
      void (event.userId
        ? client.identify(event.userId, event.traits, options)
        : client.identify(null, event.traits, options));
      return;
    case 'alias':
      void client.alias(event.userId as string, event.previousId);
      return;
    case 'group':
      void client.group(event.groupId as string, event.traits);
      return;
    case 'screen':
      return;
  }
}

/** A Segment plugin must provide load, isLoaded, name, version and type (spec §5). */
function pageContextPlugin(enrich: () => Record<string, string>, origin: string): Plugin {
  // The rule once more over what leaves, for what a caller or Segment itself put in.
  const addContext = (ctx: Context) => {
    ctx.event.properties = sharedPayload({ ...ctx.event.properties, ...enrich() }, origin, 'analytics');
    if (ctx.event.context?.page) ctx.event.context.page = sharedPayload(ctx.event.context.page, origin, 'analytics');
    return ctx;
  };
  return {
    name: 'Microsites Page Context',
    type: 'enrichment',
    version: '1.0.0',
    isLoaded: () => true,
    load: () => Promise.resolve(),
    page: addContext,
    track: addContext,
    identify: addContext,
    alias: addContext,
    group: addContext,
  };
}

/** Spec §4: a new anonymous id clears the traits Segment keeps (it merges them into every identify). */
export function resetSegmentIdentity(client: Pick<Analytics, 'setAnonymousId' | 'user'>, anonymousId: string): void {
  client.setAnonymousId(anonymousId);
  client.user().traits({});
}

export async function loadSegment(
  config: SegmentConfig,
  context: SetupContext,
  enrich: () => Record<string, string>,
): Promise<Destination> {
  const endpoint = `${(config.apiHost ?? SEGMENT_API_BASE).replace(/\/+$/, '')}/`;
  installFetchRoute(segmentRateLimitRoute(endpoint));
  const [client] = await AnalyticsBrowser.load(
    { writeKey: config.writeKey, ...(config.cdnUrl && { cdnURL: config.cdnUrl }) },
    segmentLoadOptions(config, window.location.protocol === 'https:'),
  );
  // Each part of the start in a task of its own (docs/performance.md, "The SDKs' set-up in tasks under 50 ms").
  await yieldToMain();
  client.setAnonymousId(context.anonymousId);
  await yieldToMain();
  await client.register(pageContextPlugin(enrich, window.location.origin));
  return {
    name: 'Segment',
    send: (event) =>
      sendToSegment(client, event, segmentPage(window.location, landingSearch(), document.referrer, document.title)),
    setAnonymousId: (anonymousId) => resetSegmentIdentity(client, anonymousId),
    // analytics-next has no opt-out or stop: its plugin is taken out, and what its dispatcher
    // still sends (its batch, on pagehide) goes to the stopped endpoint (src/base/vendorFetch.ts).
    stop: async () => {
      stopFetches([endpoint]);
      await client.deregister('Segment.io');
    },
  };
}
