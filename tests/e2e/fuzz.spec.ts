// Generated Hosts, paths, methods and headers, sent to the production server
// on loopback. Whatever arrives: no 5xx, an unknown host gets 404 with the spec's message (§5),
// and nothing from the request comes back unescaped. Bounded in count and time.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';

const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: { domain: string }[] };
const KNOWN = domains.map((entry) => entry.domain);
// Written into hosts, paths and headers; must never come back as markup.
const MARK = '<fz"\'>';

/**
 * Whether the server should find a tenant: the e2e server trusts one proxy (TRUST_PROXY=1), so the
 * last X-Forwarded-Host entry, when there is one, is the host; a local preview alias counts.
 */
function mapsToTenant(host: string, forwardedHost: string | undefined): boolean {
  const effective = forwardedHost?.split(',').map((entry) => entry.trim()).filter(Boolean).at(-1) ?? host;
  return KNOWN.includes(effective.toLowerCase().replace(/:\d*$/, '').replace(/\.localhost$/, ''));
}

const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const hostArb = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.constantFrom(...KNOWN).map((host) => `${host}.localhost:3100`),
  fc.tuple(label, label).map(([a, b]) => `${a}.${b}.example`),
  fc.string({ maxLength: 40 }).map((junk) => `${junk.replace(/[\r\n\0]/g, '')}${MARK}`),
);
const segment = fc.oneof(
  fc.constantFrom('', 'de', 'ja', 'privacy', 'terms', 'cookies', 'sitemap.xml', 'robots.txt', 'og', '_next', 'data', '..', '%2e%2e', 'unknown-host', '404'),
  fc.string({ maxLength: 16 }).map((text) => encodeURIComponent(`${text}${MARK}`)),
);
const pathArb = fc
  .tuple(fc.array(segment, { maxLength: 4 }), fc.option(fc.string({ maxLength: 20 }), { nil: undefined }))
  .map(([segments, query]) => `/${segments.join('/')}${query === undefined ? '' : `?q=${encodeURIComponent(query + MARK)}&language=${encodeURIComponent(MARK)}`}`);
const headerValue = fc.string({ maxLength: 30 }).map((text) => `${text.replace(/[^\x20-\x7e]/g, '')}${MARK}`);
const headersArb = fc.record(
  {
    'x-forwarded-host': fc.oneof(headerValue, fc.constantFrom(...KNOWN).map((host) => `${MARK}, ${host}`)),
    'x-forwarded-for': headerValue,
    'x-forwarded-proto': fc.constantFrom('https', 'http', MARK),
    cookie: headerValue.map((value) => `language=${value}`),
    'accept-language': headerValue,
    'x-middleware-subrequest': fc.constant('middleware:middleware:middleware:middleware:middleware'),
  },
  { requiredKeys: [] },
);
const methodArb = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'TRACE', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');

test('no generated request gets a 5xx, an unknown host always gets the spec 404, nothing is echoed', async () => {
  test.setTimeout(120_000);
  await fc.assert(
    fc.asyncProperty(hostArb, pathArb, methodArb, headersArb, async (host, path, method, headers) => {
      const known = mapsToTenant(host, headers['x-forwarded-host']);
      const response = await rawRequest(method, path, { ...headers, host });
      expect(response.status, `${method} ${host}${path}`).toBeLessThan(500);
      expect(response.body.includes('<fz'), `${method} ${host}${path} echoes the request`).toBe(false);
      expect(JSON.stringify(response.headers)).not.toContain('<fz');
      // Pages name the missing mapping. API routes answer on any host (they decide for themselves),
      // paths with a file extension and Next's own /_next/ namespace skip the middleware (a public
      // file, or Next's plain 404), and a target starting with // is refused with 400 first.
      // As the server sees it: dot segments resolved (`/../_next/data` is `/_next/data`).
      const pathname = path.startsWith('//') ? path : new URL(path, 'http://fuzz.invalid').pathname;
      const routedPage =
        ['GET', 'HEAD'].includes(method) && !/^\/(api|_next)\//.test(pathname) && !pathname.startsWith('//') && !/\.[^/]+$/.test(pathname);
      // Next drops a trailing slash with a 308 first, always to a path on the same host.
      if (response.status === 308) {
        expect(String(response.headers.location)).toMatch(/^\/(?!\/)/);
        return;
      }
      if (!known && routedPage) {
        expect(response.status, `${host}${path}`).toBe(404);
        if (method === 'GET') expect(response.body.includes('No mapping found for origin'), `${host}${path}`).toBe(true);
      }
    }),
    { numRuns: 400, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: false },
  );
});
