// The monitors that page ops (docs/ops.md, "Monitors"), each with the first three things to check,
// and the SLO on page views without a JavaScript error, with the RUM-based metrics it counts.
import type { v1, v2 } from '@datadog/datadog-api-client';
import { LOGS, METRIC_TAGS, RUM, SERVER_SERVICE } from './facets';

/** Every object ops:apply manages carries this tag, and its own ops id as `ops-id:<id>`. */
export const MANAGED_TAG = 'managed-by:microsites-ops';
export const opsTag = (opsId: string) => `ops-id:${opsId}`;
const tags = (opsId: string) => [MANAGED_TAG, opsTag(opsId), 'service:microsites'];

export interface ManagedMonitor {
  opsId: string;
  monitor: v1.Monitor;
}

const runbook = (what: string, checks: [string, string, string]) =>
  [what, '', 'First three things to check:', ...checks.map((check, index) => `${index + 1}. ${check}`), '', 'Dashboards: "Microsites: overview by tenant", "Microsites: releases". Kept as code in ops/datadog/monitors.ts.'].join('\n');

const byTenant = (name: string, search: string): v1.MonitorFormulaAndFunctionEventQueryDefinition => ({
  name,
  dataSource: 'rum',
  search: { query: search },
  indexes: ['*'],
  compute: { aggregation: 'count' },
  groupBy: [{ facet: RUM.tenantHost, limit: 1000, sort: { aggregation: 'count', order: 'desc' } }],
});

export function monitors(): ManagedMonitor[] {
  return [
    {
      opsId: 'microsites-error-rate',
      monitor: {
        name: 'Microsites: JavaScript errors above 5 per 100 page views on {{tenant.host.name}}',
        type: 'rum alert',
        query: 'formula("errors / views * 100").last("15m") > 5',
        message: runbook('More than 5 JavaScript errors per 100 page views on {{tenant.host.name}} over 15 minutes.', [
          'The releases dashboard: did the errors start with a new `version`? Then roll back (npm run deploy:redeploy -- <previous build id>, or the previous image).',
          'RUM Error Tracking for this host: one error or many? The stack is readable when the build\'s source maps were uploaded (npm run ops:sourcemaps).',
          'The host\'s tenant entry and its content: a recent change in tenants/ or the content service for this place.',
        ]),
        tags: tags('microsites-error-rate'),
        priority: 2,
        options: {
          thresholds: { critical: 5, warning: 2 },
          variables: [byTenant('errors', `${RUM.eventType}:error`), byTenant('views', `${RUM.eventType}:view`)],
          notifyNoData: false,
          includeTags: true,
        },
      },
    },
    {
      opsId: 'microsites-lcp',
      monitor: {
        name: 'Microsites: LCP p75 over 2.5 s on {{@context.tenant.host.name}}',
        type: 'rum alert',
        // RUM measures LCP in nanoseconds.
        query: `rum("${RUM.eventType}:view").rollup("pc75", "${RUM.lcp}").by("${RUM.tenantHost}").last("30m") > 2500000000`,
        message: runbook('The 75th percentile of Largest Contentful Paint on {{@context.tenant.host.name}} has been over 2.5 s for 30 minutes.', [
          'The overview dashboard with this host selected: all countries, or one (a CDN region)?',
          'The proxy dashboard: are the host\'s pages answered from the cache (HIT), or are misses reaching slow instances?',
          'The releases dashboard: did a new build make the first load heavier (npm run size:check on that commit)?',
        ]),
        tags: tags('microsites-lcp'),
        priority: 3,
        options: { thresholds: { critical: 2_500_000_000, warning: 2_000_000_000 }, notifyNoData: false, includeTags: true },
      },
    },
    {
      opsId: 'microsites-host-dark',
      monitor: {
        name: 'Microsites: no page views for an hour on {{@context.tenant.host.name}}',
        type: 'rum alert',
        query: `rum("${RUM.eventType}:view").rollup("count").by("${RUM.tenantHost}").last("1h") < 1`,
        message: runbook('{{@context.tenant.host.name}} had page views within the last day and none in the last hour: the host may be gone dark.', [
          'Open the host in a browser: does it answer, with the branded page? (DNS, certificate, the CDN\'s host list.)',
          'The proxy dashboard filtered on the host: requests arriving, and with which status?',
          'tenants/domains.json on the deployed commit: is the host still an entry (a removed entry answers "No mapping")?',
        ]),
        tags: tags('microsites-host-dark'),
        priority: 2,
        // A host seen within the last day and silent now: its group is kept a day after its last view.
        options: { thresholds: { critical: 1 }, onMissingData: 'show_and_notify_no_data', groupRetentionDuration: '1d', includeTags: true },
      },
    },
    {
      opsId: 'microsites-instance-5xx',
      monitor: {
        name: 'Microsites: instances answering 5xx',
        type: 'log alert',
        query: `logs("service:${SERVER_SERVICE} ${LOGS.status}:>=500").index("*").rollup("count").by("${LOGS.tenantHost}").last("5m") > 10`,
        message: runbook('More than 10 answers with a 5xx status from the instances in 5 minutes.', [
          'The instances\' logs (service:microsites-server, status:error): one message repeated? `[cache] Redis … unreachable` points at Redis, `[content]` at the content service.',
          'The proxy dashboard: are visitors affected, or does the proxy serve its copies (stale-if-error)?',
          'The releases dashboard and the deploy log: a deploy in the last minutes? Roll back one instance at a time.',
        ]),
        tags: tags('microsites-instance-5xx'),
        priority: 2,
        options: { thresholds: { critical: 10, warning: 3 }, notifyNoData: false, includeTags: true },
      },
    },
  ];
}

/** RUM-based metrics the SLO counts (kept 15 months, unlike RUM events), tagged by tenant. */
export const VIEWS_METRIC = 'microsites.views';
export const ERRORED_VIEWS_METRIC = 'microsites.views.errored';

export function rumMetrics(): v2.RumMetricCreateData[] {
  const metric = (id: string, query: string): v2.RumMetricCreateData => ({
    id,
    type: 'rum_metrics',
    attributes: {
      eventType: 'view',
      compute: { aggregationType: 'count' },
      filter: { query },
      groupBy: [{ path: RUM.tenantHost, tagName: METRIC_TAGS.tenantHost }],
    },
  });
  return [metric(VIEWS_METRIC, `${RUM.eventType}:view`), metric(ERRORED_VIEWS_METRIC, `${RUM.eventType}:view ${RUM.viewErrors}:>0`)];
}

export interface ManagedSlo {
  opsId: string;
  slo: v1.ServiceLevelObjectiveRequest;
}

export function slos(): ManagedSlo[] {
  const by = `by {${METRIC_TAGS.tenantHost}}`;
  return [
    {
      opsId: 'microsites-views-without-error',
      slo: {
        name: 'Microsites: page views without a JavaScript error',
        description: 'Share of page views with no JavaScript error, per tenant host and overall. Kept as code in ops/datadog/monitors.ts.',
        type: 'metric',
        query: {
          numerator: `sum:${VIEWS_METRIC}{*} ${by}.as_count() - sum:${ERRORED_VIEWS_METRIC}{*} ${by}.as_count()`,
          denominator: `sum:${VIEWS_METRIC}{*} ${by}.as_count()`,
        },
        thresholds: [
          { timeframe: '7d', target: 99.5, warning: 99.8 },
          { timeframe: '30d', target: 99.5, warning: 99.8 },
        ],
        tags: tags('microsites-views-without-error'),
      },
    },
  ];
}
