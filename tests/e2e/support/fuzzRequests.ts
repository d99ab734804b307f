// The generated requests of the fuzz tests (tests/e2e/fuzz.spec.ts straight to an instance,
// tests/e2e/topology.spec.ts through the proxy) and of bench/hostile.mts: random Host, path,
// query up to 8 kB, method and headers, each marked so that an echo can be caught.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: { domain: string }[] };
const KNOWN = domains.map((entry) => entry.domain);
// Written into hosts, paths and headers; must never come back as markup.
export const MARK = '<fz"\'>';
/**
 * The same requests in every run, so that a failure in CI is the one a developer replays; another
 * run's requests with FUZZ_SEED=<number>. Each test prints the seed it used.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
if (!Number.isSafeInteger(FUZZ_SEED)) throw new Error(`FUZZ_SEED must be a whole number, got ${process.env.FUZZ_SEED}`);

/**
 * Headers of an answer the test clients read: Next's redirect of a long URL repeats it in both
 * `Location` and `Refresh`, past Node's 16 KiB default (browsers take far more).
 */
export const MAX_ANSWER_HEADERS = 65_536;

export interface FuzzRequest {
  host: string;
  path: string;
  method: string;
  headers: Record<string, string>;
}

/**
 * Whether the server should find a tenant. When the server believes X-Forwarded-Host (the e2e
 * server trusts one proxy, TRUST_PROXY=1), its last entry is the host; behind the real proxy the
 * client's own value never arrives. A local preview alias counts.
 */
export function mapsToTenant({ host, headers }: FuzzRequest, forwardedHostCounts: boolean): boolean {
  const forwarded = forwardedHostCounts
    ? headers['x-forwarded-host']
        ?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .at(-1)
    : undefined;
  return KNOWN.includes(
    (forwarded ?? host)
      .toLowerCase()
      .replace(/:\d*$/, '')
      .replace(/\.localhost$/, ''),
  );
}

/** Whether a page route (not an API route, a file or Next's own namespace) answers this request. */
export function isRoutedPage({ method, path }: FuzzRequest): boolean {
  // As the server sees it: dot segments resolved (`/../_next/data` is `/_next/data`).
  const pathname = path.startsWith('//') ? path : new URL(path, 'http://fuzz.invalid').pathname;
  return (
    ['GET', 'HEAD'].includes(method) &&
    !/^\/(api|_next)\//.test(pathname) &&
    !pathname.startsWith('//') &&
    !/\.[^/]+$/.test(pathname)
  );
}

const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const segment = fc.oneof(
  fc.constantFrom(
    '',
    'de',
    'ja',
    'privacy',
    'terms',
    'cookies',
    'sitemap.xml',
    'robots.txt',
    'og',
    '_next',
    'data',
    '..',
    '%2e%2e',
    'unknown-host',
    '404',
    '500',
    'api',
  ),
  fc.string({ maxLength: 16 }).map((text) => encodeURIComponent(`${text}${MARK}`)),
);
const query = fc.oneof(
  fc
    .string({ maxLength: 20 })
    .map((text) => `?q=${encodeURIComponent(text + MARK)}&language=${encodeURIComponent(MARK)}`),
  // What ads and e-mails append, up to the 8 kB a request line may have.
  fc.integer({ min: 1_000, max: 8_192 }).map((length) => `?gclid=${encodeURIComponent(MARK)}${'x'.repeat(length)}`),
);
const headerValue = fc.string({ maxLength: 30 }).map((text) => `${text.replace(/[^\x20-\x7e]/g, '')}${MARK}`);

/** Requests whose preview hosts (`{domain}.localhost:{port}`) name the port the server answers on. */
export function fuzzRequests(port: number): fc.Arbitrary<FuzzRequest> {
  const host = fc.oneof(
    fc.constantFrom(...KNOWN),
    fc.constantFrom(...KNOWN).map((domain) => `${domain}.localhost:${port}`),
    fc.tuple(label, label).map(([a, b]) => `${a}.${b}.example`),
    fc.string({ maxLength: 40 }).map((junk) => `${junk.replace(/[\r\n\0]/g, '')}${MARK}`),
  );
  const path = fc
    .tuple(fc.array(segment, { maxLength: 4 }), fc.option(query, { nil: undefined }))
    .map(([segments, search]) => `/${segments.join('/')}${search ?? ''}`);
  const headers = fc.record(
    {
      'x-forwarded-host': fc.oneof(
        headerValue,
        fc.constantFrom(...KNOWN).map((domain) => `${MARK}, ${domain}`),
      ),
      'x-forwarded-for': headerValue,
      'x-forwarded-proto': fc.constantFrom('https', 'http', MARK),
      cookie: headerValue.map((value) => `language=${value}`),
      'accept-language': headerValue,
      'x-middleware-subrequest': fc.constant('middleware:middleware:middleware:middleware:middleware'),
    },
    { requiredKeys: [] },
  );
  const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'TRACE', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');
  return fc.record({ host, path, method, headers });
}

export interface FuzzAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A generated request through the deploy/ proxy exactly as generated (any Host, raw path), over TLS
 * with a fixed server name, since a generated Host is no valid one; its body as text.
 */
/**
 * The `n`th of 62,500 loopback addresses (127.0.1.1 on): generated requests come from many
 * visitors, each far below the proxy's per-visitor limits, as a crawl from many machines would.
 */
export const visitorAddress = (n: number): string => `127.0.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;

export function sendThroughProxy(
  port: number,
  { method, path, host, headers }: FuzzRequest,
  localAddress = '127.0.0.1',
): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const options = {
      hostname: '127.0.0.1',
      localAddress,
      port,
      servername: 'localhost',
      method,
      path,
      headers: { ...headers, host },
      rejectUnauthorized: false,
      timeout: 15_000,
      maxHeaderSize: MAX_ANSWER_HEADERS,
    };
    const request = httpsRequest(options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${path.slice(0, 100)}: no answer in 15 s`)));
    request.on('error', reject);
    request.end();
  });
}
