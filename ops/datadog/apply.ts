// Plan and apply the ops objects of ops/datadog/ against a Datadog account (docs/ops.md, "Apply"):
// each object is found again by the ops id the code gives it (a tag on monitors and SLOs, the
// description's marker on dashboards, the name of a RUM-based metric), compared with what the code
// says, and created, updated in place, or, with `prune`, deleted when the code no longer has it.
import { client, v1, v2 } from '@datadog/datadog-api-client';
import { ObjectSerializer as V1Serializer } from '@datadog/datadog-api-client/dist/packages/datadog-api-client-v1/models/ObjectSerializer';
import { ObjectSerializer as V2Serializer } from '@datadog/datadog-api-client/dist/packages/datadog-api-client-v2/models/ObjectSerializer';
import { dashboards, type ManagedDashboard } from './dashboards';
import type { OpsConfig } from '../../src/config/opsEnv';
import { logMetrics, MANAGED_TAG, monitors, rumMetrics, slos, type ManagedMonitor, type ManagedSlo } from './monitors';
import { syntheticTests, type ManagedSyntheticTest } from './synthetics';

export interface Desired {
  dashboards: ManagedDashboard[];
  monitors: ManagedMonitor[];
  slos: ManagedSlo[];
  rumMetrics: v2.RumMetricCreateData[];
  logMetrics: v2.LogsMetricCreateData[];
  syntheticTests: ManagedSyntheticTest[];
}

export const desired = (config: OpsConfig): Desired => ({
  dashboards: dashboards(config),
  monitors: monitors(config),
  slos: slos(config),
  rumMetrics: rumMetrics(config),
  logMetrics: logMetrics(config),
  syntheticTests: syntheticTests(config),
});

type Kind = 'dashboard' | 'monitor' | 'slo' | 'rum metric' | 'log metric' | 'synthetic test';
type Action = 'create' | 'update' | 'delete' | 'keep' | 'unchanged';

export interface Change {
  kind: Kind;
  opsId: string;
  action: Action;
  /** The account's id of an object that exists. */
  remoteId?: string;
  /** Which top-level fields differ, for an update. */
  fields?: string[];
  run(): Promise<unknown>;
}

/** The account's settings: keys, site, and (for a stand-in or a proxy) a base URL. */
export interface Account {
  apiKey: string;
  appKey: string;
  site: string;
  baseUrl?: string;
}

export function apis(account: Account) {
  const configuration = client.createConfiguration({
    authMethods: { apiKeyAuth: account.apiKey, appKeyAuth: account.appKey },
    ...(account.baseUrl && { baseServer: new client.BaseServerConfiguration(account.baseUrl, {}) }),
  });
  if (!account.baseUrl) configuration.setServerVariables({ site: account.site });
  return {
    dashboards: new v1.DashboardsApi(configuration),
    monitors: new v1.MonitorsApi(configuration),
    slos: new v1.ServiceLevelObjectivesApi(configuration),
    rumMetrics: new v2.RumMetricsApi(configuration),
    logMetrics: new v2.LogsMetricsApi(configuration),
    synthetics: new v1.SyntheticsApi(configuration),
    events: new v1.EventsApi(configuration),
  };
}
type Apis = ReturnType<typeof apis>;

/** The API's JSON of a typed model: what the account stores and answers. */
const v1Json = (value: unknown, type: string) => V1Serializer.serialize(value, type, '') as unknown;
const v2Json = (value: unknown, type: string) => V2Serializer.serialize(value, type, '') as unknown;

/**
 * Whether the account's copy says everything the code says: objects key by key, lists item by item.
 * Fields the account adds (ids, authors, defaults it fills in) do not count as a difference.
 */
function says(wanted: unknown, actual: unknown): boolean {
  if (Array.isArray(wanted))
    return (
      Array.isArray(actual) &&
      actual.length === wanted.length &&
      wanted.every((item, index) => says(item, actual[index]))
    );
  if (wanted !== null && typeof wanted === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(wanted).every(
      ([key, value]) => value === undefined || says(value, (actual as Record<string, unknown>)[key]),
    );
  }
  return wanted === actual;
}

const differing = (wanted: object, actual: object) =>
  Object.keys(wanted).filter(
    (key) => !says((wanted as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key]),
  );

const opsIdOfTags = (tagList: readonly string[] | undefined) =>
  tagList?.find((tag) => tag.startsWith('ops-id:'))?.slice('ops-id:'.length);

/** One kind's changes: what the code wants against what the account has, both as the API's JSON. */
function compare<Actual>(
  kind: Kind,
  wanted: Array<{ opsId: string; json: object }>,
  actual: Array<{ opsId: string; remoteId: string; json: object; value: Actual }>,
  act: {
    create(opsId: string): Promise<unknown>;
    update(opsId: string, remoteId: string): Promise<unknown>;
    remove(remoteId: string): Promise<unknown>;
  },
  prune: boolean,
): Change[] {
  const changes: Change[] = [];
  for (const { opsId, json } of wanted) {
    const found = actual.find((item) => item.opsId === opsId);
    if (!found) changes.push({ kind, opsId, action: 'create', run: () => act.create(opsId) });
    else {
      const fields = differing(json, found.json);
      changes.push(
        fields.length === 0
          ? { kind, opsId, action: 'unchanged', remoteId: found.remoteId, run: async () => undefined }
          : {
              kind,
              opsId,
              action: 'update',
              remoteId: found.remoteId,
              fields,
              run: () => act.update(opsId, found.remoteId),
            },
      );
    }
  }
  for (const found of actual) {
    if (wanted.some((item) => item.opsId === found.opsId)) continue;
    changes.push(
      prune
        ? {
            kind,
            opsId: found.opsId,
            action: 'delete',
            remoteId: found.remoteId,
            run: () => act.remove(found.remoteId),
          }
        : { kind, opsId: found.opsId, action: 'keep', remoteId: found.remoteId, run: async () => undefined },
    );
  }
  return changes;
}

/**
 * One kind of generated metric (RUM-based, log-based): its name is its identity, and only ours
 * (the `microsites.` prefix) are compared.
 */
function metricsCompared<Wanted extends { id: string }>(
  kind: Kind,
  wanted: Wanted[],
  listed: Array<{ id?: string }>,
  wantedType: string,
  listedType: string,
  act: {
    create(data: Wanted): Promise<unknown>;
    update(data: Wanted): Promise<unknown>;
    remove(id: string): Promise<unknown>;
  },
  prune: boolean,
): Change[] {
  const own = listed.filter((metric) => metric.id?.startsWith('microsites.'));
  const byId = (id: string) => wanted.find((item) => item.id === id)!;
  return compare(
    kind,
    wanted.map((metric) => ({ opsId: metric.id, json: v2Json(metric, wantedType) as object })),
    own.map((metric) => ({
      opsId: metric.id!,
      remoteId: metric.id!,
      value: metric,
      json: v2Json(metric, listedType) as object,
    })),
    {
      create: (opsId) => act.create(byId(opsId)),
      update: (opsId) => act.update(byId(opsId)),
      remove: (id) => act.remove(id),
    },
    prune,
  );
}

/**
 * Promise.all that reports the first failure only once every request has settled, so that a
 * refused command (a 403 answers each of its reads) exits with none of them still open.
 */
async function allSettledFirst<T extends readonly unknown[] | []>(
  requests: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const results = await Promise.allSettled<readonly unknown[]>(requests);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return Promise.all(requests);
}

/** Every change that would make the account say what the code says; nothing is written until a change runs. */
export async function plan(api: Apis, want: Desired, { prune = false } = {}): Promise<Change[]> {
  const allTests = async () => {
    const found: v1.SyntheticsTestDetailsWithoutSteps[] = [];
    for await (const test of api.synthetics.listTestsWithPagination()) found.push(test);
    return found;
  };
  const [dashboardList, monitorList, sloList, metricList, logMetricList, testList] = await allSettledFirst([
    api.dashboards.listDashboards({ filterShared: false }),
    api.monitors.listMonitors({ monitorTags: MANAGED_TAG }),
    api.slos.listSLOs({ tagsQuery: MANAGED_TAG }),
    api.rumMetrics.listRumMetrics(),
    api.logMetrics.listLogsMetrics(),
    allTests(),
  ]);

  const ourDashboards = (dashboardList.dashboards ?? []).flatMap((summary) => {
    const opsId = /\[ops-id: ([\w-]+)\]$/.exec(summary.description ?? '')?.[1];
    return opsId && summary.id ? [{ opsId, id: summary.id }] : [];
  });
  const fullDashboards = await allSettledFirst(
    ourDashboards.map(async ({ opsId, id }) => ({
      opsId,
      remoteId: id,
      value: await api.dashboards.getDashboard({ dashboardId: id }),
    })),
  );
  const dashboardChanges = compare(
    'dashboard',
    want.dashboards.map(({ opsId, dashboard }) => ({ opsId, json: v1Json(dashboard, 'Dashboard') as object })),
    fullDashboards.map((item) => ({ ...item, json: v1Json(item.value, 'Dashboard') as object })),
    {
      create: (opsId) =>
        api.dashboards.createDashboard({ body: want.dashboards.find((item) => item.opsId === opsId)!.dashboard }),
      update: (opsId, id) =>
        api.dashboards.updateDashboard({
          dashboardId: id,
          body: want.dashboards.find((item) => item.opsId === opsId)!.dashboard,
        }),
      remove: (id) => api.dashboards.deleteDashboard({ dashboardId: id }),
    },
    prune,
  );

  const monitorChanges = compare(
    'monitor',
    want.monitors.map(({ opsId, monitor }) => ({ opsId, json: v1Json(monitor, 'Monitor') as object })),
    monitorList.flatMap((monitor) => {
      const opsId = opsIdOfTags(monitor.tags);
      return opsId && monitor.id !== undefined
        ? [{ opsId, remoteId: String(monitor.id), value: monitor, json: v1Json(monitor, 'Monitor') as object }]
        : [];
    }),
    {
      create: (opsId) =>
        api.monitors.createMonitor({ body: want.monitors.find((item) => item.opsId === opsId)!.monitor }),
      update: (opsId, id) => {
        const { monitor } = want.monitors.find((item) => item.opsId === opsId)!;
        return api.monitors.updateMonitor({
          monitorId: Number(id),
          body: {
            name: monitor.name,
            type: monitor.type,
            query: monitor.query,
            message: monitor.message,
            tags: monitor.tags,
            priority: monitor.priority,
            options: monitor.options,
          },
        });
      },
      remove: (id) => api.monitors.deleteMonitor({ monitorId: Number(id) }),
    },
    prune,
  );

  const sloChanges = compare(
    'slo',
    want.slos.map(({ opsId, slo }) => ({ opsId, json: v1Json(slo, 'ServiceLevelObjectiveRequest') as object })),
    (sloList.data ?? []).flatMap((slo) => {
      const opsId = opsIdOfTags(slo.tags);
      return opsId && slo.id
        ? [{ opsId, remoteId: slo.id, value: slo, json: v1Json(slo, 'ServiceLevelObjective') as object }]
        : [];
    }),
    {
      create: (opsId) => api.slos.createSLO({ body: want.slos.find((item) => item.opsId === opsId)!.slo }),
      update: (opsId, id) =>
        api.slos.updateSLO({
          sloId: id,
          body: want.slos.find((item) => item.opsId === opsId)!.slo as v1.ServiceLevelObjective,
        }),
      remove: (id) => api.slos.deleteSLO({ sloId: id }),
    },
    prune,
  );

  const metricChanges = [
    ...metricsCompared(
      'rum metric',
      want.rumMetrics,
      metricList.data ?? [],
      'RumMetricCreateData',
      'RumMetricResponseData',
      {
        create: (data) => api.rumMetrics.createRumMetric({ body: { data } }),
        update: ({ id, attributes }) =>
          api.rumMetrics.updateRumMetric({
            metricId: id,
            body: {
              data: {
                id,
                type: 'rum_metrics',
                attributes: {
                  compute: { includePercentiles: attributes.compute.includePercentiles },
                  filter: attributes.filter,
                  groupBy: attributes.groupBy,
                },
              },
            },
          }),
        remove: (id) => api.rumMetrics.deleteRumMetric({ metricId: id }),
      },
      prune,
    ),
    ...metricsCompared(
      'log metric',
      want.logMetrics,
      logMetricList.data ?? [],
      'LogsMetricCreateData',
      'LogsMetricResponseData',
      {
        create: (data) => api.logMetrics.createLogsMetric({ body: { data } }),
        update: ({ id, attributes }) =>
          api.logMetrics.updateLogsMetric({
            metricId: id,
            body: {
              data: {
                type: 'logs_metrics',
                attributes: {
                  compute: { includePercentiles: attributes.compute.includePercentiles },
                  filter: attributes.filter,
                  groupBy: attributes.groupBy,
                },
              },
            },
          }),
        remove: (id) => api.logMetrics.deleteLogsMetric({ metricId: id }),
      },
      prune,
    ),
  ];

  const testChanges = compare(
    'synthetic test',
    want.syntheticTests.map(({ opsId, test }) => ({ opsId, json: v1Json(test, 'SyntheticsAPITest') as object })),
    testList.flatMap((test) => {
      const opsId = test.tags?.includes(MANAGED_TAG) ? opsIdOfTags(test.tags) : undefined;
      return opsId && test.publicId
        ? [
            {
              opsId,
              remoteId: test.publicId,
              value: test,
              json: v1Json(test, 'SyntheticsTestDetailsWithoutSteps') as object,
            },
          ]
        : [];
    }),
    {
      create: (opsId) =>
        api.synthetics.createSyntheticsAPITest({
          body: want.syntheticTests.find((item) => item.opsId === opsId)!.test,
        }),
      update: (opsId, id) =>
        api.synthetics.updateAPITest({
          publicId: id,
          body: want.syntheticTests.find((item) => item.opsId === opsId)!.test,
        }),
      remove: (id) => api.synthetics.deleteTests({ body: { publicIds: [id] } }),
    },
    prune,
  );

  return [...metricChanges, ...dashboardChanges, ...monitorChanges, ...sloChanges, ...testChanges];
}

/** Runs every change that writes, in order: metrics before the SLO that counts them. */
export async function apply(changes: Change[]): Promise<void> {
  for (const change of changes)
    if (change.action === 'create' || change.action === 'update' || change.action === 'delete') await change.run();
}

/** What a plan says, a line a change. */
export function summarize(changes: Change[]): string {
  const symbol: Record<Action, string> = { create: '+', update: '~', delete: '-', keep: '!', unchanged: '=' };
  const lines = changes.map((change) => {
    const detail =
      change.action === 'update'
        ? ` (${change.fields?.join(', ')})`
        : change.action === 'keep'
          ? ': not in the code any more; kept (--prune deletes it)'
          : '';
    return `${symbol[change.action]} ${change.kind} ${change.opsId}${change.remoteId ? ` [${change.remoteId}]` : ''}${detail}`;
  });
  const count = (action: Action) => changes.filter((change) => change.action === action).length;
  return [
    ...lines,
    `${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete, ${count('unchanged')} unchanged, ${count('keep')} kept.`,
  ].join('\n');
}
