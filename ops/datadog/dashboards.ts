// The dashboards ops open (docs/ops.md, "Dashboards"), as typed Datadog models. Each is found again
// in the account by the ops id in its description (ops/datadog/apply.ts): Datadog keeps only team
// tags on dashboards.
import type { v1 } from '@datadog/datadog-api-client';
import type { OpsConfig } from '../../src/config/opsEnv';
import { LOGS, RUM } from './facets';
import { ROLLOUT_TAG } from './rollout';
import { scopes } from './scope';
import { note, queryValue, timeseries, toplist, variable, type EventQuery } from './widgets';

export interface ManagedDashboard {
  opsId: string;
  dashboard: v1.Dashboard;
}

/** The line the description ends with, which apply.ts finds a dashboard by. */
const opsMarker = (opsId: string) => `[ops-id: ${opsId}]`;

/** Filters on the tenant, its language and the visitor's country: every RUM query carries them. */
const RUM_VARIABLES = [
  variable('host', RUM.tenantHost),
  variable('slug', RUM.tenantSlug),
  variable('type', RUM.tenantType),
  variable('locale', RUM.locale),
  variable('country', RUM.country),
];
const RUM_FILTER = '$host $slug $type $locale $country';
/** The instances' lines carry the tenant, the page language and (with a CDN's header) the country. */
const SERVER_VARIABLES = [
  variable('host', LOGS.tenantHost),
  variable('slug', LOGS.tenantSlug),
  variable('type', LOGS.tenantType),
  variable('locale', LOGS.locale),
  variable('country', LOGS.country),
];
const SERVER_FILTER = '$host $slug $type $locale $country';
const ERROR_RATE = { formula: 'errors / views * 100', alias: 'errors per 100 views' };
const WORST_TEN = { facet: RUM.tenantHost, limit: 10 };
const BY_RELEASE = { facet: RUM.version, limit: 10 };

function dashboard(
  opsId: string,
  title: string,
  purpose: string,
  templateVariables: v1.DashboardTemplateVariable[],
  widgets: v1.Widget[],
): ManagedDashboard {
  return {
    opsId,
    dashboard: {
      title,
      description: `${purpose}\n\nKept as code in ops/datadog/dashboards.ts: edit it there, not here (npm run ops:apply overwrites). ${opsMarker(opsId)}`,
      layoutType: 'ordered',
      reflowType: 'fixed',
      templateVariables,
      widgets,
    },
  };
}

export function dashboards(config: OpsConfig): ManagedDashboard[] {
  const scope = scopes(config);
  const rum = (
    name: string,
    search: string,
    aggregation: EventQuery['aggregation'],
    extra: Partial<EventQuery> = {},
  ): EventQuery => ({
    name,
    source: 'rum',
    search: `${scope.rum} ${search} ${RUM_FILTER}`,
    aggregation,
    ...extra,
  });
  const views = (extra: Partial<EventQuery> = {}) => rum('views', `${RUM.eventType}:view`, 'count', extra);
  const errors = (extra: Partial<EventQuery> = {}) => rum('errors', `${RUM.eventType}:error`, 'count', extra);
  const vital = (name: string, measure: string, extra: Partial<EventQuery> = {}) =>
    rum(name, `${RUM.eventType}:view`, 'pc75', { measure, ...extra });
  const server = `${scope.server} ${SERVER_FILTER}`;
  // The rollout events of this environment (ops/datadog/rollout.ts), over each release graph.
  const rollouts: EventQuery = {
    name: 'rollouts',
    source: 'events',
    search: `tags:${ROLLOUT_TAG} service:microsites env:${config.env}`,
    aggregation: 'count',
  };
  return [
    dashboard(
      'microsites-overview',
      'Microsites: overview by tenant',
      'Traffic, errors and Core Web Vitals (p75) of every branded host, and the ten worst hosts for each.',
      RUM_VARIABLES,
      [
        timeseries(
          'Page views',
          { x: 0, y: 0, width: 4, height: 3 },
          [views()],
          [{ formula: 'views', alias: 'page views' }],
        ),
        timeseries(
          'Sessions',
          { x: 4, y: 0, width: 4, height: 3 },
          [rum('sessions', `${RUM.eventType}:view`, 'cardinality', { measure: RUM.sessionId })],
          [{ formula: 'sessions', alias: 'sessions' }],
        ),
        timeseries(
          'JavaScript errors per 100 page views',
          { x: 8, y: 0, width: 4, height: 3 },
          [errors(), views()],
          [ERROR_RATE],
        ),
        timeseries(
          'LCP p75 (ms)',
          { x: 0, y: 3, width: 4, height: 3 },
          [vital('lcp', RUM.lcp)],
          [{ formula: 'lcp / 1000000', alias: 'LCP p75' }],
        ),
        timeseries(
          'INP p75 (ms)',
          { x: 4, y: 3, width: 4, height: 3 },
          [vital('inp', RUM.inp)],
          [{ formula: 'inp / 1000000', alias: 'INP p75' }],
        ),
        timeseries(
          'CLS p75',
          { x: 8, y: 3, width: 4, height: 3 },
          [vital('cls', RUM.cls)],
          [{ formula: 'cls', alias: 'CLS p75' }],
        ),
        toplist(
          'Ten hosts, errors per 100 views',
          { x: 0, y: 6, width: 3, height: 4 },
          [errors({ groupBy: WORST_TEN }), views({ groupBy: WORST_TEN })],
          [ERROR_RATE],
        ),
        toplist(
          'Ten hosts, slowest LCP p75 (ms)',
          { x: 3, y: 6, width: 3, height: 4 },
          [vital('lcp', RUM.lcp, { groupBy: WORST_TEN })],
          [{ formula: 'lcp / 1000000', alias: 'LCP p75' }],
        ),
        toplist(
          'Ten hosts, slowest INP p75 (ms)',
          { x: 6, y: 6, width: 3, height: 4 },
          [vital('inp', RUM.inp, { groupBy: WORST_TEN })],
          [{ formula: 'inp / 1000000', alias: 'INP p75' }],
        ),
        toplist(
          'Ten hosts, highest CLS p75',
          { x: 9, y: 6, width: 3, height: 4 },
          [vital('cls', RUM.cls, { groupBy: WORST_TEN })],
          [{ formula: 'cls', alias: 'CLS p75' }],
        ),
        note(
          'Good at p75: LCP under 2.5 s, INP under 200 ms, CLS under 0.1 (web.dev/vitals). A host in every "ten hosts" list: pick it in $host above, then open the releases dashboard.',
          { x: 0, y: 10, width: 12, height: 1 },
        ),
      ],
    ),
    dashboard(
      'microsites-releases',
      'Microsites: releases',
      "Errors and vitals by release (RUM `version`, the build's commit), with each rollout marked, so that a bad deploy shows within minutes next to the release before it.",
      RUM_VARIABLES,
      [
        timeseries(
          'JavaScript errors by release',
          { x: 0, y: 0, width: 6, height: 3 },
          [errors({ groupBy: BY_RELEASE })],
          [{ formula: 'errors', alias: 'errors' }],
          rollouts,
        ),
        timeseries(
          'Page views by release',
          { x: 6, y: 0, width: 6, height: 3 },
          [views({ groupBy: BY_RELEASE })],
          [{ formula: 'views', alias: 'page views' }],
          rollouts,
        ),
        toplist(
          'Errors per 100 views by release',
          { x: 0, y: 3, width: 4, height: 4 },
          [errors({ groupBy: BY_RELEASE }), views({ groupBy: BY_RELEASE })],
          [ERROR_RATE],
        ),
        toplist(
          'LCP p75 (ms) by release',
          { x: 4, y: 3, width: 4, height: 4 },
          [vital('lcp', RUM.lcp, { groupBy: BY_RELEASE })],
          [{ formula: 'lcp / 1000000', alias: 'LCP p75' }],
        ),
        toplist(
          'INP p75 (ms) by release',
          { x: 8, y: 3, width: 4, height: 4 },
          [vital('inp', RUM.inp, { groupBy: BY_RELEASE })],
          [{ formula: 'inp / 1000000', alias: 'INP p75' }],
        ),
      ],
    ),
    dashboard(
      'microsites-serving',
      'Microsites: proxy and instances',
      'What the caching proxy answered (by status, rate-limited, from its cache or not) and what the instances behind it did (5xx, latency), from their JSON logs.',
      SERVER_VARIABLES,
      [
        timeseries(
          'Proxy answers by status',
          { x: 0, y: 0, width: 6, height: 3 },
          [
            {
              name: 'answers',
              source: 'logs',
              search: scope.proxy,
              aggregation: 'count',
              groupBy: { facet: LOGS.status, limit: 10 },
            },
          ],
          [{ formula: 'answers', alias: 'answers' }],
        ),
        timeseries(
          'Rate-limited at the proxy (429)',
          { x: 6, y: 0, width: 3, height: 3 },
          [{ name: 'limited', source: 'logs', search: `${scope.proxy} ${LOGS.status}:429`, aggregation: 'count' }],
          [{ formula: 'limited', alias: '429s' }],
        ),
        toplist(
          'Proxy cache',
          { x: 9, y: 0, width: 3, height: 3 },
          [
            {
              name: 'answers',
              source: 'logs',
              search: scope.proxy,
              aggregation: 'count',
              groupBy: { facet: LOGS.cache, limit: 10 },
            },
          ],
          [{ formula: 'answers', alias: 'answers' }],
        ),
        timeseries(
          'Instance 5xx',
          { x: 0, y: 3, width: 4, height: 3 },
          [{ name: 'failed', source: 'logs', search: `${server} ${LOGS.status}:>=500`, aggregation: 'count' }],
          [{ formula: 'failed', alias: '5xx' }],
        ),
        timeseries(
          'Instance latency p99 (ms)',
          { x: 4, y: 3, width: 4, height: 3 },
          [{ name: 'latency', source: 'logs', search: server, aggregation: 'pc99', measure: LOGS.duration }],
          [{ formula: 'latency / 1000000', alias: 'p99' }],
        ),
        toplist(
          'Slowest hosts at the instances, p99 (ms)',
          { x: 8, y: 3, width: 4, height: 3 },
          [
            {
              name: 'latency',
              source: 'logs',
              search: server,
              aggregation: 'pc99',
              measure: LOGS.duration,
              groupBy: { facet: LOGS.tenantHost, limit: 10 },
            },
          ],
          [{ formula: 'latency / 1000000', alias: 'p99' }],
        ),
        queryValue(
          'Instance requests (window)',
          { x: 0, y: 6, width: 4, height: 2 },
          [{ name: 'requests', source: 'logs', search: server, aggregation: 'count' }],
          'requests',
        ),
        note(
          'The instances only see what the proxy did not answer from its cache: misses, background refreshes, the API. A 5xx here with none at the proxy was served stale.',
          { x: 4, y: 6, width: 8, height: 2 },
        ),
      ],
    ),
  ];
}
