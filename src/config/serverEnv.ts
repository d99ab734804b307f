import { z } from 'zod';
import { intakeOriginForSite } from './datadogSite';
import { datadogSite } from './monitoringEnv';
import {
  envSchema,
  flag,
  httpUrl,
  ifValid,
  listOf,
  parseEnv,
  positiveInt,
  proxyHops,
  show,
  urlOf,
  type Env,
} from './parse';
import { addressRanges } from './trustedProxies';

export const DEFAULT_CONTENT_REVALIDATE_SECONDS = 3600;
/** A short secret can be guessed; 32 random hex characters already carry 128 bits. */
export const MIN_REVALIDATE_SECRET_LENGTH = 32;

/** Server-only configuration (middleware, API routes, build-time data loading), parsed once. */
export const serverEnvSchema = envSchema({
  /**
   * A caching, compressing proxy is in front (deploy/): Next then computes no ETags and compresses
   * nothing, work the proxy does once per cached copy instead of Next once per request.
   */
  behindProxy: ['BEHIND_PROXY', flag().default(false)],
  /**
   * How many proxies in front of the server append to X-Forwarded-Host / -For / -Proto (0: none
   * trusted, the headers are ignored): the entry that many from the right is the one they vouch for.
   * See src/config/forwarded.ts.
   */
  trustProxyHops: ['TRUST_PROXY', proxyHops().default(0)],
  /**
   * The peers whose X-Forwarded-* headers count at all (default loopback): from anyone else,
   * server.ts drops them before anything reads them.
   */
  trustedProxies: ['TRUSTED_PROXIES', addressRanges()],
  /** Where the Safari fallback proxy for Datadog sends (pages/api/monitoring-proxy.ts); a local collector in tests. */
  intakeUrl: [
    'DATADOG_INTAKE_URL',
    httpUrl()
      .refine((url) => !new URL(url).search && !new URL(url).hash, {
        ...ifValid,
        error: (issue) => `expected an origin or path without query or fragment, got ${show(issue.input)}`,
      })
      .optional(),
  ],
  // The build's, which the browser SDK sends with: the proxy forwards for its token alone, by default to its site.
  datadogSite: ['NEXT_PUBLIC_DATADOG_SITE', datadogSite],
  clientToken: ['NEXT_PUBLIC_DATADOG_CLIENT_TOKEN', z.string().optional()],
  /** The content service; unset means the embedded JSON under locales/ only. */
  contentServiceUrl: ['CONTENT_SERVICE_URL', httpUrl().optional()],
  /** How often a statically built page is regenerated to pick up new content (ISR). */
  revalidateSeconds: ['CONTENT_REVALIDATE_SECONDS', positiveInt().default(DEFAULT_CONTENT_REVALIDATE_SECONDS)],
  /** The GraphQL API of the live storage-spots section; unset means no live section. */
  graphqlUrl: ['GRAPHQL_URL', httpUrl().optional()],
  /** The `x-revalidate-secret` that POST /api/revalidate requires; unset turns the endpoint off (404). */
  revalidateSecret: [
    'REVALIDATE_SECRET',
    z
      .string()
      // The length only: the secret itself must not reach a log.
      .min(MIN_REVALIDATE_SECRET_LENGTH, {
        error: (issue) =>
          `expected at least ${MIN_REVALIDATE_SECRET_LENGTH} characters (a random secret, e.g. openssl rand -hex 32), got ${String(issue.input).length}`,
      })
      .optional(),
  ],
  /**
   * The shared incremental cache; unset means each instance's own files. cache-handler.mjs, which
   * Next loads as plain JavaScript, reads the same variable.
   */
  redisUrl: ['REDIS_URL', urlOf(/^rediss?$/, 'a redis:// or rediss:// URL').optional()],
  /**
   * Where POST /api/revalidate asks the caching proxies in front to drop a host's pages, one URL per
   * proxy (deploy/purger.ts locally, a CDN's purge API elsewhere); none means no proxy cache to purge.
   */
  proxyPurgeUrls: [
    'PROXY_PURGE_URL',
    listOf(/\s*,\s*/, urlOf(/^https?$/, 'one or more http(s) URLs separated by commas')).default([]),
  ],
}).transform(({ intakeUrl, datadogSite, clientToken, ...env }) => ({
  ...env,
  monitoringProxy: { intakeBase: intakeUrl ?? intakeOriginForSite(datadogSite), clientToken },
}));
export type ServerEnv = z.output<typeof serverEnvSchema>;

export const parseServerEnv = (env: Env): ServerEnv => parseEnv(serverEnvSchema, env);

// The Datadog site and client token are the build's, named in full for Next to inline them.
export const serverEnv: ServerEnv = parseServerEnv({
  ...process.env,
  NEXT_PUBLIC_DATADOG_SITE: process.env.NEXT_PUBLIC_DATADOG_SITE,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: process.env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
});
