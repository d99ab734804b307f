import { z } from 'zod';
import { DATADOG_SITE_COUNTRIES, DEFAULT_DATADOG_SITE } from './datadogSite';
import { envSchema, flag, got, httpUrl, ifValid, parseEnv, show, type Env } from './parse';

/** Spec §9: production keeps half of the sessions; every other environment keeps them all. */
const PRODUCTION_SESSION_SAMPLE_RATE = 50;
const DEFAULT_SESSION_SAMPLE_RATE = 100;
const SESSION_REPLAY_SAMPLE_RATE = 20;

const DEFAULT_SERVICE = 'microsites';
const DEFAULT_ENV = 'development';
const DEFAULT_VERSION = 'dev';

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

export const monitoringEnvSchema = envSchema(
  {
    applicationId: ['NEXT_PUBLIC_DATADOG_APPLICATION_ID', z.string().optional()],
    clientToken: ['NEXT_PUBLIC_DATADOG_CLIENT_TOKEN', z.string().optional()],
    /** The Datadog site, e.g. `datadoghq.com` or `datadoghq.eu`. */
    site: ['NEXT_PUBLIC_DATADOG_SITE', datadogSite],
    service: ['NEXT_PUBLIC_DATADOG_SERVICE', z.string().default(DEFAULT_SERVICE)],
    env: ['NEXT_PUBLIC_DATADOG_ENV', z.string().default(DEFAULT_ENV)],
    /** The deployed commit; also the `commitSha` of the application context (spec §3). */
    version: ['NEXT_PUBLIC_COMMIT_SHA', z.string().default(DEFAULT_VERSION)],
    /** Where the SDK sends its requests instead of the Datadog intake (a local collector in tests). */
    proxyUrl: ['NEXT_PUBLIC_DATADOG_PROXY_URL', httpUrl().optional()],
    compressIntakeRequests: ['NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE', flag().default(true)],
  },
  // Half a pair is a deployment mistake, not a wish to turn monitoring off: say so at build time.
  ({ applicationId, clientToken }, problem) => {
    if (applicationId && !clientToken)
      problem('clientToken', 'required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set');
    if (clientToken && !applicationId)
      problem('applicationId', 'required when NEXT_PUBLIC_DATADOG_CLIENT_TOKEN is set');
  },
).transform(({ applicationId, clientToken, ...env }) => {
  const settings = {
    ...env,
    /**
     * Request URLs that get tracing headers (v7 `allowedTracingUrls`). The pages call no backend of
     * ours from the browser; trace headers on third-party calls would only add CORS preflights.
     */
    tracingOrigins: [] as string[],
    trackUserInteractions: true,
    trackResources: true,
    trackLongTasks: true,
    /** Percentage of sessions tracked (v7 `sessionSampleRate`). */
    sampleRate: sessionSampleRateFor(env.env),
    sessionReplaySampleRate: SESSION_REPLAY_SAMPLE_RATE,
  };
  return applicationId && clientToken
    ? { ...settings, enabled: true as const, applicationId, clientToken }
    : { ...settings, enabled: false as const, applicationId: undefined, clientToken: undefined };
});
/** Spec §3 "Monitoring config". Without an application id and a client token monitoring is off. */
export type MonitoringConfig = z.output<typeof monitoringEnvSchema>;
export type EnabledMonitoringConfig = Extract<MonitoringConfig, { enabled: true }>;

export const parseMonitoringEnv = (env: Env): MonitoringConfig => parseEnv(monitoringEnvSchema, env);
