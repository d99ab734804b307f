import { readDatadogSite } from './datadogSite';
import { envReader, type Env } from './parse';

/** Spec §9: production keeps half of the sessions; every other environment keeps them all. */
export const PRODUCTION_SESSION_SAMPLE_RATE = 50;
export const DEFAULT_SESSION_SAMPLE_RATE = 100;
export const SESSION_REPLAY_SAMPLE_RATE = 20;

export const DEFAULT_SERVICE = 'microsites';
export const DEFAULT_ENV = 'development';
export const DEFAULT_VERSION = 'dev';

/** Settings that do not depend on whether monitoring is on. */
interface MonitoringSettings {
  /** The Datadog site, e.g. `datadoghq.com` or `datadoghq.eu`. */
  site: string;
  service: string;
  env: string;
  /** The deployed commit; also the `commitSha` of the application context (spec §3). */
  version: string;
  /** Request URLs that get tracing headers (v7 `allowedTracingUrls`). */
  tracingOrigins: string[];
  trackUserInteractions: boolean;
  trackResources: boolean;
  trackLongTasks: boolean;
  /** Percentage of sessions tracked (v7 `sessionSampleRate`). */
  sampleRate: number;
  sessionReplaySampleRate: number;
  /** Where the SDK sends its requests instead of the Datadog intake (a local collector in tests). */
  proxyUrl: string | undefined;
  compressIntakeRequests: boolean;
}

export type EnabledMonitoringConfig = MonitoringSettings & {
  enabled: true;
  applicationId: string;
  clientToken: string;
};
export type DisabledMonitoringConfig = MonitoringSettings & {
  enabled: false;
  applicationId: undefined;
  clientToken: undefined;
};

/** Spec §3 "Monitoring config". Without an application id and a client token monitoring is off. */
export type MonitoringConfig = EnabledMonitoringConfig | DisabledMonitoringConfig;

export function sessionSampleRateFor(env: string): number {
  return env === 'production' ? PRODUCTION_SESSION_SAMPLE_RATE : DEFAULT_SESSION_SAMPLE_RATE;
}

export function parseMonitoringEnv(env: Env): MonitoringConfig {
  const read = envReader(env);
  const applicationId = read.string('NEXT_PUBLIC_DATADOG_APPLICATION_ID');
  const clientToken = read.string('NEXT_PUBLIC_DATADOG_CLIENT_TOKEN');
  // Half a pair is a deployment mistake, not a wish to turn monitoring off: say so at build time.
  if (applicationId && !clientToken)
    read.problem('NEXT_PUBLIC_DATADOG_CLIENT_TOKEN', 'required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set');
  if (clientToken && !applicationId)
    read.problem('NEXT_PUBLIC_DATADOG_APPLICATION_ID', 'required when NEXT_PUBLIC_DATADOG_CLIENT_TOKEN is set');

  const deployEnv = read.string('NEXT_PUBLIC_DATADOG_ENV', DEFAULT_ENV);
  const settings: MonitoringSettings = {
    site: readDatadogSite(read),
    service: read.string('NEXT_PUBLIC_DATADOG_SERVICE', DEFAULT_SERVICE),
    env: deployEnv,
    version: read.string('NEXT_PUBLIC_COMMIT_SHA', DEFAULT_VERSION),
    // The pages call no backend of ours from the browser; trace headers on third-party calls
    // would only add CORS preflights.
    tracingOrigins: [],
    trackUserInteractions: true,
    trackResources: true,
    trackLongTasks: true,
    sampleRate: sessionSampleRateFor(deployEnv),
    sessionReplaySampleRate: SESSION_REPLAY_SAMPLE_RATE,
    proxyUrl: read.url('NEXT_PUBLIC_DATADOG_PROXY_URL'),
    compressIntakeRequests: read.boolean('NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE', true),
  };

  return read.done(
    applicationId && clientToken
      ? { ...settings, enabled: true, applicationId, clientToken }
      : { ...settings, enabled: false, applicationId: undefined, clientToken: undefined },
  );
}

/** Parsed once. Next inlines NEXT_PUBLIC_* values only where they are written out literally. */
export const publicMonitoringConfig: MonitoringConfig = parseMonitoringEnv({
  NEXT_PUBLIC_DATADOG_APPLICATION_ID: process.env.NEXT_PUBLIC_DATADOG_APPLICATION_ID,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: process.env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
  NEXT_PUBLIC_DATADOG_SITE: process.env.NEXT_PUBLIC_DATADOG_SITE,
  NEXT_PUBLIC_DATADOG_SERVICE: process.env.NEXT_PUBLIC_DATADOG_SERVICE,
  NEXT_PUBLIC_DATADOG_ENV: process.env.NEXT_PUBLIC_DATADOG_ENV,
  NEXT_PUBLIC_COMMIT_SHA: process.env.NEXT_PUBLIC_COMMIT_SHA,
  NEXT_PUBLIC_DATADOG_PROXY_URL: process.env.NEXT_PUBLIC_DATADOG_PROXY_URL,
  NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: process.env.NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE,
});
