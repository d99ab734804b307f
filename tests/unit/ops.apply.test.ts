// Issue 25 items 2 and 5 (docs/ops.md, "Apply"): ops:plan and ops:apply against a local stand-in
// of Datadog's API that validates each body with the client's own models and keeps state.
import { apis, apply, desired, plan, type Desired } from '../../ops/datadog/apply';
import { main } from '../../ops/datadog/cli';
import { startDatadogStandIn, type StandIn } from './support/datadogStandIn';
import { OPS_CONFIG, OPS_ENV } from './support/opsConfig';
import { parseOpsEnv } from '@/config/opsEnv';

// An apply writes each of about 360 objects in turn (two synthetic tests a host): seconds, not the default 5.
vi.setConfig({ testTimeout: 60_000 });

const KEYS = { apiKey: 'stand-in-api-key', appKey: 'stand-in-app-key' };
let standIn: StandIn;
const account = () => ({ ...KEYS, site: 'datadoghq.com', baseUrl: standIn.url });
const env = () => ({ ...OPS_ENV, DD_API_KEY: KEYS.apiKey, DD_APP_KEY: KEYS.appKey, DD_API_URL: standIn.url });
const run = async (want: Desired, options = {}) => apply(await plan(apis(account()), want, options));

beforeEach(async () => {
  standIn = await startDatadogStandIn(KEYS);
});
afterEach(() => standIn.close());

describe('ops:apply against the stand-in', () => {
  it('creates every object once; a second apply writes nothing', async () => {
    const want = desired(OPS_CONFIG);
    await run(want);
    expect(standIn.store.dashboards.size).toBe(want.dashboards.length);
    expect(standIn.store.monitors.size).toBe(want.monitors.length);
    expect(standIn.store.slos.size).toBe(want.slos.length);
    expect(standIn.store.rumMetrics.size).toBe(want.rumMetrics.length);
    expect(standIn.store.logMetrics.size).toBe(want.logMetrics.length);
    expect(standIn.store.syntheticTests.size).toBe(want.syntheticTests.length);
    const written = standIn.writes.length;
    expect(written).toBe(
      want.dashboards.length +
        want.monitors.length +
        want.slos.length +
        want.rumMetrics.length +
        want.logMetrics.length +
        want.syntheticTests.length,
    );

    const again = await plan(apis(account()), desired(OPS_CONFIG));
    expect(
      again
        .filter((change) => change.action !== 'unchanged')
        .map((change) => `${change.action} ${change.opsId} ${change.fields ?? ''}`),
    ).toEqual([]);
    await apply(again);
    expect(standIn.writes).toHaveLength(written);
  });

  it('a changed threshold is one update, in place', async () => {
    await run(desired(OPS_CONFIG));
    const written = standIn.writes.length;
    const changed = desired(OPS_CONFIG);
    const lcp = changed.monitors.find((item) => item.opsId === 'microsites-lcp')!.monitor;
    lcp.query = lcp.query.replace(/> \d+$/, '> 3000000000');
    lcp.options!.thresholds!.critical = 3_000_000_000;
    const changes = await plan(apis(account()), changed);
    expect(
      changes.filter((change) => change.action === 'update').map((change) => [change.opsId, change.fields]),
    ).toEqual([['microsites-lcp', ['options', 'query']]]);
    await apply(changes);
    expect(standIn.writes.slice(written)).toEqual([expect.stringMatching(/^PUT \/api\/v1\/monitor\/\d+$/)]);
    expect(
      [...standIn.store.monitors.values()].find((monitor) => monitor.tags.includes('ops-id:microsites-lcp'))!.options
        .thresholds.critical,
    ).toBe(3_000_000_000);
  });

  it('a monitor removed from the code is kept, and deleted only with --prune', async () => {
    await run(desired(OPS_CONFIG));
    const fewer = desired(OPS_CONFIG);
    fewer.monitors = fewer.monitors.filter((item) => item.opsId !== 'microsites-redis-down');
    const kept = await plan(apis(account()), fewer);
    expect(kept.find((change) => change.opsId === 'microsites-redis-down')?.action).toBe('keep');
    await apply(kept);
    expect(standIn.store.monitors.size).toBe(desired(OPS_CONFIG).monitors.length);
    const pruned = await plan(apis(account()), fewer, { prune: true });
    expect(pruned.find((change) => change.opsId === 'microsites-redis-down')?.action).toBe('delete');
    await apply(pruned);
    expect(standIn.store.monitors.size).toBe(fewer.monitors.length);
    expect(
      [...standIn.store.monitors.values()].some((monitor) => monitor.tags.includes('ops-id:microsites-redis-down')),
    ).toBe(false);
  });

  it('finds its objects by their ops id, never by title: a renamed dashboard is updated, another one with the same title is left alone', async () => {
    await run(desired(OPS_CONFIG));
    // Someone's own copy, made by hand from ours: same title, no ops id.
    const { dashboard } = desired(OPS_CONFIG).dashboards[0]!;
    await apis(account()).dashboards.createDashboard({ body: { ...dashboard, description: 'my copy' } });
    const renamed = desired(OPS_CONFIG);
    renamed.dashboards[0]!.dashboard.title = 'Microsites: overview (renamed)';
    const changes = await plan(apis(account()), renamed, { prune: true });
    expect(
      changes.filter((change) => change.action !== 'unchanged').map((change) => [change.action, change.opsId]),
    ).toEqual([['update', renamed.dashboards[0]!.opsId]]);
    await apply(changes);
    expect([...standIn.store.dashboards.values()].filter((stored) => stored.description === 'my copy')).toHaveLength(1);
  });

  it('the stand-in refuses what Datadog would: a body the models reject is a 400', async () => {
    const post = (body: object) =>
      fetch(`${standIn.url}/api/v1/monitor`, {
        method: 'POST',
        headers: { 'dd-api-key': KEYS.apiKey, 'dd-application-key': KEYS.appKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const { monitor } = desired(OPS_CONFIG).monitors[0]!;
    const valid = { name: monitor.name, type: monitor.type, query: monitor.query };
    expect((await post({ ...valid, type: 'not a monitor type' })).status).toBe(400);
    expect((await post({ name: monitor.name, type: monitor.type })).status).toBe(400);
    expect((await post(valid)).status).toBe(200);
  });
});

describe('the ops:plan and ops:apply commands', () => {
  it('print the plan and exit 0; apply writes, a second plan has nothing to do', async () => {
    const lines: string[] = [];
    expect(await main(['plan'], env(), (line) => lines.push(line))).toBe(0);
    expect(standIn.writes).toEqual([]);
    expect(lines.join('\n')).toMatch(/^\+ rum metric microsites\.views$/m);
    expect(lines.join('\n')).toMatch(/^\d+ to create, 0 to update, 0 to delete, 0 unchanged, 0 kept\.$/m);
    expect(await main(['apply'], env(), () => undefined)).toBe(0);
    lines.length = 0;
    expect(await main(['plan'], env(), (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(/^0 to create, 0 to update, 0 to delete, \d+ unchanged, 0 kept\.$/m);
  });

  it('without keys name what is missing and exit 1, sending nothing', async () => {
    const lines: string[] = [];
    expect(await main(['apply'], { ...OPS_ENV, DD_API_URL: standIn.url }, (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual([
      'ops:apply needs DD_API_KEY and DD_APP_KEY (and DD_SITE unless the account is on datadoghq.com): nothing was sent.',
    ]);
    expect(
      await main(['plan'], { ...OPS_ENV, DD_API_KEY: 'x', DD_API_URL: standIn.url }, (line) => lines.push(line)),
    ).toBe(1);
    expect(lines.at(-1)).toMatch(/^ops:plan needs DD_APP_KEY /);
    expect(standIn.requests).toBe(0);
  });

  it('without handles to notify or a RUM application, name each variable and exit 1, sending nothing', async () => {
    const lines: string[] = [];
    const { OPS_NOTIFY_WARNING: _warning, OPS_RUM_APPLICATION_ID: _application, ...partial } = env();
    expect(
      await main(['plan'], { ...partial, OPS_NOTIFY_CRITICAL: '@pagerduty-microsites #ops' }, (line) =>
        lines.push(line),
      ),
    ).toBe(1);
    expect(lines).toEqual([
      'Invalid environment variable OPS_NOTIFY_CRITICAL: "#ops" is not a Datadog handle (@ and a name, or @ and an e-mail address)',
      expect.stringMatching(
        /^Invalid environment variable OPS_NOTIFY_WARNING: required: the Datadog handles a warning reaches/,
      ),
      expect.stringMatching(/^Invalid environment variable OPS_RUM_APPLICATION_ID: required/),
      'Nothing was sent (docs/configuration.md, "Ops commands only").',
    ]);
    expect(standIn.requests).toBe(0);
  });

  it('a 403 names the keys to check and exits 1', async () => {
    const lines: string[] = [];
    expect(await main(['plan'], { ...env(), DD_APP_KEY: 'a-key-of-another-org' }, (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Datadog refused the request \(403 Forbidden\): check DD_API_KEY, and that DD_APP_KEY is an application key/,
      ),
    ]);
    expect(standIn.writes).toEqual([]);
  });
});

describe('ops:plan when the account refuses', () => {
  it('reports the refusal once every read has answered, so it exits with none still open', async () => {
    const refused = new Error('Forbidden');
    let answerMonitors!: (monitors: []) => void;
    const api = {
      dashboards: { listDashboards: () => Promise.reject(refused) },
      monitors: { listMonitors: () => new Promise((resolve) => (answerMonitors = resolve)) },
      slos: { listSLOs: async () => ({ data: [] }) },
      rumMetrics: { listRumMetrics: async () => ({ data: [] }) },
      logMetrics: { listLogsMetrics: async () => ({ data: [] }) },
      synthetics: { listTestsWithPagination: async function* () {} },
    } as unknown as Parameters<typeof plan>[0];
    let settled = false;
    const planned = plan(api, desired(OPS_CONFIG)).finally(() => (settled = true));
    planned.catch(() => undefined);
    // setImmediate runs once every promise callback queued so far has: the refusal has reached plan.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    answerMonitors([]);
    await expect(planned).rejects.toBe(refused);
  });
});

describe('ops:mark, the deploy marker', () => {
  it('posts one rollout event tagged with the service, env and version the releases dashboard overlays', async () => {
    const lines: string[] = [];
    expect(
      await main(
        ['mark', '--version', 'commit-two', '--tag', 'b-Build2', '--previous', 'commit-one'],
        { ...env(), OPS_ENV: 'staging' },
        (line) => lines.push(line),
      ),
    ).toBe(0);
    expect(lines).toEqual(['Marked the rollout of commit-two (b-Build2) in staging.']);
    expect(standIn.store.events).toEqual([
      expect.objectContaining({
        title: 'Microsites: commit-two rolled out to staging',
        tags: ['microsites-rollout', 'service:microsites', 'env:staging', 'version:commit-two', 'image_tag:b-Build2'],
        alert_type: 'info',
      }),
    ]);
    const releases = desired(parseOpsEnv({ ...OPS_ENV, OPS_ENV: 'staging' })).dashboards.find(
      (item) => item.opsId === 'microsites-releases',
    )!.dashboard;
    const overlays =
      JSON.stringify(releases.widgets).match(/tags:microsites-rollout service:microsites env:staging/g) ?? [];
    expect(overlays.length).toBe(2);
  });

  it('without a version or tag, or with one that is not a plain token, says so and sends nothing', async () => {
    const lines: string[] = [];
    expect(await main(['mark', '--version', 'commit-two'], env(), (line) => lines.push(line))).toBe(2);
    expect(await main(['mark', '--version', 'a b', '--tag', 'b-Build2'], env(), (line) => lines.push(line))).toBe(2);
    expect(lines).toEqual([
      "ops:mark needs --version <the build's version> and --tag <its images' tag>",
      '--version: letters, digits, ".", "_" or "-", not "a b"',
    ]);
    expect(standIn.requests).toBe(0);
  });
});
