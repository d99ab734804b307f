import { z } from 'zod';
import { intakeOriginForSite } from './datadogSite';
import { datadogSite } from './monitoringEnv';
import {
  flag,
  httpUrl,
  ifValid,
  listOf,
  parseEnv,
  positiveInt,
  proxyHops,
  show,
  urlOf,
  variable,
  type Env,
} from './parse';
import { addressRanges, type AddressRange } from './trustedProxies';

/** Server-only configuration (middleware, API routes, build-time data loading), parsed once. */
export interface ServerEnv {
  /**
   * A caching, compressing proxy is in front (deploy/): Next then computes no ETags and compresses
   * nothing, work the proxy does once per cached copy instead of Next once per request.
   */
  behindProxy: boolean;
  /**
   * How many proxies in front of the server append to X-Forwarded-Host / -For / -Proto (0: none
   * trusted, the headers are ignored): the entry that many from the right is the one they vouch for.
   * See src/config/forwarded.ts.
   */
  trustProxyHops: number;
  /**
   * The peers whose X-Forwarded-* headers count at all (TRUSTED_PROXIES, default loopback): from
   * anyone else, server.ts drops them before anything reads them.
   */
  trustedProxies: readonly AddressRange[];
  /** The Safari fallback proxy for Datadog (pages/api/monitoring-proxy.ts). */
  monitoringProxy: {
    /** Where intake requests go: the Datadog site's intake, or a local collector in tests. */
    intakeBase: string;
    /** Only requests for this client token are forwarded; undefined when monitoring is off. */
    clientToken: string | undefined;
  };
  /** The content service; unset means the embedded JSON under locales/ only. */
  contentServiceUrl: string | undefined;
  /** How often a statically built page is regenerated to pick up new content (ISR). */
  revalidateSeconds: number;
  /** The GraphQL API of the live storage-spots section; unset means no live section. */
  graphqlUrl: string | undefined;
  /**
   * The `x-revalidate-secret` that POST /api/revalidate requires, at least MIN_REVALIDATE_SECRET_LENGTH
   * characters; unset turns the endpoint off (404).
   */
  revalidateSecret: string | undefined;
  /**
   * The shared incremental cache (redis:// or rediss://); unset means each instance's own files.
   * cache-handler.mjs, which Next loads as plain JavaScript, reads the same variable.
   */
  redisUrl: string | undefined;
  /**
   * Where POST /api/revalidate asks the caching proxies in front to drop a host's pages, one URL per
   * proxy, comma-separated (deploy/purger.ts locally, a CDN's purge API elsewhere); none means no
   * proxy cache to purge.
   */
  proxyPurgeUrls: string[];
}

export const DEFAULT_CONTENT_REVALIDATE_SECONDS = 3600;
/** A short secret can be guessed; 32 random hex characters already carry 128 bits. */
export const MIN_REVALIDATE_SECRET_LENGTH = 32;

export const serverEnvSchema = z
  .object({
    BEHIND_PROXY: variable(flag().default(false)),
    TRUST_PROXY: variable(proxyHops().default(0)),
    TRUSTED_PROXIES: variable(addressRanges()),
    DATADOG_INTAKE_URL: variable(
      httpUrl()
        .refine((url) => !new URL(url).search && !new URL(url).hash, {
          ...ifValid,
          error: (issue) => `expected an origin or path without query or fragment, got ${show(issue.input)}`,
        })
        .optional(),
    ),
    // The build's, which the browser SDK sends with: the proxy forwards for it alone, to its site.
    NEXT_PUBLIC_DATADOG_SITE: variable(datadogSite),
    NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: variable(z.string().optional()),
    CONTENT_SERVICE_URL: variable(httpUrl().optional()),
    CONTENT_REVALIDATE_SECONDS: variable(positiveInt().default(DEFAULT_CONTENT_REVALIDATE_SECONDS)),
    GRAPHQL_URL: variable(httpUrl().optional()),
    // The length only: the secret itself must not reach a log.
    REVALIDATE_SECRET: variable(
      z
        .string()
        .min(MIN_REVALIDATE_SECRET_LENGTH, {
          error: (issue) =>
            `expected at least ${MIN_REVALIDATE_SECRET_LENGTH} characters (a random secret, e.g. openssl rand -hex 32), got ${String(issue.input).length}`,
        })
        .optional(),
    ),
    REDIS_URL: variable(urlOf(/^rediss?$/, 'a redis:// or rediss:// URL').optional()),
    PROXY_PURGE_URL: variable(
      listOf(/\s*,\s*/, urlOf(/^https?$/, 'one or more http(s) URLs separated by commas')).default([]),
    ),
  })
  .transform((env): ServerEnv => ({
    behindProxy: env.BEHIND_PROXY,
    trustProxyHops: env.TRUST_PROXY,
    trustedProxies: env.TRUSTED_PROXIES,
    monitoringProxy: {
      intakeBase: env.DATADOG_INTAKE_URL ?? intakeOriginForSite(env.NEXT_PUBLIC_DATADOG_SITE),
      clientToken: env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
    },
    contentServiceUrl: env.CONTENT_SERVICE_URL,
    revalidateSeconds: env.CONTENT_REVALIDATE_SECONDS,
    graphqlUrl: env.GRAPHQL_URL,
    revalidateSecret: env.REVALIDATE_SECRET,
    redisUrl: env.REDIS_URL,
    proxyPurgeUrls: env.PROXY_PURGE_URL,
  }));

export const parseServerEnv = (env: Env): ServerEnv => parseEnv(serverEnvSchema, env);

// The Datadog site and client token are the build's, named in full for Next to inline them.
export const serverEnv: ServerEnv = parseServerEnv({
  ...process.env,
  NEXT_PUBLIC_DATADOG_SITE: process.env.NEXT_PUBLIC_DATADOG_SITE,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: process.env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
});
