import type { EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { SAFARI_PROXY_PATH } from './safari';

/**
 * Datadog's CSP integration: a browser posts each violation of the page's policy to the logs
 * intake with these parameters, and it becomes a log (docs/monitoring.md). The report goes to the
 * site's own telemetry proxy, which checks it like any intake request and adds the tenant.
 */
export const CSP_REPORT_TRACK = '/api/v2/logs';
export const CSP_REPORT_SOURCE = 'csp-report';
export const CSP_REPORT_ORIGIN = 'content-security-policy';

/** The Reporting-Endpoints name the policy's `report-to` points at. */
export const CSP_REPORT_GROUP = 'csp';

/**
 * Where the browser sends violation reports: a same-origin address, so every tenant host has its
 * own, and a short one, since the policy names it twice in headers every page must fit into one
 * round trip with (docs/performance.md, "The page in one round trip"). The telemetry proxy turns
 * it into the intake request of `cspReportForward`.
 */
export const CSP_REPORT_PATH = `${SAFARI_PROXY_PATH}?csp`;

/** The intake request a violation report becomes, as the telemetry proxy's `ddforward` value. */
export function cspReportForward({ clientToken, service, env, version }: EnabledMonitoringConfig): string {
  const intake = new URLSearchParams({
    'dd-api-key': clientToken,
    'dd-evp-origin': CSP_REPORT_ORIGIN,
    ddsource: CSP_REPORT_SOURCE,
    ddtags: `service:${service},env:${env},version:${version}`,
  });
  return `${CSP_REPORT_TRACK}?${intake}`;
}
