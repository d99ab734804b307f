// Issue 25 item 1 (docs/ops.md, "Facets"): every facet and measure the dashboards, monitors, SLO and
// RUM-based metrics name is one the site sends: the browser's context as src/monitoring/context.ts
// builds it, Datadog's own RUM attributes, the instances' log lines as src/monitoring/requestLog.ts
// writes them, and the proxy's as its log_format says. A renamed facet on either side fails here.
import { readFileSync } from 'node:fs';
import { desired } from '../../ops/datadog/apply';
import { PROXY_SERVICE, SERVER_SERVICE } from '../../ops/datadog/facets';
import { APPLICATION_CONTEXT_KEY, applicationContext, TENANT_CONTEXT_KEY, tenantContext } from '@/monitoring/context';
import { requestLogFields } from '@/monitoring/requestLog';
import { createTenantResolver } from '@/tenancy/resolveTenant';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { OPS_CONFIG } from './support/opsConfig';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- models as plain JSON

/** `@a.b.c` for every leaf of an object. */
const attributePaths = (value: object, prefix = '@'): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? attributePaths(inner as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

/** What the browser SDKs carry as global context (src/monitoring/startMonitoring.ts sets exactly these). */
const SITE_CONTEXT = new Set(
  attributePaths({
    context: {
      [TENANT_CONTEXT_KEY]: tenantContext({
        host: 'kingscross-bagberth.co.uk',
        slug: 'kings-cross-station',
        type: 'poi',
      }),
      [APPLICATION_CONTEXT_KEY]: applicationContext('en', 'commit'),
    },
  }),
);
/** Datadog's own RUM attributes the queries use (docs.datadoghq.com/real_user_monitoring/browser/data_collected/). */
const DATADOG_RUM = new Set([
  '@application.id',
  '@type',
  '@session.id',
  '@geo.country',
  '@view.largest_contentful_paint',
  '@view.interaction_to_next_paint',
  '@view.cumulative_layout_shift',
  '@view.error.count',
]);
/** Tags every RUM event carries from the SDK's init options (src/monitoring/rumInitOptions.ts). */
const RUM_TAGS = new Set(['version', 'service', 'env']);

/** The instances' line with every optional part present. */
const SERVER_LINE = new Set(
  attributePaths(
    requestLogFields(
      {
        method: 'GET',
        host: 'kingscross-bagberth.co.uk',
        url: '/de',
        status: 200,
        durationMs: 1,
        bytes: 1,
        requestId: '0b1c2d3e-aaaa-bbbb-cccc-1234567890ab',
        country: 'DE',
      },
      createTenantResolver(DOMAIN_ENTRIES),
    ),
  ),
);
/** The proxy's line, from the template's log_format with each nginx variable as a value. */
const PROXY_LINE = (() => {
  const template = readFileSync('deploy/nginx.conf.template', 'utf8');
  const format = /log_format json_lines escape=json ((?:'[^']*'\s*)+);/.exec(template)![1]!;
  const json = [...format.matchAll(/'([^']*)'/g)]
    .map((part) => part[1])
    .join('')
    .replace(/\$\w+/g, '0');
  return new Set(attributePaths(JSON.parse(json) as object));
})();

const want = desired(OPS_CONFIG);
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

/** Every facet a query names, by where it is named: search strings, measures, group-bys. */
function facetsOf(query: Json): string[] {
  return [
    ...[...String(query.search?.query ?? '').matchAll(/(@[\w.]+):/g)].map((match) => match[1]!),
    ...(query.compute?.metric ? [query.compute.metric as string] : []),
    ...((query.groupBy ?? []) as Json[]).map((group) => group.facet as string),
  ];
}

describe('the ops objects name only facets the site sends', () => {
  const queries = want.dashboards.flatMap(({ opsId, dashboard }) =>
    json(dashboard).widgets.flatMap((widget: Json) =>
      ((widget.definition.requests ?? []) as Json[]).flatMap((request) =>
        (request.queries as Json[]).map((query) => ({ opsId, query })),
      ),
    ),
  );

  it('RUM queries: the site context, Datadog RUM attributes, the version tag', () => {
    const rum = queries.filter(({ query }) => query.dataSource === 'rum').flatMap(({ query }) => facetsOf(query));
    expect(rum.length).toBeGreaterThan(20);
    for (const facet of rum)
      expect(SITE_CONTEXT.has(facet) || DATADOG_RUM.has(facet) || RUM_TAGS.has(facet), facet).toBe(true);
    // The tenant facets are really used, and really the context's.
    expect(rum).toContain('@context.tenant.host');
  });

  it("log queries: the instances' and the proxy's line attributes, by their services", () => {
    const logs = queries.filter(({ query }) => query.dataSource === 'logs');
    expect(logs.length).toBeGreaterThan(4);
    for (const { query } of logs) {
      const search = String(query.search.query);
      const line = search.includes(`service:${PROXY_SERVICE}`)
        ? PROXY_LINE
        : search.includes(`service:${SERVER_SERVICE}`)
          ? SERVER_LINE
          : undefined;
      expect(line, search).toBeDefined();
      for (const facet of facetsOf(query)) expect(line!.has(facet), `${facet} in ${search}`).toBe(true);
    }
  });

  it("template variables filter on facets of their dashboard's source", () => {
    for (const { opsId, dashboard } of want.dashboards) {
      const sources = new Set(queries.filter((item) => item.opsId === opsId).map(({ query }) => query.dataSource));
      for (const variable of dashboard.templateVariables ?? []) {
        const known = sources.has('rum')
          ? SITE_CONTEXT.has(variable.prefix!) || DATADOG_RUM.has(variable.prefix!)
          : SERVER_LINE.has(variable.prefix!);
        expect(known, `${opsId}: $${variable.name} → ${variable.prefix}`).toBe(true);
      }
    }
  });

  it('monitors on events: their queries, group-bys and variables, by the service each counts', () => {
    const onEvents = want.monitors.filter(
      ({ monitor }) => monitor.type === 'log alert' || monitor.type === 'rum alert',
    );
    expect(onEvents.length).toBeGreaterThan(6);
    for (const { opsId, monitor } of onEvents) {
      const text = monitor.query;
      const named = [...text.matchAll(/"(@[\w.]+)/g), ...text.matchAll(/(@[\w.]+):/g)].map((match) => match[1]!);
      const variables = json(monitor.options?.variables ?? []) as Json[];
      const searches = [text, ...variables.map((variable) => String(variable.search?.query))].join(' ');
      const all = [...named, ...variables.flatMap(facetsOf)];
      const line =
        monitor.type === 'rum alert'
          ? new Set([...SITE_CONTEXT, ...DATADOG_RUM])
          : searches.includes(`service:${PROXY_SERVICE}`)
            ? PROXY_LINE
            : searches.includes(`service:${SERVER_SERVICE}`)
              ? SERVER_LINE
              : new Set<string>();
      for (const facet of all) expect(line.has(facet), `${opsId}: ${facet}`).toBe(true);
    }
  });

  it('the SLO counts RUM-based metrics that exist, by the tag they set', () => {
    const metrics = new Map(want.rumMetrics.map((metric) => [metric.id, metric]));
    for (const metric of want.rumMetrics) {
      for (const group of metric.attributes.groupBy ?? []) expect(SITE_CONTEXT.has(group.path), group.path).toBe(true);
      for (const [, facet] of String(metric.attributes.filter?.query).matchAll(/(@[\w.]+):/g))
        expect(DATADOG_RUM.has(facet!), facet).toBe(true);
    }
    for (const { slo } of want.slos) {
      const text = `${slo.query!.numerator} ${slo.query!.denominator}`;
      for (const [, name, tag] of text.matchAll(/sum:([\w.]+)\{\*\} by \{(\w+)\}/g)) {
        expect(metrics.has(name!), name).toBe(true);
        expect(
          metrics.get(name!)!.attributes.groupBy?.map((group) => group.tagName),
          name,
        ).toContain(tag);
      }
    }
  });
});
