// Issue 38 (docs/ops.md, "Monitors"): every monitor and synthetic test reaches a configured handle
// of its severity, every query counts only this site's service and environment (RUM: and its
// application), and every template variable is in the form Datadog documents and names a facet
// the site emits and the monitor groups by.
import { desired } from '../../ops/datadog/apply';
import { LOGS, RUM, SERVER_SERVICE, PROXY_SERVICE, SERVICE } from '../../ops/datadog/facets';
import { syntheticTests } from '../../ops/datadog/synthetics';
import { parseOpsEnv } from '@/config/opsEnv';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { OPS_CONFIG, OPS_ENV } from './support/opsConfig';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- models as plain JSON

const want = desired(OPS_CONFIG);
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;
const { env, rumApplicationId, notify } = OPS_CONFIG;
/** Every facet the site's events carry: its RUM context and Datadog's attributes, the instances' and the proxy's line attributes. */
const EMITTED = new Set<string>([...Object.values(RUM), ...Object.values(LOGS)]);

/** What Datadog reads as handles in a message: every `@` word outside the template's own `{{…}}`. */
const handlesIn = (text: string) =>
  [...text.replace(/\{\{[^}]*\}\}/g, ' ').matchAll(/(?:^|[^\w@])(@[\w.+#-]+(?:@[\w.-]+)?)/g)].map((match) =>
    match[1]!.replace(/\.$/, ''),
  );
/** The text a message shows in one state: `{{#state}}…{{/state}}` sections of other states dropped. */
function inState(text: string, state: string): string {
  return text.replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_, section: string, inner: string) =>
    section === state ? inner : '',
  );
}

const monitors = want.monitors.map(({ opsId, severity, monitor }) => ({
  opsId,
  severity,
  name: monitor.name,
  message: monitor.message!,
  query: monitor.query,
  variables: json(monitor.options?.variables ?? []) as Json[],
  type: monitor.type,
}));
const synthetics = want.syntheticTests.map(({ opsId, test }) => ({ opsId, test }));

describe('whom the monitors reach', () => {
  it.each(monitors.map((monitor) => [monitor.opsId, monitor] as const))(
    '%s pages or tells configured handles of its severity, and names no other',
    (_, { severity, message }) => {
      const alerting = handlesIn(inState(message, 'is_alert'));
      expect(alerting).toEqual(severity === 'critical' ? notify.critical : notify.warning);
      expect(handlesIn(inState(message, 'is_warning'))).toEqual(notify.warning);
      for (const handle of handlesIn(message)) expect([...notify.critical, ...notify.warning]).toContain(handle);
    },
  );

  it('each synthetic test alerts a configured handle: a page down pages, a certificate near its end tells the team', () => {
    expect(synthetics.length).toBe(2 * DOMAIN_ENTRIES.length);
    for (const { opsId, test } of synthetics) {
      const alerting = handlesIn(inState(test.message, 'is_alert'));
      expect(alerting, opsId).toEqual(opsId.startsWith('microsites-page-') ? notify.critical : notify.warning);
    }
  });

  it('the handles come from the configuration: others give other messages', () => {
    const other = desired(
      parseOpsEnv({ ...OPS_ENV, OPS_NOTIFY_CRITICAL: '@opsgenie-microsites', OPS_NOTIFY_WARNING: '@team-web' }),
    );
    const proxy503 = other.monitors.find((item) => item.opsId === 'microsites-proxy-503')!.monitor.message!;
    expect(handlesIn(inState(proxy503, 'is_alert'))).toEqual(['@opsgenie-microsites']);
    expect(handlesIn(proxy503)).not.toContain('@pagerduty-microsites');
  });
});

describe('every query counts this site only', () => {
  const SERVICES = [SERVICE, SERVER_SERVICE, PROXY_SERVICE];
  const scoped = (search: string) =>
    SERVICES.some((service) => new RegExp(`(^|\\s|\\{|,)service:${service}(\\s|$)`).test(search)) &&
    new RegExp(`(^|\\s)env:${env}(\\s|$)`).test(search);
  const rumScoped = (search: string) => scoped(search) && search.includes(`@application.id:${rumApplicationId}`);

  it('monitors on events: the query and each of its variables', () => {
    for (const { opsId, query, variables, type } of monitors.filter((monitor) => monitor.type !== 'query alert')) {
      const searches =
        variables.length > 0
          ? variables.map((variable) => String(variable.search.query))
          : [/^\w+\("([^"]*(?:\\"[^"]*)*)"\)/.exec(query)![1]!.replace(/\\"/g, '"')];
      for (const search of searches)
        expect(type === 'rum alert' ? rumScoped(search) : scoped(search), `${opsId}: ${search}`).toBe(true);
    }
  });

  it('monitors on Kubernetes metrics: every metric of the query, by the pods’ service and env tags', () => {
    const onMetrics = monitors.filter((monitor) => monitor.type === 'query alert');
    expect(onMetrics.map((monitor) => monitor.opsId)).toEqual([
      'microsites-restarts',
      'microsites-oom',
      'microsites-hpa-at-max',
    ]);
    for (const { opsId, query } of onMetrics) {
      const filters = [...query.matchAll(/:[\w.]+\{([^}]*)\}/g)].map((match) => match[1]!.split(','));
      expect(filters.length, opsId).toBeGreaterThan(0);
      for (const filter of filters)
        expect(filter, opsId).toEqual(expect.arrayContaining([`service:${SERVICE}*`, `env:${env}`]));
    }
  });

  it('dashboards: every widget query', () => {
    const queries = want.dashboards.flatMap(({ opsId, dashboard }) =>
      json(dashboard).widgets.flatMap((widget: Json) =>
        ((widget.definition.requests ?? []) as Json[]).flatMap((request) =>
          (request.queries as Json[]).map((query) => ({ opsId, query })),
        ),
      ),
    );
    expect(queries.length).toBeGreaterThan(20);
    for (const { opsId, query } of queries) {
      const search = String(query.search.query);
      expect(query.dataSource === 'rum' ? rumScoped(search) : scoped(search), `${opsId}: ${search}`).toBe(true);
    }
  });

  it('the RUM-based and log-based metrics the SLOs count, where they are made; the SLOs count only those', () => {
    for (const metric of want.rumMetrics)
      expect(rumScoped(String(metric.attributes.filter?.query)), metric.id).toBe(true);
    for (const metric of want.logMetrics)
      expect(
        scoped(String(metric.attributes.filter?.query)) &&
          String(metric.attributes.filter?.query).includes(`service:${PROXY_SERVICE}`),
        metric.id,
      ).toBe(true);
    const made = new Set([...want.rumMetrics, ...want.logMetrics].map((metric) => metric.id));
    expect(want.slos.map(({ opsId }) => opsId)).toEqual([
      'microsites-views-without-error',
      'microsites-answers-without-5xx',
    ]);
    for (const { opsId, slo } of want.slos) {
      const counted = [...`${slo.query!.numerator} ${slo.query!.denominator}`.matchAll(/sum:([\w.]+)\{/g)].map(
        (match) => match[1]!,
      );
      expect(counted.length, opsId).toBeGreaterThan(1);
      for (const name of counted) expect(made.has(name), `${opsId}: ${name}`).toBe(true);
    }
  });

  it("the availability SLO counts the proxy's 5xx, the branded 503 among them, against all its answers", () => {
    const [answers, failed] = want.logMetrics;
    expect(failed!.attributes.filter!.query).toBe(`${answers!.attributes.filter!.query} @http.status_code:>=500`);
    expect(want.slos[1]!.slo.query).toEqual({
      numerator: `sum:${answers!.id}{*}.as_count() - sum:${failed!.id}{*}.as_count()`,
      denominator: `sum:${answers!.id}{*}.as_count()`,
    });
  });

  it('a different environment or application scopes every query to it', () => {
    const staging = desired(
      parseOpsEnv({ ...OPS_ENV, OPS_ENV: 'staging', OPS_RUM_APPLICATION_ID: 'another-application' }),
    );
    const text = JSON.stringify([staging.monitors, staging.dashboards, staging.rumMetrics]);
    expect(text).not.toContain(`env:${env}`);
    expect(text).not.toContain(rumApplicationId);
    expect(text).toContain('env:staging');
  });
});

describe('template variables', () => {
  /** Every `{{…}}` of a name or message that is not a conditional section. */
  const variablesIn = (text: string) => [...text.matchAll(/\{\{([^#/^][^}]*)\}\}/g)].map((match) => match[1]!.trim());

  it.each(monitors.map((monitor) => [monitor.opsId, monitor] as const))(
    "%s: each in Datadog's documented form, naming a facet the site emits that the monitor groups by",
    (_, { name, message, query, variables }) => {
      const groups = new Set([
        ...variables.flatMap((variable) => ((variable.groupBy ?? []) as Json[]).map((group) => String(group.facet))),
        ...[...query.matchAll(/by \{([\w,]+)\}/g)].flatMap((match) => match[1]!.split(',')),
      ]);
      for (const variable of variablesIn(`${name}\n${message}`)) {
        // `{{[@a.b].name}}` for a facet with dots, `{{tag.name}}` for a plain tag.
        const form = /^\[(@[\w.]+)\]\.name$|^(\w+)\.name$/.exec(variable);
        expect(form, `{{${variable}}}`).not.toBeNull();
        const facet = form![1] ?? form![2]!;
        expect(groups.has(facet), `{{${variable}}} names ${facet}, which the monitor does not group by`).toBe(true);
        if (facet.startsWith('@')) expect(EMITTED.has(facet), `${facet} is not a facet the site emits`).toBe(true);
      }
    },
  );

  it('the per-host monitors name their host in name and message', () => {
    for (const opsId of ['microsites-error-rate', 'microsites-lcp']) {
      const { name, message } = monitors.find((monitor) => monitor.opsId === opsId)!;
      expect(name).toContain('{{[@context.tenant.host].name}}');
      expect(message).toContain('{{[@context.tenant.host].name}}');
    }
    expect(monitors.find((monitor) => monitor.opsId === 'microsites-instance-5xx-by-host')!.name).toContain(
      '{{[@tenant.host].name}}',
    );
  });
});

describe('per-host ratios count only hosts with traffic', () => {
  it.each([
    ['microsites-error-rate', 'views', 100],
    ['microsites-lcp', 'views', 50],
    ['microsites-instance-5xx-by-host', 'answers', 20],
    ['microsites-proxy-5xx-rate', 'answers', 200],
    ['microsites-instance-5xx-rate', 'answers', 100],
  ] as const)('%s is judged from %s counted, %i on', (opsId, whole, minimum) => {
    expect(monitors.find((monitor) => monitor.opsId === opsId)!.query).toContain(`is_greater(${whole}, ${minimum})`);
  });
});

describe('synthetic tests, one of each kind per host', () => {
  const forHost = (kind: string, host: string) =>
    synthetics.find((item) => item.opsId === `microsites-${kind}-${host}`)!.test;

  it("the page test asks the host's first language and expects 200, HTML and the page's canonical link; TLS is checked, redirects are not followed", () => {
    const test = forHost('page', 'kyotostation-bagberth.jp');
    expect(test.config.request).toMatchObject({
      method: 'GET',
      url: 'https://kyotostation-bagberth.jp/',
      headers: { 'accept-language': 'en' },
    });
    expect(json(test.config.assertions)).toEqual([
      { type: 'statusCode', operator: 'is', target: 200 },
      { type: 'header', property: 'content-type', operator: 'contains', target: 'text/html' },
      { type: 'body', operator: 'contains', target: '<link rel="canonical" href="https://kyotostation-bagberth.jp/"' },
    ]);
    expect(test.options).toMatchObject({
      allowInsecure: false,
      followRedirects: false,
      tickEvery: OPS_CONFIG.synthetics.tickEverySeconds,
      minLocationFailed: 2,
    });
    expect(test.locations).toEqual(OPS_CONFIG.synthetics.locations);
  });

  it("an alias host's page names the canonical host of its path", () => {
    const paths = new Map<string, string[]>();
    for (const entry of DOMAIN_ENTRIES) paths.set(entry.path, [...(paths.get(entry.path) ?? []), entry.domain]);
    const shared = [...paths.values()].find((hosts) => hosts.length > 1);
    expect(shared, 'the tenant map has a path served by two hosts').toBeDefined();
    const targets = shared!.map((host) => json(forHost('page', host).config.assertions).at(-1).target as string);
    expect(new Set(targets).size).toBe(1);
  });

  it('a host whose first language is not English is asked for its page in that language', () => {
    const kyoto = DOMAIN_ENTRIES.find((item) => item.domain === 'kyotostation-bagberth.jp')!;
    const [test] = syntheticTests(OPS_CONFIG, [{ ...kyoto, locales: ['ja', 'en'] }]);
    expect(test!.test.config.request).toMatchObject({
      url: 'https://kyotostation-bagberth.jp/ja',
      headers: { 'accept-language': 'ja' },
    });
    expect(json(test!.test.config.assertions).at(-1).target).toBe(
      '<link rel="canonical" href="https://kyotostation-bagberth.jp/ja"',
    );
  });

  it('the certificate test wants more than 14 days left and TLS 1.2 or later', () => {
    const test = forHost('certificate', 'kyotostation-bagberth.jp');
    expect(test.subtype).toBe('ssl');
    expect(test.config.request).toMatchObject({
      host: 'kyotostation-bagberth.jp',
      port: 443,
      servername: 'kyotostation-bagberth.jp',
    });
    expect(json(test.config.assertions)).toEqual([
      { type: 'certificate', operator: 'isInMoreThan', target: 14 },
      { type: 'tlsVersion', operator: 'moreThanOrEqual', target: 1.2 },
    ]);
  });
});
