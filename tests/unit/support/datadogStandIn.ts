// A local stand-in of the parts of Datadog's API that ops:plan and ops:apply use (ops/datadog/),
// started by the tests: it checks the keys, validates every body it is sent with the official
// client's own models (a missing field, an unknown one or a value the API does not know is a 400,
// as Datadog answers), keeps what it is given, and counts the writes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectSerializer as V1 } from '@datadog/datadog-api-client/dist/packages/datadog-api-client-v1/models/ObjectSerializer';
import { ObjectSerializer as V2 } from '@datadog/datadog-api-client/dist/packages/datadog-api-client-v2/models/ObjectSerializer';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies as plain JSON

export interface StandIn {
  url: string;
  /** Every write (POST, PUT, PATCH, DELETE), as `METHOD path`. */
  writes: string[];
  /** Every request, reads included. */
  requests: number;
  store: {
    dashboards: Map<string, Json>;
    monitors: Map<number, Json>;
    slos: Map<string, Json>;
    rumMetrics: Map<string, Json>;
    logMetrics: Map<string, Json>;
    syntheticTests: Map<string, Json>;
    events: Json[];
  };
  close(): Promise<void>;
}

/** Whether a deserialized model, or anything in it, holds a value the API does not know (the client marks it `_unparsed`). */
function unparsed(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(unparsed);
  if (value === null || typeof value !== 'object') return false;
  if ((value as { _unparsed?: boolean })._unparsed || value.constructor?.name === 'UnparsedObject') return true;
  return Object.values(value).some(unparsed);
}

/** The body as the API would take it, or the reason it would not. */
function check(serializer: typeof V1 | typeof V2, body: unknown, type: string): string | undefined {
  try {
    if (unparsed(serializer.deserialize(body, type, ''))) return `${type}: a value the API does not know`;
    return undefined;
  } catch (error) {
    return `${type}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<Json | undefined>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      try {
        resolve(text ? (JSON.parse(text) as Json) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });

export async function startDatadogStandIn({ apiKey, appKey }: { apiKey: string; appKey: string }): Promise<StandIn> {
  const store: StandIn['store'] = {
    dashboards: new Map(),
    monitors: new Map(),
    slos: new Map(),
    rumMetrics: new Map(),
    logMetrics: new Map(),
    syntheticTests: new Map(),
    events: [],
  };
  const writes: string[] = [];
  let requests = 0;
  let next = 1;
  const now = new Date().toISOString();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    const send = (status: number, body?: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(body === undefined ? '' : JSON.stringify(body));
    const url = new URL(request.url ?? '/', 'http://stand-in');
    // Posting an event takes the API key alone, as Datadog's does; everything else both keys.
    const needsAppKey = url.pathname !== '/api/v1/events';
    if (request.headers['dd-api-key'] !== apiKey || (needsAppKey && request.headers['dd-application-key'] !== appKey))
      return send(403, { errors: ['Forbidden'] });
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (method !== 'GET') writes.push(`${method} ${url.pathname}`);
    const invalid = (reason: string) => send(400, { errors: [reason] });
    let match: RegExpExecArray | null;

    // Dashboards: list (summaries), one, create, replace, delete.
    if (url.pathname === '/api/v1/dashboard' && method === 'GET') {
      return send(200, {
        dashboards: [...store.dashboards.values()].map(({ id, title, description, layout_type }) => ({
          id,
          title,
          description,
          layout_type,
        })),
      });
    }
    if (url.pathname === '/api/v1/dashboard' && method === 'POST') {
      const reason = check(V1, body, 'Dashboard');
      if (reason) return invalid(reason);
      const id = `abc-${String(next++).padStart(3, '0')}-xyz`;
      const stored = {
        ...body,
        id,
        author_handle: 'ops@example.com',
        created_at: now,
        modified_at: now,
        url: `/dashboard/${id}`,
      };
      store.dashboards.set(id, stored);
      return send(200, stored);
    }
    if ((match = /^\/api\/v1\/dashboard\/([\w-]+)$/.exec(url.pathname))) {
      const id = match[1]!;
      const found = store.dashboards.get(id);
      if (!found) return send(404, { errors: ['Dashboard not found'] });
      if (method === 'GET') return send(200, found);
      if (method === 'PUT') {
        const reason = check(V1, body, 'Dashboard');
        if (reason) return invalid(reason);
        const stored = {
          ...body,
          id,
          author_handle: found.author_handle,
          created_at: found.created_at,
          modified_at: now,
          url: found.url,
        };
        store.dashboards.set(id, stored);
        return send(200, stored);
      }
      if (method === 'DELETE') {
        store.dashboards.delete(id);
        return send(200, { deleted_dashboard_id: id });
      }
    }

    // Monitors: list by tag, create, update, delete.
    if (url.pathname === '/api/v1/monitor' && method === 'GET') {
      const wanted = url.searchParams.get('monitor_tags')?.split(',') ?? [];
      return send(
        200,
        [...store.monitors.values()].filter((monitor) =>
          wanted.every((tag) => (monitor.tags as string[]).includes(tag)),
        ),
      );
    }
    if (url.pathname === '/api/v1/monitor' && method === 'POST') {
      const reason = check(V1, body, 'Monitor');
      if (reason) return invalid(reason);
      const id = next++;
      const stored = {
        ...body,
        id,
        created: now,
        modified: now,
        overall_state: 'OK',
        options: { notify_audit: false, ...body!.options },
      };
      store.monitors.set(id, stored);
      return send(200, stored);
    }
    if ((match = /^\/api\/v1\/monitor\/(\d+)$/.exec(url.pathname))) {
      const id = Number(match[1]);
      const found = store.monitors.get(id);
      if (!found) return send(404, { errors: ['Monitor not found'] });
      if (method === 'PUT') {
        const reason = check(V1, body, 'MonitorUpdateRequest');
        if (reason) return invalid(reason);
        const stored = { ...found, ...body, id, modified: now, options: { notify_audit: false, ...body!.options } };
        store.monitors.set(id, stored);
        return send(200, stored);
      }
      if (method === 'DELETE') {
        store.monitors.delete(id);
        return send(200, { deleted_monitor_id: id });
      }
    }

    // SLOs: list by tag, create, update, delete.
    if (url.pathname === '/api/v1/slo' && method === 'GET') {
      const wanted = url.searchParams.get('tags_query');
      return send(200, {
        data: [...store.slos.values()].filter((slo) => !wanted || (slo.tags as string[]).includes(wanted)),
      });
    }
    if (url.pathname === '/api/v1/slo' && method === 'POST') {
      const reason = check(V1, body, 'ServiceLevelObjectiveRequest');
      if (reason) return invalid(reason);
      const id = `slo${next++}`;
      const stored = { ...body, id, created_at: 1_800_000_000, modified_at: 1_800_000_000 };
      store.slos.set(id, stored);
      return send(200, { data: [stored] });
    }
    if ((match = /^\/api\/v1\/slo\/(\w+)$/.exec(url.pathname))) {
      const id = match[1]!;
      const found = store.slos.get(id);
      if (!found) return send(404, { errors: ['SLO not found'] });
      if (method === 'PUT') {
        const reason = check(V1, body, 'ServiceLevelObjective');
        if (reason) return invalid(reason);
        const stored = { ...body, id, created_at: found.created_at, modified_at: 1_800_000_001 };
        store.slos.set(id, stored);
        return send(200, { data: [stored] });
      }
      if (method === 'DELETE') {
        store.slos.delete(id);
        return send(200, { data: [id] });
      }
    }

    // RUM-based and log-based metrics (v2): list, create, update, delete; the name is the id.
    for (const { path, store: metrics, type } of [
      { path: '/api/v2/rum/config/metrics', store: store.rumMetrics, type: 'RumMetric' },
      { path: '/api/v2/logs/config/metrics', store: store.logMetrics, type: 'LogsMetric' },
    ]) {
      if (url.pathname === path && method === 'GET') return send(200, { data: [...metrics.values()] });
      if (url.pathname === path && method === 'POST') {
        const reason = check(V2, body, `${type}CreateRequest`);
        if (reason) return invalid(reason);
        const data = body!.data as Json;
        if (metrics.has(data.id)) return send(409, { errors: ['Metric already exists'] });
        metrics.set(data.id, data);
        return send(201, { data });
      }
      if (url.pathname.startsWith(`${path}/`) && /^[\w.]+$/.test(url.pathname.slice(path.length + 1))) {
        const id = url.pathname.slice(path.length + 1);
        const found = metrics.get(id);
        if (!found) return send(404, { errors: ['Metric not found'] });
        if (method === 'PATCH') {
          const reason = check(V2, body, `${type}UpdateRequest`);
          if (reason) return invalid(reason);
          const attributes = body!.data.attributes as Json;
          const stored = {
            ...found,
            attributes: {
              ...found.attributes,
              ...attributes,
              compute: { ...found.attributes.compute, ...attributes.compute },
            },
          };
          metrics.set(id, stored);
          return send(200, { data: stored });
        }
        if (method === 'DELETE') {
          metrics.delete(id);
          return response.writeHead(204).end();
        }
      }
    }
    // Events (v1): posted, kept in order.
    if (url.pathname === '/api/v1/events' && method === 'POST') {
      const reason = check(V1, body, 'EventCreateRequest');
      if (reason) return invalid(reason);
      store.events.push(body!);
      return send(202, { status: 'ok', event: { ...body, id: next++ } });
    }
    // Synthetic API tests (v1): list by pages, create, replace, delete by public id.
    if (url.pathname === '/api/v1/synthetics/tests' && method === 'GET') {
      const size = Number(url.searchParams.get('page_size') ?? 1000);
      const page = Number(url.searchParams.get('page_number') ?? 0);
      return send(200, { tests: [...store.syntheticTests.values()].slice(page * size, (page + 1) * size) });
    }
    if (url.pathname === '/api/v1/synthetics/tests/api' && method === 'POST') {
      const reason = check(V1, body, 'SyntheticsAPITest');
      if (reason) return invalid(reason);
      const publicId = `abc-${String(next++).padStart(3, '0')}-def`;
      const stored = {
        ...body,
        public_id: publicId,
        monitor_id: next++,
        status: 'live',
        creator: { handle: 'ops@example.com' },
      };
      store.syntheticTests.set(publicId, stored);
      return send(200, stored);
    }
    if ((match = /^\/api\/v1\/synthetics\/tests\/api\/([\w-]+)$/.exec(url.pathname)) && method === 'PUT') {
      const found = store.syntheticTests.get(match[1]!);
      if (!found) return send(404, { errors: ['Synthetic test not found'] });
      const reason = check(V1, body, 'SyntheticsAPITest');
      if (reason) return invalid(reason);
      const stored = {
        ...body,
        public_id: found.public_id,
        monitor_id: found.monitor_id,
        status: found.status,
        creator: found.creator,
      };
      store.syntheticTests.set(found.public_id, stored);
      return send(200, stored);
    }
    if (url.pathname === '/api/v1/synthetics/tests/delete' && method === 'POST') {
      const reason = check(V1, body, 'SyntheticsDeleteTestsPayload');
      if (reason) return invalid(reason);
      const ids = (body!.public_ids ?? []) as string[];
      for (const id of ids) store.syntheticTests.delete(id);
      return send(200, { deleted_tests: ids.map((id) => ({ public_id: id, deleted_at: now })) });
    }
    return send(404, { errors: [`${method} ${url.pathname}: not part of the stand-in`] });
  };

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    writes,
    get requests() {
      return requests;
    },
    store,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
