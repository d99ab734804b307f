import { z } from 'zod';
import { DATADOG_SITE_COUNTRIES, DEFAULT_DATADOG_SITE } from './datadogSite';
import { always, flag, ifValid, got, httpUrl, parseEnv, show, variable, type Env } from './parse';

/** Spec §9: production keeps half of the sessions; every other environment keeps them all. */
const PRODUCTION_SESSION_SAMPLE_RATE = 50;
const DEFAULT_SESSION_SAMPLE_RATE = 100;
const SESSION_REPLAY_SAMPLE_RATE = 20;

const DEFAULT_SERVICE = 'microsites';
const DEFAULT_ENV = 'development';
const DEFAULT_VERSION = 'dev';

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
type DisabledMonitoringConfig = MonitoringSettings & {
  enabled: false;
  applicationId: undefined;
  clientToken: undefined;
};

/** Spec §3 "Monitoring config". Without an application id and a client token monitoring is off. */
export type MonitoringConfig = EnabledMonitoringConfig | DisabledMonitoringConfig;

function sessionSampleRateFor(env: string): number {
  return env === 'production' ? PRODUCTION_SESSION_SAMPLE_RATE : DEFAULT_SESSION_SAMPLE_RATE;
}

/**
 * A bare host name, and one whose data location the privacy policy names: any other site stops
 * the build rather than go unnamed.
 */
export const datadogSite = z
  .string()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: got('a Datadog site such as "datadoghq.eu"') })
  .refine((site) => Object.hasOwn(DATADOG_SITE_COUNTRIES, site), {
    ...ifValid,
    error: (issue) =>
      `${show(issue.input)} is not a Datadog site whose data location the privacy policy knows; add it to DATADOG_SITE_COUNTRIES (src/config/datadogSite.ts)`,
  })
  .default(DEFAULT_DATADOG_SITE);

export const monitoringEnvSchema = z
  .object({
    NEXT_PUBLIC_DATADOG_APPLICATION_ID: variable(z.string().optional()),
    NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: variable(z.string().optional()),
    NEXT_PUBLIC_DATADOG_SITE: variable(datadogSite),
    NEXT_PUBLIC_DATADOG_SERVICE: variable(z.string().default(DEFAULT_SERVICE)),
    NEXT_PUBLIC_DATADOG_ENV: variable(z.string().default(DEFAULT_ENV)),
    NEXT_PUBLIC_COMMIT_SHA: variable(z.string().default(DEFAULT_VERSION)),
    NEXT_PUBLIC_DATADOG_PROXY_URL: variable(httpUrl().optional()),
    NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: variable(flag().default(true)),
  })
  // Half a pair is a deployment mistake, not a wish to turn monitoring off: say so at build time.
  .refine((env) => !env.NEXT_PUBLIC_DATADOG_APPLICATION_ID || env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN, {
    ...always,
    path: ['NEXT_PUBLIC_DATADOG_CLIENT_TOKEN'],
    error: 'required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set',
  })
  .refine((env) => !env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN || env.NEXT_PUBLIC_DATADOG_APPLICATION_ID, {
    ...always,
    path: ['NEXT_PUBLIC_DATADOG_APPLICATION_ID'],
    error: 'required when NEXT_PUBLIC_DATADOG_CLIENT_TOKEN is set',
  })
  .transform((env): MonitoringConfig => {
    const settings: MonitoringSettings = {
      site: env.NEXT_PUBLIC_DATADOG_SITE,
      service: env.NEXT_PUBLIC_DATADOG_SERVICE,
      env: env.NEXT_PUBLIC_DATADOG_ENV,
      version: env.NEXT_PUBLIC_COMMIT_SHA,
      // The pages call no backend of ours from the browser; trace headers on third-party calls
      // would only add CORS preflights.
      tracingOrigins: [],
      trackUserInteractions: true,
      trackResources: true,
      trackLongTasks: true,
      sampleRate: sessionSampleRateFor(env.NEXT_PUBLIC_DATADOG_ENV),
      sessionReplaySampleRate: SESSION_REPLAY_SAMPLE_RATE,
      proxyUrl: env.NEXT_PUBLIC_DATADOG_PROXY_URL,
      compressIntakeRequests: env.NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE,
    };
    const { NEXT_PUBLIC_DATADOG_APPLICATION_ID: applicationId, NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: clientToken } = env;
    return applicationId && clientToken
      ? { ...settings, enabled: true, applicationId, clientToken }
      : { ...settings, enabled: false, applicationId: undefined, clientToken: undefined };
  });

export const parseMonitoringEnv = (env: Env): MonitoringConfig => parseEnv(monitoringEnvSchema, env);
