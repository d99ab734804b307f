/**
 * A violation report cut to what finding attacks and broken pages needs before it leaves for the
 * intake (docs/monitoring.md, "CSP reports"; the privacy policy's "reports"): which page (its
 * origin and path), what was blocked (origin and path, or the browser's keyword such as `inline`),
 * under which directive, and where in which script. A report is sent whatever the visitor chose, so
 * it keeps nothing that could tell who they are or what brought them: no query or fragment (a
 * `gclid`, an e-mail address a newsletter link put there), no referrer (a search), no sample of
 * the blocked code, no user agent, no policy text.
 */

/** A URL without its query, fragment and credentials; a value that is no URL (a keyword like `inline`, `eval`) as it is, if short. */
export function reduceUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // `inline`, `eval`, `wasm-eval`, `trusted-types-policy`: what CSP reports name instead of a URL.
    return /^[a-z-]{1,32}$/.test(value) ? value : undefined;
  }
  // data:, blob:, an extension's script: only the scheme says what it was.
  if (!/^(https?|wss?):$/.test(url.protocol)) return url.protocol.slice(0, -1);
  return `${url.origin}${url.pathname}`;
}

const text = (value: unknown, pattern: RegExp): string | undefined =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;
const whole = (value: unknown): number | undefined =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
const DIRECTIVE = /^[a-z-]{1,40}$/;
const DISPOSITION = /^(enforce|report)$/;

/** The `report-uri` body (application/csp-report). */
function reduceLegacy(report: Record<string, unknown>) {
  return {
    'document-uri': reduceUrl(report['document-uri']),
    'blocked-uri': reduceUrl(report['blocked-uri']),
    'violated-directive': text(report['violated-directive'], DIRECTIVE),
    'effective-directive': text(report['effective-directive'], DIRECTIVE),
    disposition: text(report.disposition, DISPOSITION),
    'source-file': reduceUrl(report['source-file']),
    'line-number': whole(report['line-number']),
    'column-number': whole(report['column-number']),
    'status-code': whole(report['status-code']),
  };
}

/** One Reporting API report's body (type csp-violation). */
function reduceReportBody(body: Record<string, unknown>) {
  return {
    documentURL: reduceUrl(body.documentURL),
    blockedURL: reduceUrl(body.blockedURL),
    effectiveDirective: text(body.effectiveDirective, DIRECTIVE),
    disposition: text(body.disposition, DISPOSITION),
    sourceFile: reduceUrl(body.sourceFile),
    lineNumber: whole(body.lineNumber),
    columnNumber: whole(body.columnNumber),
    statusCode: whole(body.statusCode),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** As JSON: a field the report lacked, or that was dropped (undefined), is left out. */
export type ReducedReport = { ok: true; body: string } | { ok: false; reason: string };

/**
 * The report in `body`, as `contentType` says browsers send it (report-uri's one object, or the
 * Reporting API's list), reduced; anything else is refused with a reason.
 */
export function reduceCspReport(
  contentType: 'application/csp-report' | 'application/reports+json',
  body: string,
): ReducedReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'a report is JSON' };
  }
  if (contentType === 'application/csp-report') {
    if (!isRecord(parsed) || !isRecord(parsed['csp-report'])) return { ok: false, reason: 'a csp-report object' };
    return { ok: true, body: JSON.stringify({ 'csp-report': reduceLegacy(parsed['csp-report']) }) };
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return { ok: false, reason: 'a list of reports' };
  const reports = parsed.filter(
    (report): report is Record<string, unknown> =>
      isRecord(report) && report.type === 'csp-violation' && isRecord(report.body),
  );
  if (reports.length === 0) return { ok: false, reason: 'no csp-violation report' };
  // The report's own `url` is the document's, as reduced; `age` says when; `user_agent` stays behind.
  return {
    ok: true,
    body: JSON.stringify(
      reports.map((report) => ({
        type: 'csp-violation',
        age: whole(report.age),
        url: reduceUrl(report.url),
        body: reduceReportBody(report.body as Record<string, unknown>),
      })),
    ),
  };
}
