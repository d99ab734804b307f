import { CSP_REPORT_ORIGIN, CSP_REPORT_SOURCE, CSP_REPORT_TRACK } from './cspReports';

/**
 * Spec §7 call 9: where the Safari fallback proxy may forward. The SDK (v7) posts to
 * `{proxy}?ddforward={encodeURIComponent(path + '?' + parameters)}`, where path is `/api/v2/{track}`.
 */

/** The intake tracks the RUM and Logs SDKs send to. */
const INTAKE_PATHS: readonly string[] = ['/api/v2/rum', '/api/v2/logs', '/api/v2/replay', '/api/v2/profile'];

/** Query parameters every SDK intake request carries. */
const INTAKE_PARAMETERS = ['ddsource', 'dd-api-key', 'dd-request-id'];
/** What a CSP violation report carries instead (src/monitoring/cspReports.ts): no request id, but tags. */
const CSP_REPORT_PARAMETERS = ['ddsource', 'dd-api-key', 'dd-evp-origin', 'ddtags'];

/**
 * Everything the SDK may put in an intake query (@datadog/js-core's endpointBuilder), in its order.
 * The forwarded query is rebuilt from these alone, each at most once: nothing else rides along.
 */
const FORWARDED_PARAMETERS = [
  'ddsource',
  'dd-api-key',
  'dd-evp-origin-version',
  'dd-evp-origin',
  'dd-request-id',
  'application.id',
  'dd-evp-encoding',
  'batch_time',
  '_dd.api',
  '_dd.retry_count',
  '_dd.retry_after',
];

// Well above the SDK's own requests (a few hundred characters), well below server limits.
const MAX_DDFORWARD_LENGTH = 4096;

// RFC 3986 query characters: no spaces, fragments, backslashes or control characters.
const QUERY_PATTERN = /^[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]*$/;

export type ProxyTarget =
  /** `cspReport`: a browser's CSP violation report (cspReports.ts) rather than the SDK's own request. */
  { ok: true; url: string; cspReport?: true } | { ok: false; status: 400 | 403; reason: string };

const refuse = (status: 400 | 403, reason: string): ProxyTarget => ({ ok: false, status, reason });

/**
 * Turns the SDK's `ddforward` value into an intake URL under `intakeBase`, or says why not:
 * 400 for a missing or malformed value, 403 for anything but an intake path on the intake host
 * (other hosts, protocol-relative or absolute URLs, `..`, userinfo, other paths) or, when
 * `clientToken` is given, a request for another Datadog client token.
 */
export function resolveProxyTarget(
  ddforward: unknown,
  intakeBase: string,
  clientToken?: string,
  tenantHost?: string,
): ProxyTarget {
  if (typeof ddforward !== 'string' || ddforward === '') return refuse(400, 'missing ddforward');
  if (ddforward.length > MAX_DDFORWARD_LENGTH) return refuse(400, 'ddforward too long');

  const queryStart = ddforward.indexOf('?');
  const path = queryStart === -1 ? ddforward : ddforward.slice(0, queryStart);
  const query = queryStart === -1 ? '' : ddforward.slice(queryStart + 1);
  // An exact match leaves no room for hosts, dot segments or encoded tricks in the path.
  if (!INTAKE_PATHS.includes(path)) return refuse(403, 'not a Datadog intake path');

  if (!QUERY_PATTERN.test(query)) return refuse(400, 'malformed intake parameters');
  const parameters = new URLSearchParams(query);
  const cspReport = path === CSP_REPORT_TRACK && parameters.get('ddsource') === CSP_REPORT_SOURCE;
  if (cspReport && parameters.get('dd-evp-origin') !== CSP_REPORT_ORIGIN)
    return refuse(400, 'malformed CSP report parameters');
  if (!(cspReport ? CSP_REPORT_PARAMETERS : INTAKE_PARAMETERS).every((name) => parameters.get(name)))
    return refuse(400, 'missing intake parameters');
  const allowed = cspReport ? CSP_REPORT_PARAMETERS : FORWARDED_PARAMETERS;
  if (allowed.some((name) => parameters.getAll(name).length > 1)) return refuse(400, 'repeated intake parameter');
  if (clientToken !== undefined && parameters.get('dd-api-key') !== clientToken)
    return refuse(403, 'foreign client token');

  const forwarded = new URLSearchParams();
  for (const name of allowed) {
    const value = parameters.get(name);
    if (value !== null) forwarded.set(name, value);
  }
  // Ops facet violations by tenant: the host the report was sent to is the page's own.
  if (cspReport && tenantHost) forwarded.set('ddtags', `${forwarded.get('ddtags')},tenant.host:${tenantHost}`);
  const base = new URL(intakeBase);
  const url = new URL(`${intakeBase}${path}?${forwarded}`);
  // Belt and braces: whatever the parameters say, the request stays on the intake host and path.
  if (url.origin !== base.origin || url.pathname !== `${base.pathname.replace(/\/$/, '')}${path}`) {
    return refuse(403, 'not the Datadog intake');
  }
  return cspReport ? { ok: true, url: url.href, cspReport } : { ok: true, url: url.href };
}
