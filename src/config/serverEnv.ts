import { intakeOriginForSite, readDatadogSite } from './datadogSite';
import { checkUrl, envReader, HTTP_URL, type Env, type EnvReader, type UrlKind } from './parse';
import { readTrustedProxies, type AddressRange } from './trustedProxies';

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

const REDIS_URL_KIND: UrlKind = {
  protocols: ['redis:', 'rediss:'],
  unparsable: 'a redis:// or rediss:// URL',
  wrongScheme: 'a redis:// or rediss:// URL',
};

/** One or more http(s) URLs, comma-separated, without trailing slashes; none when unset. */
function readUrlList(read: EnvReader, name: string): string[] {
  const parts = (read.string(name) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.flatMap((part) => {
    const checked = checkUrl(HTTP_URL, part);
    if ('url' in checked) return [checked.url];
    read.problem(name, `expected one or more http(s) URLs separated by commas, got ${JSON.stringify(part)}`);
    return [];
  });
}

export function parseServerEnv(env: Env): ServerEnv {
  const read = envReader(env);
  const intakeBase = read.url('DATADOG_INTAKE_URL', intakeOriginForSite(readDatadogSite(read)));
  const { search, hash } = new URL(intakeBase);
  if (search || hash)
    read.problem(
      'DATADOG_INTAKE_URL',
      `expected an origin or path without query or fragment, got ${JSON.stringify(intakeBase)}`,
    );
  const revalidateSecret = read.string('REVALIDATE_SECRET');
  // The length only: the secret itself must not reach a log.
  if (revalidateSecret !== undefined && revalidateSecret.length < MIN_REVALIDATE_SECRET_LENGTH) {
    read.problem(
      'REVALIDATE_SECRET',
      `expected at least ${MIN_REVALIDATE_SECRET_LENGTH} characters (a random secret, e.g. openssl rand -hex 32), got ${revalidateSecret.length}`,
    );
  }
  return read.done({
    behindProxy: read.boolean('BEHIND_PROXY', false),
    trustProxyHops: read.proxyHops('TRUST_PROXY'),
    trustedProxies: readTrustedProxies(read, 'TRUSTED_PROXIES'),
    monitoringProxy: { intakeBase, clientToken: read.string('NEXT_PUBLIC_DATADOG_CLIENT_TOKEN') },
    contentServiceUrl: read.url('CONTENT_SERVICE_URL'),
    revalidateSeconds: read.positiveInt('CONTENT_REVALIDATE_SECONDS', DEFAULT_CONTENT_REVALIDATE_SECONDS),
    graphqlUrl: read.url('GRAPHQL_URL'),
    revalidateSecret,
    redisUrl: read.urlOf(REDIS_URL_KIND, 'REDIS_URL'),
    proxyPurgeUrls: readUrlList(read, 'PROXY_PURGE_URL'),
  });
}

export const serverEnv: ServerEnv = parseServerEnv({
  BEHIND_PROXY: process.env.BEHIND_PROXY,
  TRUST_PROXY: process.env.TRUST_PROXY,
  TRUSTED_PROXIES: process.env.TRUSTED_PROXIES,
  DATADOG_INTAKE_URL: process.env.DATADOG_INTAKE_URL,
  NEXT_PUBLIC_DATADOG_SITE: process.env.NEXT_PUBLIC_DATADOG_SITE,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: process.env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
  CONTENT_SERVICE_URL: process.env.CONTENT_SERVICE_URL,
  CONTENT_REVALIDATE_SECONDS: process.env.CONTENT_REVALIDATE_SECONDS,
  GRAPHQL_URL: process.env.GRAPHQL_URL,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET,
  REDIS_URL: process.env.REDIS_URL,
  PROXY_PURGE_URL: process.env.PROXY_PURGE_URL,
});
