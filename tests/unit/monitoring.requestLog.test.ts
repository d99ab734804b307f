// The server's JSON log (docs/ops.md, "Server logs"; issue 25 item 3): one line per request in
// Datadog's attribute names, the tenant as RUM names it, never a query string; console lines too.
import { Writable } from 'node:stream';
import { EDGE_WARNING_PREFIX, edgeWarn } from '@/base/logger';
import {
  isRequestId,
  requestLogFields,
  requestLogger,
  routeConsole,
  serverLogger,
  type RequestFacts,
} from '@/monitoring/requestLog';
import { createTenantResolver } from '@/tenancy/resolveTenant';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const resolve = createTenantResolver(DOMAIN_ENTRIES);
const facts: RequestFacts = {
  method: 'GET',
  host: 'kingscross-bagberth.co.uk.localhost:8443',
  url: '/de?gclid=abc&email=someone%40example.com',
  status: 200,
  durationMs: 12.5,
  bytes: 4096,
  requestId: '0b1c2d3e-aaaa-bbbb-cccc-1234567890ab',
};

/** A pino destination that keeps each JSON line. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      done();
    },
  });
  return { lines, logger: serverLogger({ service: 'microsites-server', env: 'test', version: 'abc123' }, stream) };
}

describe('requestLogFields', () => {
  it("names a request in Datadog's standard attributes, with the tenant as RUM names it", () => {
    expect(requestLogFields(facts, resolve)).toEqual({
      message: 'GET /de 200',
      http: {
        method: 'GET',
        status_code: 200,
        request_id: facts.requestId,
        url_details: { host: 'kingscross-bagberth.co.uk', path: '/de' },
      },
      duration: 12_500_000,
      network: { bytes_written: 4096 },
      tenant: { host: 'kingscross-bagberth.co.uk', slug: 'kings-cross-station', type: 'poi' },
      locale: 'de',
    });
  });

  it('never carries the query string', () => {
    expect(JSON.stringify(requestLogFields(facts, resolve))).not.toMatch(/gclid|someone|example\.com|\?/);
  });

  it('has no tenant for a host that is none, and the country a CDN gives', () => {
    const fields = requestLogFields({ ...facts, host: 'nowhere.example', url: '/', country: 'de' }, resolve);
    expect(fields).not.toHaveProperty('tenant');
    expect(fields).not.toHaveProperty('locale');
    expect(fields).toMatchObject({
      geo: { country_iso_code: 'DE' },
      http: { url_details: { host: 'nowhere.example', path: '/' } },
    });
  });
});

describe('serverLogger and requestLogger', () => {
  it('write one JSON line with date, status, message and the service tags; 5xx as errors, 4xx as warnings', () => {
    const { lines, logger } = capture();
    const log = requestLogger(logger, resolve);
    log(facts);
    log({ ...facts, status: 404 });
    log({ ...facts, status: 502 });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      status: 'info',
      service: 'microsites-server',
      env: 'test',
      version: 'abc123',
      message: 'GET /de 200',
    });
    expect(new Date(String(lines[0]!.date)).toISOString()).toBe(lines[0]!.date);
    expect(lines.map((line) => line.status)).toEqual(['info', 'warn', 'error']);
  });
});

describe('routeConsole', () => {
  it("turns the process's console lines into JSON lines, an Error into Datadog's error attributes", () => {
    const { lines, logger } = capture();
    const target = { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
    routeConsole(logger, target);
    target.warn('[cache] Redis at %s is unreachable', 'redis://127.0.0.1:6390');
    target.error('[revalidate] /de could not be regenerated', new TypeError('fetch failed'));
    expect(lines[0]).toMatchObject({
      status: 'warn',
      message: '[cache] Redis at redis://127.0.0.1:6390 is unreachable',
    });
    expect(lines[1]).toMatchObject({
      status: 'error',
      message: '[revalidate] /de could not be regenerated',
      error: { kind: 'TypeError', message: 'fetch failed' },
    });
    expect(String((lines[1]!.error as { stack: string }).stack)).toContain('TypeError: fetch failed');
  });

  it("turns the middleware's warnings, which the Edge runtime can only log, back into warnings; other log lines stay info", () => {
    const { lines, logger } = capture();
    const target = { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
    routeConsole(logger, target);
    const original = console.log;
    console.log = target.log;
    try {
      edgeWarn('[tenancy] No mapping found for origin: host="scanner.example"');
    } finally {
      console.log = original;
    }
    target.log('[warning]without the space is not the prefix');
    target.error(`${EDGE_WARNING_PREFIX}an error stays an error`);
    expect(lines.map(({ status, message }) => [status, message])).toEqual([
      ['warn', '[tenancy] No mapping found for origin: host="scanner.example"'],
      ['info', '[warning]without the space is not the prefix'],
      ['error', `${EDGE_WARNING_PREFIX}an error stays an error`],
    ]);
  });
});

describe('isRequestId', () => {
  it.each([
    ['0b1c2d3e-aaaa-bbbb-cccc-1234567890ab', true],
    ['5f0c6e1a2b3c4d5e6f708192a3b4c5d6', true],
    ['Xy_1-AbCdEfGhIjK', true],
    ['short', false],
    ['has space in it', false],
    ['"}\n{"status":"error"', false],
    [undefined, false],
  ])('%j → %s', (value, ok) => expect(isRequestId(value)).toBe(ok));
});
