// Spec §7 call 9 (the Safari fallback proxy forwards monitoring telemetry) and §7 answer handling
// (413 payload too large, 4xx invalid); the monitoring issue: intake paths only, bounded body,
// timeout, 4xx for an unexpected target.
import { CSP_REPORT_PATH } from '@/monitoring/cspReports';
import { tenantName } from '@/tenancy/tenantName';
import {
  CSP_REPORT_MAX_BYTES,
  handleProxyRequest,
  readBoundedBody,
  type ProxyDeps,
  type ProxyRequest,
} from '@/monitoring/proxyHandler';
import { createConcurrencyLimit, createRateLimiter } from '@/monitoring/proxyLimits';

const TOKEN = 'pub-abc';
const CSP_FORWARD = `/api/v2/logs?dd-api-key=${TOKEN}&dd-evp-origin=content-security-policy&ddsource=csp-report&ddtags=service:microsites`;
const INTAKE = 'http://127.0.0.1:4319';
const DDFORWARD = `/api/v2/rum?ddsource=browser&dd-api-key=${TOKEN}&dd-evp-origin-version=7.16.2&dd-evp-origin=browser&dd-request-id=5f3c&batch_time=1718000000000&_dd.api=fetch`;
const PAYLOAD = '{"type":"view","view":{"id":"v1"}}\n{"type":"action"}';

const proxyUrl = (ddforward: string | undefined) =>
  ddforward === undefined
    ? '/api/monitoring-proxy'
    : `/api/monitoring-proxy?ddforward=${encodeURIComponent(ddforward)}`;

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield part;
}

function request(overrides: Partial<ProxyRequest> = {}): ProxyRequest {
  return {
    method: 'POST',
    url: proxyUrl(DDFORWARD),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': 'Safari/605',
      cookie: 'session=secret',
      'content-length': String(PAYLOAD.length),
    },
    body: chunks(PAYLOAD),
    remoteAddress: '203.0.113.7',
    ...overrides,
  };
}

interface Forwarded {
  url: string;
  init: RequestInit;
}

function intake(
  response: () => Response = () =>
    new Response('{"request_id":"r1"}', { status: 202, headers: { 'content-type': 'application/json' } }),
) {
  const calls: Forwarded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return response();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const deps = (overrides: Partial<ProxyDeps> = {}): ProxyDeps => ({
  fetch: intake().fetch,
  intakeBase: INTAKE,
  clientToken: TOKEN,
  cspReportForward: CSP_FORWARD,
  trustProxyHops: 0,
  tenantOf: tenantName,
  rateLimit: () => ({ ok: true }),
  upstream: createConcurrencyLimit(64),
  ...overrides,
});
const text = (body: Uint8Array | string) => (typeof body === 'string' ? body : new TextDecoder().decode(body));

describe('handleProxyRequest', () => {
  it('forwards the body unchanged, with the path and query from ddforward, to the intake', async () => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(
      request({ body: chunks('{"type":"view",', '"view":{"id":"v1"}}\n{"type":"action"}') }),
      deps({ fetch }),
    );

    expect(response.status).toBe(202);
    expect(response.headers['content-type']).toBe('application/json');
    expect(text(response.body)).toBe('{"request_id":"r1"}');
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Forwarded];
    expect(url).toBe(`${INTAKE}${DDFORWARD}`);
    expect(init.method).toBe('POST');
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(text(init.body as Uint8Array)).toBe(PAYLOAD);
  });

  it('passes binary (compressed) bodies through byte for byte', async () => {
    const { fetch, calls } = intake();
    const bytes = new Uint8Array([0x78, 0x9c, 0x00, 0xff, 0x10, 0x80]);
    await handleProxyRequest(
      request({ body: chunks(bytes.slice(0, 3), bytes.slice(3)), headers: {} }),
      deps({ fetch }),
    );
    expect(Array.from(calls[0]!.init.body as Uint8Array)).toEqual(Array.from(bytes));
  });

  it('sends the content type, the visitor’s agent and address, and never the cookies', async () => {
    const { fetch, calls } = intake();
    await handleProxyRequest(request(), deps({ fetch }));
    expect(calls[0]!.init.headers).toEqual({
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': 'Safari/605',
      'x-forwarded-for': '203.0.113.7',
    });
  });

  it('takes the visitor’s address from X-Forwarded-For only behind a trusted proxy, as that proxy added it', async () => {
    // The client wrote 6.6.6.6; the one trusted proxy appended the address it saw.
    const headers = { 'x-forwarded-for': '6.6.6.6, 198.51.100.9' };
    const trusted = intake();
    await handleProxyRequest(request({ headers }), deps({ fetch: trusted.fetch, trustProxyHops: 1 }));
    expect(trusted.calls[0]!.init.headers).toEqual({ 'x-forwarded-for': '198.51.100.9' });
    const untrusted = intake();
    await handleProxyRequest(request({ headers }), deps({ fetch: untrusted.fetch }));
    expect(untrusted.calls[0]!.init.headers).toEqual({ 'x-forwarded-for': '203.0.113.7' });
  });

  it.each([
    ['its full intake request', proxyUrl(CSP_FORWARD)],
    ["the policy's short address", CSP_REPORT_PATH],
  ])(
    'forwards a CSP violation report sent to %s tagged with the page’s tenant, reduced, without the visitor’s address or browser',
    async (_name, url) => {
      const { fetch, calls } = intake();
      const headers = {
        host: 'kingscross-bagberth.co.uk.localhost:8443',
        'content-type': 'application/reports+json',
        'user-agent': 'Chrome/156',
        'x-forwarded-for': '198.51.100.9',
      };
      const report = [
        {
          type: 'csp-violation',
          url: 'https://kingscross-bagberth.co.uk/?gclid=abc',
          user_agent: 'Chrome/156',
          body: {
            documentURL: 'https://kingscross-bagberth.co.uk/?gclid=abc',
            referrer: 'https://search.example/?q=me',
            effectiveDirective: 'script-src-elem',
          },
        },
      ];
      const response = await handleProxyRequest(
        request({ url, headers, body: chunks(JSON.stringify(report)) }),
        deps({ fetch }),
      );
      expect(response.status).toBe(202);
      expect(new URL(calls[0]!.url).pathname).toBe('/api/v2/logs');
      expect(new URL(calls[0]!.url).searchParams.get('ddtags')).toBe(
        'service:microsites,tenant.host:kingscross-bagberth.co.uk',
      );
      expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/reports+json' });
      expect(JSON.parse(new TextDecoder().decode(calls[0]!.init.body as Uint8Array))).toEqual([
        {
          type: 'csp-violation',
          url: 'https://kingscross-bagberth.co.uk/',
          body: { documentURL: 'https://kingscross-bagberth.co.uk/', effectiveDirective: 'script-src-elem' },
        },
      ]);
    },
  );

  // Issue 41 item 4: only what is a report, small, from a host the tenant map knows, tagged by the map.
  it.each([
    [
      'from a host the tenant map does not know',
      { host: 'evil.example', 'content-type': 'application/csp-report' },
      '{}',
      404,
    ],
    ['as another content type', { host: 'kingscross-bagberth.co.uk', 'content-type': 'text/plain' }, '{}', 415],
    ['without a content type', { host: 'kingscross-bagberth.co.uk' }, '{}', 415],
    [
      'larger than a report',
      { host: 'kingscross-bagberth.co.uk', 'content-type': 'application/csp-report' },
      'x'.repeat(CSP_REPORT_MAX_BYTES + 1),
      413,
    ],
    ['that is not JSON', { host: 'kingscross-bagberth.co.uk', 'content-type': 'application/csp-report' }, 'x', 400],
    [
      'without a violation in it',
      { host: 'kingscross-bagberth.co.uk', 'content-type': 'application/reports+json' },
      '[{"type":"deprecation","body":{}}]',
      400,
    ],
  ])('refuses a CSP report %s and forwards nothing', async (_name, headers, body, status) => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(
      request({ url: CSP_REPORT_PATH, headers, body: chunks(body) }),
      deps({ fetch }),
    );
    expect(response.status).toBe(status);
    expect(calls).toHaveLength(0);
  });

  it('tags a report with the tenant map’s name for the host: an alias’s preview as its domain, the report type as sent', async () => {
    const { fetch, calls } = intake();
    const headers = {
      host: 'KingsCross-Bagberth.co.uk.localhost.',
      'content-type': 'application/csp-report; charset=utf-8',
    };
    const legacy = JSON.stringify({
      'csp-report': {
        'document-uri': 'https://kingscross-bagberth.co.uk/',
        padding: 'x'.repeat(CSP_REPORT_MAX_BYTES - 200),
      },
    });
    const response = await handleProxyRequest(
      request({ url: CSP_REPORT_PATH, headers, body: chunks(legacy) }),
      deps({ fetch }),
    );
    expect(response.status).toBe(202);
    expect(new URL(calls[0]!.url).searchParams.get('ddtags')).toBe(
      'service:microsites,tenant.host:kingscross-bagberth.co.uk',
    );
  });

  it.each([
    ['with a ddforward too', `${CSP_REPORT_PATH}&ddforward=${encodeURIComponent(CSP_FORWARD)}`, {}, 400],
    ['while no report address is configured', CSP_REPORT_PATH, { cspReportForward: undefined }, 404],
  ])('refuses the short address %s and forwards nothing', async (_name, url, overrides, status) => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(request({ url }), deps({ fetch, ...overrides }));
    expect(response.status).toBe(status);
    expect(calls).toHaveLength(0);
  });

  it.each([400, 403, 413, 429, 500, 503])(
    'passes the intake status %i back to the SDK, which decides on retries',
    async (status) => {
      const response = await handleProxyRequest(
        request(),
        deps({ fetch: intake(() => new Response(null, { status })).fetch }),
      );
      expect(response.status).toBe(status);
    },
  );

  it.each(['GET', 'PUT', 'OPTIONS', 'DELETE', undefined])(
    'answers %s with 405 and forwards nothing',
    async (method) => {
      const { fetch, calls } = intake();
      const response = await handleProxyRequest(request({ method }), deps({ fetch }));
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(calls).toHaveLength(0);
    },
  );

  it('answers an oversize body with 413 and forwards nothing', async () => {
    const { fetch, calls } = intake();
    const big = new Uint8Array(600 * 1024);
    const response = await handleProxyRequest(
      request({ headers: {}, body: chunks(big.slice(0, 300 * 1024), big.slice(300 * 1024)) }),
      deps({ fetch }),
    );
    expect(response.status).toBe(413);
    expect(calls).toHaveLength(0);
  });

  it('answers 413 on a declared oversize length without reading the body', async () => {
    const { fetch, calls } = intake();
    let read = false;
    const body = (async function* () {
      read = true;
      yield 'x';
    })();
    const response = await handleProxyRequest(
      request({ headers: { 'content-length': String(513 * 1024) }, body }),
      deps({ fetch }),
    );
    expect(response.status).toBe(413);
    expect(read).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('accepts a body of exactly the limit', async () => {
    const response = await handleProxyRequest(
      request({ headers: {}, body: chunks(new Uint8Array(16)) }),
      deps({ maxBodyBytes: 16 }),
    );
    expect(response.status).toBe(202);
  });

  it.each([
    ['another host', 'https://evil.example/api/v2/rum?ddsource=browser&dd-api-key=pub-abc&dd-request-id=1'],
    ['a protocol-relative host', '//evil.example/api/v2/rum?ddsource=browser&dd-api-key=pub-abc&dd-request-id=1'],
    ['a non-intake path', '/api/v1/validate?ddsource=browser&dd-api-key=pub-abc&dd-request-id=1'],
    ['a dot-segment escape', '/api/v2/rum/../../v1/input?ddsource=browser&dd-api-key=pub-abc&dd-request-id=1'],
    ['another client token', '/api/v2/rum?ddsource=browser&dd-api-key=pub-other&dd-request-id=1'],
  ])('answers %s with 403 and forwards nothing', async (_name, ddforward) => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(request({ url: proxyUrl(ddforward) }), deps({ fetch }));
    expect(response.status).toBe(403);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['no ddforward', proxyUrl(undefined)],
    ['an empty ddforward', proxyUrl('')],
    ['two ddforward values', `${proxyUrl(DDFORWARD)}&ddforward=${encodeURIComponent(DDFORWARD)}`],
    ['no intake parameters', proxyUrl('/api/v2/rum')],
  ])('answers %s with 400', async (_name, url) => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(request({ url }), deps({ fetch }));
    expect(response.status).toBe(400);
    expect(calls).toHaveLength(0);
  });

  it('answers 504 when the intake does not answer in time', async () => {
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    ) as unknown as typeof fetch;
    const started = Date.now();
    const response = await handleProxyRequest(request(), deps({ fetch: hanging, timeoutMs: 50 }));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 502, without details, when the intake cannot be reached', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('fetch failed: getaddrinfo ENOTFOUND internal.host');
    }) as unknown as typeof fetch;
    const response = await handleProxyRequest(request(), deps({ fetch: failing }));
    expect(response.status).toBe(502);
    expect(text(response.body)).toBe('{"error":"intake unreachable"}');
  });

  it('does not follow or relay an intake redirect', async () => {
    const redirecting = intake(
      () => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
    );
    const response = await handleProxyRequest(request(), deps({ fetch: redirecting.fetch }));
    expect(response.status).toBe(502);
    expect(response.headers).not.toHaveProperty('location');
  });

  it('is off (404) when monitoring has no client token', async () => {
    const { fetch, calls } = intake();
    const response = await handleProxyRequest(request(), deps({ fetch, clientToken: undefined }));
    expect(response.status).toBe(404);
    expect(calls).toHaveLength(0);
  });

  it('never puts a stack trace in an answer', async () => {
    const broken = (async function* () {
      yield 'x';
      throw new Error('socket hang up\n    at Socket.onclose (node:net:1:1)');
    })();
    const response = await handleProxyRequest(request({ headers: {}, body: broken }), deps());
    expect(response.status).toBe(400);
    expect(text(response.body)).not.toMatch(/ at |node:|hang up/);
  });
});

describe('readBoundedBody', () => {
  it('joins string and byte chunks', async () => {
    expect(text((await readBoundedBody(chunks('ab', new Uint8Array([0x63])), 10))!)).toBe('abc');
  });

  it('stops as soon as the limit is passed', async () => {
    let pulled = 0;
    const endless = (async function* () {
      for (;;) {
        pulled += 1;
        yield new Uint8Array(4);
      }
    })();
    expect(await readBoundedBody(endless, 10)).toBeUndefined();
    expect(pulled).toBe(3);
  });
});

// A per-client rate limit with 429 and Retry-After, and a bound on open intake requests.
describe('proxy limits', () => {
  it('answers a client over its rate with 429 and Retry-After, forwarding nothing, while others go through', async () => {
    let time = 0;
    const rateLimit = createRateLimiter({ burst: 3, perSecond: 0.5, now: () => time });
    const { fetch, calls } = intake();
    const from = (remoteAddress: string) =>
      handleProxyRequest(request({ remoteAddress, body: chunks(PAYLOAD) }), deps({ fetch, rateLimit }));
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7')).status).toBe(202);
    const limited = await from('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    expect(calls).toHaveLength(3);
    expect((await from('198.51.100.1')).status).toBe(202);
    time += 2000;
    expect((await from('203.0.113.7')).status).toBe(202);
  });

  it('counts the address the trusted proxy saw, not one the client wrote', async () => {
    const rateLimit = createRateLimiter({ burst: 1, perSecond: 0.001 });
    const send = (forwardedFor: string) =>
      handleProxyRequest(
        request({ headers: { 'x-forwarded-for': forwardedFor }, body: chunks(PAYLOAD) }),
        deps({ rateLimit, trustProxyHops: 1 }),
      );
    expect((await send('1.1.1.1, 198.51.100.9')).status).toBe(202);
    expect((await send('2.2.2.2, 198.51.100.9')).status).toBe(429);
  });

  it('answers 503 with Retry-After while the intake already has the maximum of open requests, and frees the slot after', async () => {
    const upstream = createConcurrencyLimit(1);
    let answer: (response: Response) => void = () => {};
    const slow = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    const first = handleProxyRequest(request(), deps({ fetch: slow, upstream }));
    await vi.waitFor(() => expect(upstream.open).toBe(1));
    const second = await handleProxyRequest(request({ body: chunks(PAYLOAD) }), deps({ fetch: slow, upstream }));
    expect(second.status).toBe(503);
    expect(second.headers['retry-after']).toBe('1');
    answer(new Response(null, { status: 202 }));
    expect((await first).status).toBe(202);
    expect(upstream.open).toBe(0);
  });

  it('forgets the least recently seen clients beyond its memory', () => {
    const rateLimit = createRateLimiter({ burst: 1, perSecond: 0.001, maxClients: 2 });
    expect(rateLimit('a')).toEqual({ ok: true });
    expect(rateLimit('b')).toEqual({ ok: true });
    expect(rateLimit('c')).toEqual({ ok: true });
    // 'a' was forgotten, so it starts with a full bucket; 'c' is remembered and empty.
    expect(rateLimit('a')).toEqual({ ok: true });
    expect(rateLimit('c')).toMatchObject({ ok: false });
  });
});
