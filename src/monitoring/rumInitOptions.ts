import type { LogsInitConfiguration } from '@datadog/browser-logs';
import type { RumInitConfiguration } from '@datadog/browser-rum';
import { logsBeforeSend, rumBeforeSend } from './beforeSend';

/** The page's own origin, whose addresses keep their path (src/consent/pageAddress.ts). */
const pageOrigin = () => (typeof window === 'undefined' ? '' : window.location.origin);
import type { EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { SAFARI_PROXY_PATH } from './safari';

export interface TransportChoice {
  /** True for Safari-type browsers (see `isSafariLike`). */
  useSafariProxy: boolean;
}

/** What the visitor's browser asks for beyond the consent record. */
export interface PrivacySignals {
  /** Global Privacy Control (navigator.globalPrivacyControl). */
  globalPrivacyControl: boolean;
}

const NO_SIGNALS: PrivacySignals = { globalPrivacyControl: false };

/** A configured proxy (the test collector) wins; otherwise Safari-type browsers use ours. */
export function proxyFor(config: EnabledMonitoringConfig, { useSafariProxy }: TransportChoice): string | undefined {
  return config.proxyUrl ?? (useSafariProxy ? SAFARI_PROXY_PATH : undefined);
}

/** Where the SDKs send: the proxy they were given (relative to the page), or any Datadog intake. */
export const intakePrefixes = (proxy: string | undefined, pageUrl: string): string[] => [
  ...(proxy ? [new URL(proxy, pageUrl).href] : []),
  'https://browser-intake-',
];

// Datadog requires RUM and Logs to share the session options, so both are built from this.
function sharedInitOptions(config: EnabledMonitoringConfig, transport: TransportChoice) {
  return {
    clientToken: config.clientToken,
    site: config.site,
    service: config.service,
    env: config.env,
    version: config.version,
    sessionSampleRate: config.sampleRate,
    // Spec §9: the session crosses subdomains, in a secure cookie.
    trackSessionAcrossSubdomains: true,
    useSecureSessionCookie: true,
    // No persistent visitor id (`aid`) in Datadog's cookie: the product counts visitors itself
    // (analytics/anonymousId.ts), and without it the SDK keeps the cookie 4 hours, not a year
    // (docs/consent.md).
    trackAnonymousUser: false,
    // Loaded only once the visitor allowed monitoring (consent/); a withdrawal sets it to not-granted.
    trackingConsent: 'granted',
    proxy: proxyFor(config, transport),
  } satisfies Partial<RumInitConfiguration & LogsInitConfiguration>;
}

/** The options for `datadogRum.init`, with Datadog v7 names. */
export function rumInitOptions(
  config: EnabledMonitoringConfig,
  transport: TransportChoice,
  globalContext: () => Record<string, unknown> = () => ({}),
  signals: PrivacySignals = NO_SIGNALS,
  onView?: () => void,
): RumInitConfiguration {
  return {
    ...sharedInitOptions(config, transport),
    applicationId: config.applicationId,
    allowedTracingUrls: config.tracingOrigins,
    // Under Global Privacy Control monitoring keeps to errors and performance: no session replay.
    sessionReplaySampleRate: signals.globalPrivacyControl ? 0 : config.sessionReplaySampleRate,
    trackUserInteractions: config.trackUserInteractions,
    trackResources: config.trackResources,
    trackLongTasks: config.trackLongTasks,
    defaultPrivacyLevel: 'mask-user-input',
    // Started in quiet steps by startReplay.ts, not in the task that starts RUM.
    startSessionReplayRecordingManually: true,
    // Spec §9 asks for the clickmap and feature_flags experiments. Datadog 7.16.2 keeps only the
    // experiment names it knows (session_replay_record_canvas, track_intake_requests,
    // track_websockets, soft_navigation) and drops these two: in v7 clickmaps are built from the
    // click actions trackUserInteractions collects, and feature-flag evaluations are always
    // accepted (datadogRum.addFeatureFlagEvaluation). So no experiment option is passed.
    compressIntakeRequests: config.compressIntakeRequests,
    beforeSend: rumBeforeSend(globalContext, pageOrigin, onView),
  };
}

/** The options for `datadogLogs.init`: errors are forwarded, on the same session and transport. */
export function logsInitOptions(config: EnabledMonitoringConfig, transport: TransportChoice): LogsInitConfiguration {
  return {
    ...sharedInitOptions(config, transport),
    forwardErrorsToLogs: true,
    beforeSend: logsBeforeSend(pageOrigin),
  };
}
