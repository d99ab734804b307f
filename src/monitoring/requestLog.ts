// The server's log (docs/ops.md, "Server logs"): one JSON line per request and every other line the
// process writes, through pino, in Datadog's reserved and standard attribute names so that a log
// pipeline facets them by tenant with no parsing rule. Server only: server.ts imports it.
import { format, stripVTControlCharacters } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';
import { EDGE_WARNING_PREFIX } from '@/base/logger';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { normalizeHost, stripPreviewSuffix } from '@/tenancy/normalizeHost';
import { createTenantResolver, type TenantResolver } from '@/tenancy/resolveTenant';
import type { DomainEntry } from '@/tenancy/types';

/** The header a request's id travels in: set by the proxy in front (nginx's $request_id), else made here; sent back on the response. */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface ServiceTags {
  service: string;
  env: string;
  /** The build's commit: the same `version` RUM events carry. */
  version: string;
}

/** What one request was, as the server saw it when it ended. */
export interface RequestFacts {
  method: string;
  /** The host as the tenant sees it (the forwarded host behind a trusted proxy). */
  host: string;
  /** The URL as received; only its path is logged. */
  url: string;
  status: number;
  durationMs: number;
  bytes: number;
  requestId: string;
  /** The visitor's country as the proxy in front found it (VISITOR_COUNTRY_HEADER), if it did. */
  country?: string;
}

/** A request id a proxy may hand on: a token of letters, digits, dashes and underscores, never anything a log could be fooled by. */
export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{8,64}$/.test(value);

/** The tenant a host serves, or nothing for the directory host and unknown hosts. */
function tenantOf(
  resolve: TenantResolver,
  host: string,
): { host: string; slug: string; type: DomainEntry['type'] } | undefined {
  try {
    const entry = resolve(normalizeHost(host));
    return { host: entry.domain, slug: entry.slug, type: entry.type };
  } catch {
    return undefined;
  }
}

const LOCALE_IN_PATH = new RegExp(`^/(${WEBSITE_LOCALES.join('|')})(?:/|$)`);

/**
 * A request's log attributes: Datadog's standard HTTP, duration (nanoseconds) and network names,
 * the tenant as RUM names it (`tenant.host`, `.slug`, `.type`), the page language when the path
 * says it. The path never carries its query (tracking ids, whatever a visitor typed); no cookie
 * or header value but the host and the request id is read.
 */
export function requestLogFields(facts: RequestFacts, resolve: TenantResolver): Record<string, unknown> {
  const path = facts.url.split('?')[0] ?? '';
  const tenant = tenantOf(resolve, facts.host);
  const locale = LOCALE_IN_PATH.exec(path)?.[1];
  return {
    message: `${facts.method} ${path} ${facts.status}`,
    http: {
      method: facts.method,
      status_code: facts.status,
      request_id: facts.requestId,
      url_details: { host: stripPreviewSuffix(normalizeHost(facts.host)), path },
    },
    duration: Math.round(facts.durationMs * 1e6),
    network: { bytes_written: facts.bytes },
    ...(tenant && { tenant }),
    ...(locale && { locale }),
    ...(facts.country &&
      /^[a-z][a-z0-9]$/i.test(facts.country) && { geo: { country_iso_code: facts.country.toUpperCase() } }),
  };
}

/**
 * The process's logger: JSON lines on `destination` (stdout) with `date`, `status` (the level, as
 * Datadog reads it), `message` and the service tags on each.
 */
export function serverLogger(tags: ServiceTags, destination?: DestinationStream): Logger {
  return pino(
    {
      base: { ...tags },
      messageKey: 'message',
      timestamp: () => `,"date":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ status: label }) },
      errorKey: 'error',
    },
    destination,
  );
}

/** Logs one line per request when its response ends (or the connection closes first). */
export function requestLogger(logger: Logger, resolve: TenantResolver = createTenantResolver([])) {
  return (facts: RequestFacts) => {
    const fields = requestLogFields(facts, resolve);
    const level = facts.status >= 500 ? 'error' : facts.status >= 400 ? 'warn' : 'info';
    logger[level](fields);
  };
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const CONSOLE_LEVELS: Record<ConsoleMethod, 'info' | 'warn' | 'error' | 'debug'> = {
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
  debug: 'debug',
};

/**
 * Every console line of the process (Next's own, the cache handler's `[cache] …`, the middleware's
 * warnings (`edgeWarn`), appLogger's) as a JSON line of `logger` too: an Error among the arguments becomes
 * Datadog's `error.kind`, `error.message` and `error.stack`.
 */
export function routeConsole(logger: Logger, target: Pick<Console, ConsoleMethod> = console): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS) as Array<
    [ConsoleMethod, (typeof CONSOLE_LEVELS)[ConsoleMethod]]
  >) {
    target[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      // Next colours its own lines for a terminal; a log pipeline wants the text.
      const message = stripVTControlCharacters(format(...args.filter((arg) => arg !== error)));
      if (error) logger[level]({ error: { kind: error.name, message: error.message, stack: error.stack } }, message);
      else if (level === 'info' && message.startsWith(EDGE_WARNING_PREFIX))
        logger.warn(message.slice(EDGE_WARNING_PREFIX.length));
      else logger[level](message);
    };
  }
}
