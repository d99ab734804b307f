import type { IncomingHttpHeaders } from 'node:http';
import { clientAddress } from '@/config/forwarded';
import { requestHost } from '@/tenancy/normalizeHost';
import { resolveProxyTarget } from './proxy';
import type { ConcurrencyLimit, RateLimiter } from './proxyLimits';
import { reduceCspReport } from './reduceCspReport';

/** Spec §7 call 9, server side: forwards the SDK's intake requests for Safari-type browsers. */

// The SDK flushes at 16 KiB and caps one event at 256 KiB; replay segments are about 60 kB.
const MAX_BODY_BYTES = 512 * 1024;
/**
 * A violation report is about 1 kB; a browser batches a few (the Reporting API) into one request.
 * Anything larger is not a report.
 */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** What browsers send reports as: `report-uri` (application/csp-report) and the Reporting API. */
const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'] as const;
type CspReportType = (typeof CSP_REPORT_TYPES)[number];
const UPSTREAM_TIMEOUT_MS = 5000;

export interface ProxyRequest {
  method: string | undefined;
  /** The request target, e.g. `/api/monitoring-proxy?ddforward=…`. */
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: AsyncIterable<Uint8Array | string>;
  /** The TCP peer's address. */
  remoteAddress: string | undefined;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

export interface ProxyDeps {
  fetch: typeof fetch;
  intakeBase: string;
  /** Only this token's requests are forwarded; undefined turns the route off. */
  clientToken: string | undefined;
  /** What a violation report sent to the policy's short address (`?csp`) is forwarded as (cspReports.ts). */
  cspReportForward: string | undefined;
  /** Trusted proxies in front (see src/config/forwarded.ts); 0 uses the socket's address. */
  trustProxyHops: number;
  /** The tenant a host serves, as the tenant map names it; undefined for a host it does not know. */
  tenantOf: (host: string) => string | undefined;
  maxBodyBytes?: number;
  timeoutMs?: number;
  /** Per-client rate limit, checked before anything is read. */
  rateLimit: RateLimiter;
  /** Bound on open requests to the intake. */
  upstream: ConcurrencyLimit;
}

const NO_STORE = { 'cache-control': 'no-store' };

function failure(status: number, message: string, extraHeaders: Record<string, string> = {}): ProxyResponse {
  return {
    status,
    headers: { ...NO_STORE, 'content-type': 'application/json; charset=utf-8', ...extraHeaders },
    body: JSON.stringify({ error: message }),
  };
}

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Reads the whole body, or returns undefined as soon as it grows past `limit` bytes. */
export async function readBoundedBody(
  body: AsyncIterable<Uint8Array | string>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/** Answers one proxy request. Never throws; error answers carry a short message, no stack. */
export async function handleProxyRequest(request: ProxyRequest, deps: ProxyDeps): Promise<ProxyResponse> {
  const maxBodyBytes = deps.maxBodyBytes ?? MAX_BODY_BYTES;
  if (request.method !== 'POST') return failure(405, 'method not allowed', { allow: 'POST' });
  if (deps.clientToken === undefined) return failure(404, 'monitoring is not configured');
  // Datadog geolocates by X-Forwarded-For, which must name the browser, not this server.
  const address = clientAddress(request.headers['x-forwarded-for'], request.remoteAddress, deps.trustProxyHops);
  const rate = deps.rateLimit(address ?? 'unknown');
  if (!rate.ok) return failure(429, 'too many requests', { 'retry-after': String(rate.retryAfterSeconds) });

  const query = new URL(request.url ?? '/', 'http://proxy.invalid').searchParams;
  const ddforward = query.getAll('ddforward');
  if (query.has('csp')) {
    if (deps.cspReportForward === undefined) return failure(404, 'monitoring is not configured');
    // With a ddforward as well, the check below refuses it: one target, never a choice.
    ddforward.push(deps.cspReportForward);
  }
  if (ddforward.length !== 1) return failure(400, ddforward.length ? 'more than one ddforward' : 'missing ddforward');
  // The tenant a CSP report is tagged with: the tenant map's name for its page's host, never a
  // name the request chose; a host the map does not know sends no report.
  const tenant = deps.tenantOf(
    requestHost(firstHeader(request.headers.host), request.headers['x-forwarded-host'], deps.trustProxyHops),
  );
  const target = resolveProxyTarget(ddforward[0], deps.intakeBase, deps.clientToken, tenant);
  if (!target.ok) return failure(target.status, target.reason);
  const contentType = firstHeader(request.headers['content-type']);
  const reportType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (target.cspReport) {
    if (tenant === undefined) return failure(404, 'unknown host');
    if (!(CSP_REPORT_TYPES as readonly string[]).includes(reportType))
      return failure(415, `a report is ${CSP_REPORT_TYPES.join(' or ')}`);
  }
  const bodyLimit = target.cspReport ? CSP_REPORT_MAX_BYTES : maxBodyBytes;

  // Refuse a declared oversize body without reading it.
  const tooLarge = failure(413, 'payload too large', { connection: 'close' });
  if (Number(firstHeader(request.headers['content-length']) ?? 0) > bodyLimit) return tooLarge;
  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = await readBoundedBody(request.body, bodyLimit);
  } catch {
    return failure(400, 'request body could not be read');
  }
  if (!body) return tooLarge;

  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (target.cspReport) {
    // A security log, sent whatever the visitor chose about cookies: only what that purpose needs
    // travels (reduceCspReport.ts), without the visitor's address or browser.
    const reduced = reduceCspReport(reportType as CspReportType, new TextDecoder().decode(body));
    if (!reduced.ok) return failure(400, reduced.reason);
    body = new TextEncoder().encode(reduced.body) as Uint8Array<ArrayBuffer>;
  } else {
    // The intake derives browser and device from the agent, so it must be the visitor's; it
    // geolocates by X-Forwarded-For.
    const userAgent = firstHeader(request.headers['user-agent']);
    if (userAgent) headers['user-agent'] = userAgent;
    if (address) headers['x-forwarded-for'] = address;
  }

  const release = deps.upstream.tryAcquire();
  if (!release) return failure(503, 'busy', { 'retry-after': '1' });
  const signal = AbortSignal.timeout(deps.timeoutMs ?? UPSTREAM_TIMEOUT_MS);
  try {
    const upstream = await deps.fetch(target.url, { method: 'POST', headers, body, redirect: 'manual', signal });
    // A redirect would send the browser's data somewhere we did not choose.
    if (upstream.status >= 300 && upstream.status < 400) return failure(502, 'intake answered with a redirect');
    const responseHeaders: Record<string, string> = { ...NO_STORE };
    const responseType = upstream.headers.get('content-type');
    if (responseType) responseHeaders['content-type'] = responseType;
    return { status: upstream.status, headers: responseHeaders, body: new Uint8Array(await upstream.arrayBuffer()) };
  } catch {
    return signal.aborted ? failure(504, 'intake timed out') : failure(502, 'intake unreachable');
  } finally {
    release();
  }
}
