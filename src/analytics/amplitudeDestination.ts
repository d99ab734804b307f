import * as amplitude from '@amplitude/analytics-browser';
import type { SetupContext } from './Analytics';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import {
  ACTION_CLICK_ELEMENTS,
  CAPTURED_STATUS_CODES,
  FLUSH_INTERVAL_MS,
  FLUSH_MAX_RETRIES,
  FLUSH_QUEUE_SIZE,
  IDENTITY_COOKIE_DAYS,
  IDENTITY_COOKIE_SAME_SITE,
  SERVER_ZONE,
  SESSION_TIMEOUT_MS,
  TRACKED_ELEMENTS,
} from './constants';
import { amplitudeRateLimitRoute } from './rateLimitReset';
import { remoteConfigRoute } from './remoteConfig';
import { repeatClickPlugin } from './repeatClicks';
import type { AnalyticsEvent, AnalyticsLogger, Destination } from './types';
import { installFetchRoute, stopFetches } from '@/base/vendorFetch';
import { yieldToMain } from '@/base/yieldToMain';
import { landingSearch } from '@/base/arrival';
import { sharedPayload } from '@/consent/sharedPayload';
import { campaignIdentify, type CampaignIdentify } from './campaign';

type AmplitudeConfig = NonNullable<AnalyticsConfig['amplitude']>;
type BrowserOptions = NonNullable<Parameters<typeof amplitude.init>[2]>;

/** Amplitude's name for the wrapper's page event: a custom loaded-page event (spec §7). */
export const AMPLITUDE_PAGE_EVENT = 'Loaded a Page';

/** Where the SDK sends events without an override (spec §9 zone US; analytics-core AMPLITUDE_SERVER_URL). */
const AMPLITUDE_SERVER_URL = 'https://api2.amplitude.com/2/httpapi';

/** Where the SDK fetches remote config without an override: its US endpoint (spec §9 zone US). */
const AMPLITUDE_REMOTE_CONFIG_URL = 'https://sr-client-cfg.amplitude.com/config';

/** Every spec §9 constant that Amplitude takes as an option. */
export function amplitudeOptions(
  config: AmplitudeConfig,
  context: SetupContext,
  secureCookie: boolean,
): BrowserOptions {
  return {
    serverZone: SERVER_ZONE,
    ...(config.serverUrl && { serverUrl: config.serverUrl }),
    flushIntervalMillis: FLUSH_INTERVAL_MS,
    flushQueueSize: FLUSH_QUEUE_SIZE,
    flushMaxRetries: FLUSH_MAX_RETRIES,
    sessionTimeout: SESSION_TIMEOUT_MS,
    sessionId: context.sessionId,
    deviceId: context.anonymousId,
    cookieOptions: { expiration: IDENTITY_COOKIE_DAYS, sameSite: IDENTITY_COOKIE_SAME_SITE, secure: secureCookie },
    remoteConfig: { fetchRemoteConfig: true, ...(config.remoteConfigUrl && { serverUrl: config.remoteConfigUrl }) },
    // Diagnostics post to a fixed vendor host that no option can redirect.
    enableDiagnostics: false,
    logLevel: amplitude.Types.LogLevel.Warn,
    autocapture: {
      // Spec §7 lists both the SDK's page viewed event and the wrapper's 'Microsites' page event.
      // The SDK sends one at start and one per change of path (Next's client-side route changes
      // push history); not on a change of only the query or hash, for which Next sends no view.
      pageViews: { trackHistoryChanges: 'pathOnly' },
      sessions: true,
      fileDownloads: true,
      formInteractions: true,
      // Off: it would store click ids and whole referring addresses; campaign.ts sends the campaign.
      attribution: false,
      // Off: it keeps the whole address of this page and the last in sessionStorage.
      pageUrlEnrichment: false,
      elementInteractions: { cssSelectorAllowlist: TRACKED_ELEMENTS, actionClickAllowlist: ACTION_CLICK_ELEMENTS },
      networkTracking: { ignoreAmplitudeRequests: true, captureRules: [{ statusCodeRange: CAPTURED_STATUS_CODES }] },
    },
  };
}

/** An arrival's campaign as Amplitude's identify (spec §4 "Campaign change"). */
export function campaignToIdentify({ set, unset, setOnce }: CampaignIdentify): amplitude.Identify {
  const identify = new amplitude.Identify();
  for (const [field, value] of Object.entries(set)) identify.set(field, value);
  for (const field of unset) identify.unset(field);
  for (const [field, value] of Object.entries(setOnce)) identify.setOnce(field, value);
  return identify;
}

/** How a wrapper event becomes Amplitude calls. */
export function sendToAmplitude(
  client: Pick<typeof amplitude, 'track' | 'identify' | 'setUserId' | 'setGroup'>,
  event: AnalyticsEvent,
): void {
  switch (event.type) {
    case 'page':
      client.track(AMPLITUDE_PAGE_EVENT, {
        name: event.name,
        ...(event.category && { category: event.category }),
        ...event.properties,
      });
      return;
    case 'track':
      client.track(event.name as string, event.properties);
      return;
    case 'identify': {
      if (event.userId) client.setUserId(event.userId);
      const identify = new amplitude.Identify();
      for (const [key, value] of Object.entries(event.traits ?? {})) identify.set(key, value as string);
      client.identify(identify);
      return;
    }
    case 'group':
      client.setGroup('group', event.groupId as string);
      return;
    case 'alias':
    case 'screen':
      // Amplitude's browser SDK has no alias; screens never reach here (spec §4).
      return;
  }
}

export async function loadAmplitude(
  config: AmplitudeConfig,
  context: SetupContext,
  enrich: () => Record<string, string>,
  logger: AnalyticsLogger,
): Promise<Destination> {
  const endpoints = [
    config.serverUrl ?? AMPLITUDE_SERVER_URL,
    `${config.remoteConfigUrl ?? AMPLITUDE_REMOTE_CONFIG_URL}/`,
  ] as const;
  installFetchRoute(amplitudeRateLimitRoute(endpoints[0], FLUSH_INTERVAL_MS));
  installFetchRoute(remoteConfigRoute(endpoints[1], { logger }));
  const client = amplitude.createInstance();
  await client.add(repeatClickPlugin(window)).promise;
  // Each part of the start in a task of its own: together they were one task of 70-140 ms at 4× CPU.
  await yieldToMain();
  // Every event leaves with the rule applied: its page and link addresses, referrers, click ids.
  const origin = window.location.origin;
  await client.add({
    name: 'microsites-page-context',
    type: 'enrichment',
    // Added before init, the plugins are set up inside it, after its storage and session and
    // before its own plugins: yielding here ends that task, so the SDK's own plugins (destination,
    // context, autocapture, page views) are set up in the next (docs/performance.md).
    setup: () => yieldToMain(),
    execute: async (event) => ({
      ...event,
      event_properties: sharedPayload({ ...event.event_properties, ...enrich() }, origin, 'analytics'),
      ...(event.user_properties && { user_properties: sharedPayload(event.user_properties, origin, 'analytics') }),
    }),
  }).promise;
  await yieldToMain();
  await client.init(config.apiKey, undefined, amplitudeOptions(config, context, window.location.protocol === 'https:'))
    .promise;
  await yieldToMain();
  const campaign = campaignIdentify(landingSearch(), document.referrer, window.location.hostname);
  if (campaign) client.identify(campaignToIdentify(campaign));
  return {
    name: 'Amplitude',
    send: (event) => sendToAmplitude(client, event),
    setAnonymousId: (anonymousId) => client.setDeviceId(anonymousId),
    // Opted out, the SDK processes no new event; the flush empties its queue into the stopped
    // endpoints (src/base/vendorFetch.ts), so what it held is dropped, not kept to send or store.
    stop: async () => {
      stopFetches(endpoints);
      client.setOptOut(true);
      await client.flush().promise;
    },
  };
}
