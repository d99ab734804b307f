import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { COLLECTOR_PORT, E2E_KEYS } from './collectorConfig';

/** One event as a vendor received it, reduced to what tests assert on. */
export interface CollectedEvent {
  vendor: 'amplitude' | 'segment';
  /** Amplitude event_type, or Segment's type ("page", "identify", "track", …). */
  type: string;
  /** Segment page name or track event; Amplitude page name. */
  name?: string;
  anonymousId?: string;
  properties: Record<string, unknown>;
  /** Identify data: Amplitude user_properties, Segment traits. */
  traits: Record<string, unknown>;
  /** The request body as sent, with this event as its only one: every field the vendor received with it. */
  payload: Record<string, unknown>;
}

/** A monitoring event: a RUM or log event from the SDK, or a payload the Safari proxy forwarded. */
export interface CollectedTelemetry {
  /** `browser` for the SDK's own requests, `safari-proxy` for the app's forwarding route. */
  via: 'browser' | 'safari-proxy';
  /** Intake track: rum, logs, replay, … */
  track: string;
  /** The intake query the Safari proxy forwarded (ddsource, ddtags, …); empty for the SDK's own. */
  query: Record<string, string>;
  event: Record<string, unknown>;
  /** The User-Agent the request came with: the browser's, or the proxy's own when it sends none. */
  userAgent?: string;
}

export interface CollectedRequest {
  vendor: string;
  path: string;
  status: number;
  anonymousIds: string[];
  /** When the collector received it (ms since the epoch, the collector's clock). */
  at: number;
  /** On a 429: the x-ratelimit-reset header sent back (Unix seconds). */
  rateLimitReset?: number;
}

interface Fault {
  vendor: string;
  anonymousId: string;
  statuses: number[];
  /** Answer a 429 as the vendors' public endpoints do: with x-ratelimit-reset, but not exposed to the page. */
  hideReset?: boolean;
}

/**
 * A local stand-in for the vendors' endpoints. It records what each SDK sends, answers like the
 * vendor does, and can fail the next requests of one visitor (by anonymous id) on demand.
 * Control routes under /__control let test workers query and steer it over HTTP.
 */
export function startCollector(port = COLLECTOR_PORT): Promise<Server> {
  const events: CollectedEvent[] = [];
  const telemetry: CollectedTelemetry[] = [];
  const requests: CollectedRequest[] = [];
  const faults: Fault[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://localhost:${port}`);
    cors(req, res);
    if (req.method === 'OPTIONS') return end(res, 204);
    const body = await readBody(req);

    if (url.pathname.startsWith('/__control/')) return control(url, body, res);
    if (url.pathname.startsWith('/amplitude/config')) return json(res, 200, { configs: {} });
    if (url.pathname === `/segment-cdn/v1/projects/${E2E_KEYS.segment}/settings`)
      return json(res, 200, segmentSettings());

    if (url.pathname === '/datadog') {
      const forwarded = new URL(url.searchParams.get('ddforward') ?? '/', 'http://intake');
      telemetry.push(...fromDatadog('browser', forwarded.pathname, body));
      return json(res, 202, {});
    }
    if (url.pathname.startsWith('/datadog-intake/')) {
      telemetry.push(
        ...fromDatadog(
          'safari-proxy',
          url.pathname.slice('/datadog-intake'.length),
          body,
          Object.fromEntries(url.searchParams),
          req.headers['user-agent'],
        ),
      );
      return json(res, 202, {});
    }

    const vendor = url.pathname.startsWith('/amplitude/2/httpapi')
      ? 'amplitude'
      : url.pathname.startsWith('/segment/v1/')
        ? 'segment'
        : undefined;
    if (!vendor) return json(res, 404, { error: 'unknown collector path' });

    const parsed = parseJson(body);
    const received = vendor === 'amplitude' ? fromAmplitude(parsed) : fromSegment(parsed);
    const anonymousIds = [...new Set(received.map((event) => event.anonymousId).filter((id): id is string => !!id))];
    const fault = faults.find(
      (candidate) =>
        candidate.vendor === vendor && anonymousIds.includes(candidate.anonymousId) && candidate.statuses.length > 0,
    );
    const status = fault?.statuses.shift() ?? 200;
    const at = Date.now();
    const rateLimitReset = status === 429 ? Math.ceil(at / 1000) + 1 : undefined;
    requests.push({
      vendor,
      path: url.pathname,
      status,
      anonymousIds,
      at,
      ...(rateLimitReset !== undefined && { rateLimitReset }),
    });
    if (status === 200) {
      events.push(...received);
      return json(
        res,
        200,
        vendor === 'amplitude'
          ? {
              code: 200,
              events_ingested: received.length,
              payload_size_bytes: body.length,
              server_upload_time: Date.now(),
            }
          : { success: true },
      );
    }
    if (status === 429) {
      res.setHeader('x-ratelimit-reset', String(rateLimitReset));
      if (fault?.hideReset) res.removeHeader('Access-Control-Expose-Headers');
      // Amplitude's HTTP V2 answer names every event it throttled; the SDK then waits its own 30 s.
      const body =
        vendor === 'amplitude'
          ? {
              code: 429,
              error: 'Too many requests for some devices and users',
              eps_threshold: 30,
              throttled_events: received.map((_event, index) => index),
              exceeded_daily_quota_users: {},
              exceeded_daily_quota_devices: {},
            }
          : { code: 429, error: 'Too many requests' };
      return json(res, 429, body);
    }
    return json(res, status, { code: status, error: 'injected failure' });
  });

  function control(url: URL, body: string, res: ServerResponse) {
    const anonymousId = url.searchParams.get('anonymousId');
    switch (url.pathname) {
      case '/__control/events':
        return json(
          res,
          200,
          events.filter((event) => !anonymousId || event.anonymousId === anonymousId),
        );
      case '/__control/requests':
        return json(
          res,
          200,
          requests.filter((request) => !anonymousId || request.anonymousIds.includes(anonymousId)),
        );
      case '/__control/telemetry': {
        const contains = url.searchParams.get('contains') ?? '';
        return json(
          res,
          200,
          telemetry.filter((item) => JSON.stringify(item.event).includes(contains)),
        );
      }
      case '/__control/faults':
        faults.push(parseJson(body) as Fault);
        return json(res, 200, { ok: true });
      default:
        return json(res, 404, { error: 'unknown control route' });
    }
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Datadog intake bodies are newline-separated JSON events (uncompressed in the e2e build). */
function fromDatadog(
  via: CollectedTelemetry['via'],
  intakePath: string,
  body: string,
  query: Record<string, string> = {},
  userAgent?: string,
): CollectedTelemetry[] {
  const track = intakePath.replace(/^\/api\/v2\//, '');
  return body
    .split('\n')
    .map((line) => parseJson(line))
    .filter((event): event is Record<string, unknown> => typeof event === 'object' && event !== null)
    .map((event) => ({ via, track, query, event, userAgent }));
}

function fromAmplitude(body: unknown): CollectedEvent[] {
  const envelope = body as { events?: Array<Record<string, unknown>> } & Record<string, unknown>;
  const list = envelope?.events ?? [];
  return list.map((event) => {
    const properties = (event.event_properties ?? {}) as Record<string, unknown>;
    return {
      vendor: 'amplitude' as const,
      type: String(event.event_type),
      name: typeof properties.name === 'string' ? properties.name : undefined,
      anonymousId: event.device_id as string | undefined,
      properties,
      traits: (event.user_properties ?? {}) as Record<string, unknown>,
      payload: { ...envelope, events: [event] },
    };
  });
}

function fromSegment(body: unknown): CollectedEvent[] {
  const record = body as { batch?: Array<Record<string, unknown>> } & Record<string, unknown>;
  const batched = Array.isArray(record?.batch);
  const list = batched ? record.batch! : record ? [record] : [];
  return list.map((event) => ({
    vendor: 'segment' as const,
    type: String(event.type),
    name: (event.type === 'page' ? event.name : event.event) as string | undefined,
    anonymousId: event.anonymousId as string | undefined,
    properties: (event.properties ?? {}) as Record<string, unknown>,
    traits: (event.traits ?? {}) as Record<string, unknown>,
    payload: batched ? { ...record, batch: [event] } : event,
  }));
}

/** Source settings as Segment's CDN would serve them; metrics off so nothing else is sent. */
function segmentSettings() {
  return {
    integrations: {
      'Segment.io': {
        apiKey: E2E_KEYS.segment,
        unbundledIntegrations: [],
        addBundledMetadata: true,
        maybeBundledConfigIds: {},
      },
    },
    plan: {
      track: { __default: { enabled: true, integrations: {} } },
      identify: { __default: { enabled: true } },
      group: { __default: { enabled: true } },
    },
    edgeFunction: {},
    analyticsNextEnabled: true,
    middlewareSettings: {},
    enabledMiddleware: {},
    metrics: { sampleRate: 0 },
    legacyVideoPluginsEnabled: false,
    remotePlugins: [],
  };
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Expose-Headers', 'x-ratelimit-reset');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(value));
}

function end(res: ServerResponse, status: number) {
  res.statusCode = status;
  res.end();
}
