// The monitors that page ops (docs/ops.md, "Monitors"), each with the first three things to check,
// and the SLO on page views without a JavaScript error, with the RUM-based metrics it counts.
import type { v1, v2 } from '@datadog/datadog-api-client';
import type { OpsConfig, Severity } from '../../src/config/opsEnv';
import { LOGS, METRIC_TAGS, RUM } from './facets';
import { groupName, notification, scopes, type Scopes } from './scope';

/** Every object ops:apply manages carries this tag, and its own ops id as `ops-id:<id>`. */
export const MANAGED_TAG = 'managed-by:microsites-ops';
const opsTag = (opsId: string) => `ops-id:${opsId}`;
export const managedTags = (opsId: string, env: string) => [
  MANAGED_TAG,
  opsTag(opsId),
  'service:microsites',
  `env:${env}`,
];

export interface ManagedMonitor {
  opsId: string;
  /** Whom it reaches: `critical` pages, `warning` tells the team's channel. */
  severity: Severity;
  monitor: v1.Monitor;
}

/** The first three things to check, and whom the message notifies. */
export const runbook = (what: string, checks: [string, string, string], notify: string) =>
  [
    what,
    '',
    'First three things to check:',
    ...checks.map((check, index) => `${index + 1}. ${check}`),
    '',
    'Dashboards: "Microsites: overview by tenant", "Microsites: proxy and instances", "Microsites: releases". Runbooks: docs/ops.md. Kept as code in ops/datadog/monitors.ts.',
    '',
    notify,
  ].join('\n');

type EventSource = 'rum' | 'logs';
interface EventCount {
  name: string;
  source: EventSource;
  search: string;
  /** A percentile of a measure instead of a count. */
  percentile?: { aggregation: 'pc75'; measure: string };
  groupBy?: string;
}

const eventQuery = ({
  name,
  source,
  search,
  percentile,
  groupBy,
}: EventCount): v1.MonitorFormulaAndFunctionEventQueryDefinition => ({
  name,
  dataSource: source,
  search: { query: search },
  indexes: ['*'],
  compute: percentile ? { aggregation: percentile.aggregation, metric: percentile.measure } : { aggregation: 'count' },
  ...(groupBy && { groupBy: [{ facet: groupBy, limit: 1000, sort: { aggregation: 'count', order: 'desc' } }] }),
});

/** A ratio in percent that counts only where the denominator saw at least `minimum` events (Datadog's `is_greater`). */
const percentOf = (part: string, whole: string, minimum: number) =>
  `${part} / ${whole} * 100 * is_greater(${whole}, ${minimum})`;

interface Definition {
  opsId: string;
  severity: Severity;
  name: string;
  type: v1.MonitorType;
  query: string;
  what: string;
  checks: [string, string, string];
  priority: number;
  options: v1.MonitorOptions;
}

const ROLL_BACK =
  'The releases dashboard and the deploy log: did it start with a new `version`? Roll back (docs/deploy.md, "Rollouts": `kubectl rollout undo deployment/microsites`, or `npm run deploy:redeploy -- <previous build id>` on one machine).';

export function monitors(config: OpsConfig): ManagedMonitor[] {
  const scope: Scopes = scopes(config);
  const host = groupName(RUM.tenantHost);
  const logHost = groupName(LOGS.tenantHost);
  const logCount = (name: string, search: string, groupBy?: string) =>
    eventQuery({ name, source: 'logs', search, groupBy });
  const rumCount = (name: string, search: string) =>
    eventQuery({ name, source: 'rum', search: `${scope.rum} ${search}`, groupBy: RUM.tenantHost });
  const definitions: Definition[] = [
    {
      opsId: 'microsites-error-rate',
      severity: 'critical',
      name: `Microsites: JavaScript errors above 5 per 100 page views on ${host}`,
      type: 'rum alert',
      query: `formula("${percentOf('errors', 'views', 100)}").last("15m") > 5`,
      what: `More than 5 JavaScript errors per 100 page views on ${host} over 15 minutes (counted once the host had 100 views in them).`,
      checks: [
        ROLL_BACK,
        "RUM Error Tracking for this host: one error or many? The stack is readable when the build's source maps were uploaded (npm run ops:sourcemaps).",
        "The host's tenant entry and its content: a recent change in tenants/ or the content service for this place.",
      ],
      priority: 2,
      options: {
        thresholds: { critical: 5, warning: 2 },
        variables: [rumCount('errors', `${RUM.eventType}:error`), rumCount('views', `${RUM.eventType}:view`)],
        notifyNoData: false,
        includeTags: true,
      },
    },
    {
      opsId: 'microsites-lcp',
      severity: 'warning',
      name: `Microsites: LCP p75 over 2.5 s on ${host}`,
      type: 'rum alert',
      // RUM measures LCP in nanoseconds; a host with fewer than 50 views in the window is not judged.
      query: 'formula("lcp * is_greater(views, 50)").last("30m") > 2500000000',
      what: `The 75th percentile of Largest Contentful Paint on ${host} has been over 2.5 s for 30 minutes (hosts with 50 views or more).`,
      checks: [
        'The overview dashboard with this host selected: all countries, or one (a CDN region)?',
        "The proxy dashboard: are the host's pages answered from the cache (HIT), or are misses reaching slow instances?",
        'The releases dashboard: did a new build make the first load heavier (npm run size:check on that commit)?',
      ],
      priority: 3,
      options: {
        thresholds: { critical: 2_500_000_000, warning: 2_000_000_000 },
        variables: [
          eventQuery({
            name: 'lcp',
            source: 'rum',
            search: `${scope.rum} ${RUM.eventType}:view`,
            percentile: { aggregation: 'pc75', measure: RUM.lcp },
            groupBy: RUM.tenantHost,
          }),
          rumCount('views', `${RUM.eventType}:view`),
        ],
        notifyNoData: false,
        includeTags: true,
      },
    },
    {
      opsId: 'microsites-proxy-5xx-rate',
      severity: 'critical',
      name: 'Microsites: more than 2 % of all answers at the proxy are 5xx',
      type: 'log alert',
      query: `formula("${percentOf('failed', 'answers', 200)}").last("5m") > 2`,
      what: 'Over all hosts, more than 2 % of what the proxy answered in 5 minutes was a 5xx (counted from 200 answers on): an outage spread thin over many hosts shows here first.',
      checks: [
        'The proxy dashboard, answers by status: 503 (no instance answered: see the 503 monitor), 502/504 (instances failing or slow)?',
        "The instances' logs (service:microsites-server, status:error): one message repeated?",
        ROLL_BACK,
      ],
      priority: 1,
      options: {
        thresholds: { critical: 2, warning: 0.5 },
        variables: [logCount('failed', `${scope.proxy} ${LOGS.status}:>=500`), logCount('answers', scope.proxy)],
        notifyNoData: false,
        includeTags: true,
      },
    },
    {
      opsId: 'microsites-instance-5xx-rate',
      severity: 'critical',
      name: "Microsites: more than 2 % of the instances' answers are 5xx",
      type: 'log alert',
      query: `formula("${percentOf('failed', 'answers', 100)}").last("5m") > 2`,
      what: "Over all hosts, more than 2 % of the instances' answers in 5 minutes were 5xx (counted from 100 answers on).",
      checks: [
        "The instances' logs (service:microsites-server, status:error): one message repeated? `[cache] Redis … unreachable` points at Redis, `[content]` at the content service.",
        'The proxy dashboard: are visitors affected, or does the proxy serve its copies (stale-if-error)?',
        ROLL_BACK,
      ],
      priority: 2,
      options: {
        thresholds: { critical: 2, warning: 0.5 },
        variables: [logCount('failed', `${scope.server} ${LOGS.status}:>=500`), logCount('answers', scope.server)],
        notifyNoData: false,
        includeTags: true,
      },
    },
    {
      opsId: 'microsites-instance-5xx-by-host',
      severity: 'warning',
      name: `Microsites: more than 10 % of the instances' answers for ${logHost} are 5xx`,
      type: 'log alert',
      query: `formula("${percentOf('failed', 'answers', 20)}").last("15m") > 10`,
      what: `More than 10 % of the instances' answers for ${logHost} in 15 minutes were 5xx (counted from 20 answers on): one host's content or entry is broken.`,
      checks: [
        "The instances' logs for this host (the `tenant.host` attribute): the message of its 5xx lines.",
        "The host's entry in tenants/ and its place's content in the content service.",
        'The synthetic test of this host: does it fail from every location?',
      ],
      priority: 3,
      options: {
        thresholds: { critical: 10, warning: 5 },
        variables: [
          logCount('failed', `${scope.server} ${LOGS.status}:>=500`, LOGS.tenantHost),
          logCount('answers', scope.server, LOGS.tenantHost),
        ],
        notifyNoData: false,
        includeTags: true,
      },
    },
    {
      opsId: 'microsites-proxy-503',
      severity: 'critical',
      name: 'Microsites: the proxy finds no instance to answer (503)',
      type: 'log alert',
      query: `logs("${scope.proxy} ${LOGS.status}:503").index("*").rollup("count").last("5m") > 10`,
      what: 'The proxy answered more than 10 requests in 5 minutes with its branded 503: no instance answered them. Cached pages are still served; everything else is not.',
      checks: [
        'The instances: `kubectl get pods -l app.kubernetes.io/component=instance` (running? ready? restarting?), and their last log lines.',
        'The restarts and OOM monitors, and the HPA at its maximum: are the instances killed, or all busy?',
        ROLL_BACK,
      ],
      priority: 1,
      options: { thresholds: { critical: 10, warning: 3 }, notifyNoData: false, includeTags: true },
    },
    {
      opsId: 'microsites-proxy-429',
      severity: 'warning',
      name: 'Microsites: a storm of rate-limited requests at the proxy (429)',
      type: 'log alert',
      query: `logs("${scope.proxy} ${LOGS.status}:429").index("*").rollup("count").last("5m") > 1000`,
      what: 'The proxy refused more than 1,000 requests in 5 minutes with 429: a flood from a few addresses, or a limit too tight for real visitors (a campaign, a shared address).',
      checks: [
        'The proxy dashboard, rate-limited: which paths, and from which countries (the `geo.country_iso_code` attribute of the refused lines)? The proxy logs no visitor address.',
        'Real visitors or a scraper: the user agents and paths of the refused lines.',
        'If visitors are refused: the limits in deploy/nginx.conf.template (docs/deploy.md, "Limits").',
      ],
      priority: 3,
      options: { thresholds: { critical: 1000, warning: 300 }, notifyNoData: false, includeTags: true },
    },
    {
      opsId: 'microsites-redis-down',
      severity: 'warning',
      name: 'Microsites: the instances cannot reach Redis',
      type: 'log alert',
      // The cache handler's own line (cache-handler.mjs), once per instance when Redis goes away.
      query: `logs("${scope.server} status:warn \\"is unreachable\\" \\"[cache] Redis\\"").index("*").rollup("count").last("10m") > 0`,
      what: 'An instance lost the shared cache: each serves and stores pages in its own memory until Redis returns, so a revalidation reaches only the instance that got it.',
      checks: [
        'Redis: `kubectl get pods -l app.kubernetes.io/component=redis` and its last log lines (OOM? evictions?).',
        'The restarts and OOM monitors for the Redis container; its memory against the 512 MB `maxmemory`.',
        'The NetworkPolicy `microsites-redis-from-instances` and the Secret `microsites-redis`: changed with the last deploy?',
      ],
      priority: 3,
      options: { thresholds: { critical: 0 }, notifyNoData: false, includeTags: true },
    },
    {
      opsId: 'microsites-restarts',
      severity: 'critical',
      name: 'Microsites: {{kube_container_name.name}} restarted more than twice in 10 minutes',
      type: 'query alert',
      query: `change(max(last_10m),last_10m):max:kubernetes.containers.restarts{${scope.metrics}} by {kube_container_name} > 2`,
      what: 'A container of the site keeps restarting: its liveness probe fails, or it exits.',
      checks: [
        '`kubectl describe pod` of the restarting pods: the last state (OOMKilled, Error) and the probe that failed.',
        'Its last log lines before each restart (`kubectl logs --previous`).',
        ROLL_BACK,
      ],
      priority: 2,
      options: { thresholds: { critical: 2, warning: 0 }, notifyNoData: false, includeTags: true },
    },
    {
      opsId: 'microsites-oom',
      severity: 'critical',
      name: 'Microsites: {{kube_container_name.name}} killed for memory (OOM)',
      type: 'query alert',
      query: `max(last_10m):max:kubernetes_state.container.status_report.count.terminated{${scope.metrics},reason:oomkilled} by {kube_container_name} >= 1`,
      what: 'A container of the site was killed for going over its memory limit.',
      checks: [
        'Which container: an instance (its heap, deploy/instanceMemory.ts), Redis (512 MB maxmemory in a 768 MiB limit), or the proxy?',
        'The memory graph of that container against its limit in deploy/k8s/manifests.mts: a leak (rising) or a spike (a burst of uncached pages)?',
        ROLL_BACK,
      ],
      priority: 2,
      options: { thresholds: { critical: 1 }, notifyNoData: false, includeTags: true },
    },
    {
      opsId: 'microsites-hpa-at-max',
      severity: 'warning',
      name: 'Microsites: the instances have run at their maximum replicas for 15 minutes',
      type: 'query alert',
      query: `min(last_15m):max:kubernetes_state.hpa.current_replicas{${scope.metrics}} by {horizontalpodautoscaler} - max:kubernetes_state.hpa.max_replicas{${scope.metrics}} by {horizontalpodautoscaler} >= 0`,
      what: 'The autoscaler can add no instance: any more traffic queues at the ones there are.',
      checks: [
        'The proxy dashboard: more traffic (a campaign, a crawler), or fewer cache hits (a purge, a new build) making the instances work?',
        "The instances' CPU against their requests: is the HPA's target right?",
        'Raise `maxReplicas` in deploy/k8s/manifests.mts if the cluster has room; it is the one number to change.',
      ],
      priority: 3,
      options: { thresholds: { critical: 0 }, notifyNoData: false, includeTags: true },
    },
  ];
  return definitions.map(({ opsId, severity, what, checks, ...monitor }) => ({
    opsId,
    severity,
    monitor: {
      ...monitor,
      message: runbook(what, checks, notification(config.notify, severity)),
      tags: managedTags(opsId, config.env),
    },
  }));
}

/** RUM-based metrics the SLO counts (kept 15 months, unlike RUM events), tagged by tenant; scoped when they are made, so their queries need no filter. */
const VIEWS_METRIC = 'microsites.views';
const ERRORED_VIEWS_METRIC = 'microsites.views.errored';

export function rumMetrics(config: OpsConfig): v2.RumMetricCreateData[] {
  const { rum } = scopes(config);
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
  return [
    metric(VIEWS_METRIC, `${rum} ${RUM.eventType}:view`),
    metric(ERRORED_VIEWS_METRIC, `${rum} ${RUM.eventType}:view ${RUM.viewErrors}:>0`),
  ];
}

/** Log-based metrics of the proxy's answers, which the availability SLO counts: every answer, and those with a 5xx. */
const ANSWERS_METRIC = 'microsites.proxy.answers';
const FAILED_ANSWERS_METRIC = 'microsites.proxy.answers.failed';

export function logMetrics(config: OpsConfig): v2.LogsMetricCreateData[] {
  const { proxy } = scopes(config);
  // No host tag: the proxy's lines name the host a request asked for, which any scanner chooses.
  const metric = (id: string, query: string): v2.LogsMetricCreateData => ({
    id,
    type: 'logs_metrics',
    attributes: { compute: { aggregationType: 'count' }, filter: { query } },
  });
  return [metric(ANSWERS_METRIC, proxy), metric(FAILED_ANSWERS_METRIC, `${proxy} ${LOGS.status}:>=500`)];
}

export interface ManagedSlo {
  opsId: string;
  slo: v1.ServiceLevelObjectiveRequest;
}

export function slos(config: OpsConfig): ManagedSlo[] {
  const by = `by {${METRIC_TAGS.tenantHost}}`;
  return [
    {
      opsId: 'microsites-views-without-error',
      slo: {
        name: 'Microsites: page views without a JavaScript error',
        description:
          'Share of page views with no JavaScript error, per tenant host and overall. Kept as code in ops/datadog/monitors.ts.',
        type: 'metric',
        query: {
          numerator: `sum:${VIEWS_METRIC}{*} ${by}.as_count() - sum:${ERRORED_VIEWS_METRIC}{*} ${by}.as_count()`,
          denominator: `sum:${VIEWS_METRIC}{*} ${by}.as_count()`,
        },
        thresholds: [
          { timeframe: '7d', target: 99.5, warning: 99.8 },
          { timeframe: '30d', target: 99.5, warning: 99.8 },
        ],
        tags: managedTags('microsites-views-without-error', config.env),
      },
    },
    {
      opsId: 'microsites-answers-without-5xx',
      slo: {
        name: 'Microsites: answers without a server error',
        description:
          "Share of the proxy's answers over all hosts that are not a 5xx (the branded 503 included): what visitors got, whether or not they allow monitoring. Kept as code in ops/datadog/monitors.ts.",
        type: 'metric',
        query: {
          numerator: `sum:${ANSWERS_METRIC}{*}.as_count() - sum:${FAILED_ANSWERS_METRIC}{*}.as_count()`,
          denominator: `sum:${ANSWERS_METRIC}{*}.as_count()`,
        },
        thresholds: [
          { timeframe: '7d', target: 99.9, warning: 99.95 },
          { timeframe: '30d', target: 99.9, warning: 99.95 },
        ],
        tags: managedTags('microsites-answers-without-5xx', config.env),
      },
    },
  ];
}
