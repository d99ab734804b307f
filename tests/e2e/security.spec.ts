// Security headers on every response, a CSP that allows no inline script but the document's own,
// caching that cannot be poisoned or stuck, and 405s instead of 500s (docs/security.md).
// The e2e server runs as behind one trusted proxy (TRUST_PROXY=1); these requests play that proxy.
import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { collector } from './support/collectorClient';
import { COLLECTOR_URL } from './support/collectorConfig';
import { expect, hostUrl, rememberConsent, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';

const KINGS_CROSS = 'kingscross-bagberth.co.uk';

const BASELINE = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

test.describe('security headers', () => {
  const responses: Array<[string, string, string]> = [
    ['a landing page', KINGS_CROSS, '/'],
    ['a page in another locale', KINGS_CROSS, '/ja'],
    ['a 404 on a tenant host', KINGS_CROSS, '/no-such-page'],
    ['the unknown-host page', 'no-such-site.example', '/'],
    ['a legal page', KINGS_CROSS, '/privacy'],
    ['an API route', KINGS_CROSS, '/api/is-bot'],
    ['robots.txt', KINGS_CROSS, '/robots.txt'],
    ['a static file', KINGS_CROSS, '/favicon.svg'],
    ['the directory', 'localhost', '/'],
  ];

  for (const [name, host, path] of responses) {
    test(`are on ${name}`, async () => {
      const response = await rawRequest('GET', path, { host });
      expect(response.status).toBeLessThan(500);
      expect(response.headers).toMatchObject(BASELINE);
      expect(response.headers['permissions-policy']).toContain('camera=()');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(policy).not.toContain("unsafe-inline' ;");
      expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
      // connect-src names exactly the configured endpoints: the local collector and GraphQL API here.
      expect(policy).toMatch(/connect-src 'self' http:\/\/localhost:\d+ http:\/\/localhost:\d+;/);
      // HSTS only where the visitor's connection is https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  }

  test('add HSTS when the trusted proxy says the visitor came over https', async () => {
    const https = await rawRequest('GET', '/', { host: KINGS_CROSS, 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    // A client's own claim, left of what the proxy appended, does not count.
    const claimed = await rawRequest('GET', '/', { host: KINGS_CROSS, 'x-forwarded-proto': 'https, http' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

/** Collects CSP violations the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test.describe('the content security policy', () => {
  const pages = [
    ['station', KINGS_CROSS, '/de'],
    ['airport', 'heathrow-bagberth.co.uk', '/ja'],
    ['landmark', 'eiffeltower-bagberth.fr', '/fr'],
    ['city', 'prague-bagberth.cz', '/pl'],
  ] as const;

  for (const [kind, domain, path] of pages) {
    test(`lets a ${kind} page run with analytics, monitoring and live spots, with no violation`, async ({
      page,
      context,
    }) => {
      await rememberConsent(context, domain);
      const url = hostUrl(domain, path);
      const violations = await watchViolations(page);
      const vendors = new Set<string>();
      page.on('request', (request) => {
        const match = /^http:\/\/localhost:\d+\/(amplitude|segment|datadog)/.exec(request.url());
        if (match && request.url().startsWith(COLLECTOR_URL)) vendors.add(match[1]!);
      });
      await page.goto(url);
      await page.waitForFunction(() => 'next' in window);
      // Analytics starts at the first input, monitoring at the first scroll.
      await page.mouse.move(10, 10);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => [...vendors].sort(), { timeout: 20_000 }).toEqual(['amplitude', 'datadog', 'segment']);
      await expect
        .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
        .toBeGreaterThan(0);
      expect(await violations()).toEqual([]);
    });
  }
});

test.describe('caching', () => {
  test('an unknown host and a 404 are never stored', async () => {
    for (const [host, path] of [
      ['no-such-site.example', '/'],
      [KINGS_CROSS, '/no-such-page'],
    ]) {
      const response = await rawRequest('GET', path!, { host: host! });
      expect(response.status).toBe(404);
      expect(response.headers['cache-control']).toContain('no-store');
    }
  });

  test('the bare root and its cookie redirect vary by the language cookie; the switch that sets it is never stored', async () => {
    const plain = await rawRequest('GET', '/', { host: KINGS_CROSS });
    expect(String(plain.headers.vary)).toMatch(/\bCookie\b/);
    const redirected = await rawRequest('GET', '/', { host: KINGS_CROSS, cookie: 'language=de' });
    expect(redirected.status).toBe(307);
    expect(redirected.headers.location).toBe('/de');
    expect(String(redirected.headers.vary)).toMatch(/\bCookie\b/);
    expect(redirected.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600');
    const switched = await rawRequest('GET', '/?language=fr', { host: KINGS_CROSS });
    expect(switched.status).toBe(303);
    expect(switched.headers['cache-control']).toContain('no-store');
    // A URL that names its locale is the same for everyone.
    expect(String((await rawRequest('GET', '/de', { host: KINGS_CROSS })).headers.vary)).not.toMatch(/\bCookie\b/);
  });

  test('a peer that is not a trusted proxy cannot pick the host, the scheme or its address with X-Forwarded-*', async () => {
    const spoofed = { host: KINGS_CROSS, 'x-forwarded-host': 'prague-bagberth.cz', 'x-forwarded-proto': 'https' };
    // From the trusted proxy's address the headers count (TRUSTED_PROXIES=127.0.0.1,::1 here)...
    const fromProxy = await rawRequest('GET', '/', spoofed, { localAddress: '127.0.0.1' });
    expect(fromProxy.body).toMatch(/<h1[^>]*>[^<]*Prague/);
    expect(fromProxy.headers['strict-transport-security']).toBeDefined();
    // ...from any other peer they are dropped: its own Host, plain http, no HSTS.
    const fromElsewhere = await rawRequest('GET', '/', spoofed, { localAddress: '127.0.0.2' });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.body).toContain('King');
    expect(fromElsewhere.body).not.toMatch(/<h1[^>]*>[^<]*Prague/);
    expect(fromElsewhere.headers['strict-transport-security']).toBeUndefined();
  });

  test("Next's internal rewrite header, which names the page's path and repeats the query, never leaves the server", async () => {
    const response = await rawRequest('GET', '/de?utm_source=newsletter', { host: KINGS_CROSS });
    expect(response.status).toBe(200);
    expect(response.headers['x-middleware-rewrite']).toBeUndefined();
    expect(JSON.stringify(response.headers)).not.toContain('kings-cross-station');
  });

  test("X-Forwarded-Host takes the entry the trusted proxy added, never the client's", async () => {
    const response = await rawRequest('GET', '/', {
      host: KINGS_CROSS,
      'x-forwarded-host': `prague-bagberth.cz, ${KINGS_CROSS}`,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('King');
    expect(response.body).not.toMatch(/<h1[^>]*>[^<]*Prague/);
  });
});

test.describe('tidy edges', () => {
  for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    test(`${method} answers 405 with Allow, not a 500`, async () => {
      const response = await rawRequest(method, '/', { host: KINGS_CROSS });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST');
      expect(response.body).toBe('Method not allowed\n');
    });
  }

  test('a body shorter than its Content-Length is cut off at the documented 30 s, not up to a minute later', async () => {
    test.setTimeout(60_000);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(E2E_PORT, '127.0.0.1', () =>
        socket.write(
          `POST /api/consent HTTP/1.1\r\nHost: ${KINGS_CROSS}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nchoice=a`,
        ),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // server.ts: requestTimeout 30 s, checked every second.
    expect((Date.now() - started) / 1000).toBeLessThan(32);
  });

  test('a request target that is not a path answers 400, not a 500', async () => {
    for (const target of ['*', 'http://evil.example/', '//evil.example/']) {
      const response = await rawRequest('GET', target, { host: KINGS_CROSS });
      expect(response.status, target).toBe(400);
    }
  });
});
