import { AnalyticsBrowser, type Context, type Plugin } from '@segment/analytics-next';
import type { SetupContext } from './Analytics';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import { IDENTITY_COOKIE_DAYS, IDENTITY_COOKIE_SAME_SITE, SEGMENT_BATCH_SIZE, SEGMENT_BATCH_TIMEOUT_MS, SEGMENT_RETRY_QUEUE } from './constants';
import { segmentRateLimitRoute } from './rateLimitReset';
import type { AnalyticsEvent, Destination } from './types';
import { installFetchRoute, stopFetches } from '@/base/vendorFetch';

type SegmentConfig = NonNullable<AnalyticsConfig['segment']>;
type Analytics = Awaited<ReturnType<typeof AnalyticsBrowser.load>>[0];

/** Spec §8: up to 10 retries in batching mode. */
const SEGMENT_BATCH_RETRIES = 10;

/** Segment's tracking API when no override is set. */
const SEGMENT_API_BASE = 'https://api.segment.io/v1';

/** Segment wants the API host without its scheme, and the scheme apart. */
export function segmentApiHost(apiHost: string): { apiHost: string; protocol: 'http' | 'https' } {
  const url = new URL(apiHost);
  return { apiHost: `${url.host}${url.pathname.replace(/\/+$/, '')}`, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

export function segmentLoadOptions(config: SegmentConfig, secureCookie: boolean) {
  return {
    initialPageview: false,
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

export function sendToSegment(client: Pick<Analytics, 'page' | 'track' | 'identify' | 'alias' | 'group'>, event: AnalyticsEvent): void {
  switch (event.type) {
    case 'page':
      void client.page(event.category ?? null, event.name ?? null, event.properties);
      return;
    case 'track':
      void client.track(event.name as string, event.properties);
      return;
    case 'identify':
      void (event.userId ? client.identify(event.userId, event.traits) : client.identify(event.traits));
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
function pageContextPlugin(enrich: () => Record<string, string>): Plugin {
  const addContext = (ctx: Context) => {
    ctx.event.properties = { ...ctx.event.properties, ...enrich() };
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

export async function loadSegment(config: SegmentConfig, context: SetupContext, enrich: () => Record<string, string>): Promise<Destination> {
  const endpoint = `${(config.apiHost ?? SEGMENT_API_BASE).replace(/\/+$/, '')}/`;
  installFetchRoute(segmentRateLimitRoute(endpoint));
  const [client] = await AnalyticsBrowser.load(
    { writeKey: config.writeKey, ...(config.cdnUrl && { cdnURL: config.cdnUrl }) },
    segmentLoadOptions(config, window.location.protocol === 'https:'),
  );
  client.setAnonymousId(context.anonymousId);
  await client.register(pageContextPlugin(enrich));
  return {
    name: 'Segment',
    send: (event) => sendToSegment(client, event),
    setAnonymousId: (anonymousId) => resetSegmentIdentity(client, anonymousId),
    // analytics-next has no opt-out or stop: its plugin is taken out, and what its dispatcher
    // still sends (its batch, on pagehide) goes to the stopped endpoint (src/base/vendorFetch.ts).
    stop: async () => {
      stopFetches([endpoint]);
      await client.deregister('Segment.io');
    },
  };
}
