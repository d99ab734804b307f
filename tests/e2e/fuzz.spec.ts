// Generated Hosts, paths, methods and headers, sent to the production server
// on loopback. Whatever arrives: no 5xx, an unknown host gets 404 with the spec's message (§5),
// and nothing from the request comes back unescaped. Bounded in count and time. The same
// requests go through the proxy in tests/e2e/topology.spec.ts.
import fc from 'fast-check';
import { E2E_PORT } from '../../playwright.config';
import { expect, test } from './support/fixtures';
import { FUZZ_SEED, fuzzRequests, isRoutedPage, mapsToTenant } from './support/fuzzRequests';
import { expectNoServerErrorNorEcho } from './support/fuzzChecks';
import { rawRequest } from './support/rawHttp';

test('no generated request gets a 5xx, an unknown host always gets the spec 404, nothing is echoed', async () => {
  test.setTimeout(120_000);
  console.log(`fuzz seed ${FUZZ_SEED} (FUZZ_SEED=<number> for other requests)`);
  await fc.assert(
    fc.asyncProperty(fuzzRequests(E2E_PORT), async (request) => {
      const { method, host, path, headers } = request;
      const response = await rawRequest(method, path, { ...headers, host });
      const what = expectNoServerErrorNorEcho(request, response);
      // Pages name the missing mapping. API routes answer on any host (they decide for themselves),
      // paths with a file extension and Next's own /_next/ namespace skip the middleware (a public
      // file, or Next's plain 404), a target starting with // is refused with 400 first, and one
      // over 8 kB with 414.
      if (response.status === 414) return;
      // Next drops a trailing slash with a 308 first, always to a path on the same host.
      if (response.status === 308) {
        expect(String(response.headers.location)).toMatch(/^\/(?!\/)/);
        return;
      }
      if (!mapsToTenant(request, true) && isRoutedPage(request)) {
        expect(response.status, what).toBe(404);
        if (method === 'GET') expect(response.body.includes('No mapping found for origin'), what).toBe(true);
      }
    }),
    { seed: FUZZ_SEED, numRuns: 400, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: false },
  );
});
