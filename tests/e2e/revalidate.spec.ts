// POST /api/revalidate (docs/deploy.md): one tenant's pages regenerated on demand, every locale;
// a wrong secret, an unknown host and a bad body are refused with what went wrong, and an address
// that keeps guessing the secret is held back.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_REVALIDATE_SECRET } from './support/collectorConfig';
import { expect, micrositesUrl, test } from './support/fixtures';

const URL = micrositesUrl('/api/revalidate');
const headers = { 'x-revalidate-secret': E2E_REVALIDATE_SECRET };
// When the German King's Cross page was last written under the standalone server's .next/server:
// by the build, then by each regeneration (Next 16.4 keeps regenerated pages in route-cache/).
const SERVER_DIR = '.next/standalone/.next/server';

// One after the other: a regeneration running in a parallel test would move "last written" under
// the 401 test's feet.
test.describe.configure({ mode: 'serial' });
const GERMAN_PAGE = join('de', 'kings-cross-station', 'poi.html');
const lastWritten = () =>
  Math.max(
    ...readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith(GERMAN_PAGE))
      .map((path) => statSync(join(SERVER_DIR, path)).mtimeMs),
  );

test('a tenant host: its page is regenerated in every language it offers', async ({ request }) => {
  const before = lastWritten();
  const response = await request.post(URL, { headers, data: { host: 'kingscross-bagberth.co.uk' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  const { revalidated } = (await response.json()) as { revalidated: string[] };
  expect(revalidated).toContain('/kings-cross-station/poi');
  expect(revalidated).toContain('/de/kings-cross-station/poi');
  expect(lastWritten()).toBeGreaterThan(before);
});

test('a wrong or missing secret gets 401 and regenerates nothing', async ({ request }) => {
  const before = lastWritten();
  for (const secret of [{ 'x-revalidate-secret': 'guess' }, {}] as Record<string, string>[]) {
    const response = await request.post(URL, { headers: secret, data: { host: 'kingscross-bagberth.co.uk' } });
    expect(response.status()).toBe(401);
  }
  expect(lastWritten()).toBe(before);
});

test('an address that keeps sending wrong secrets gets 429, even with the right one; another address does not', async ({
  request,
}) => {
  // Addresses of this test's own, as the trusted proxy would add them, so no other test is held back.
  const guesser = { 'x-forwarded-for': '198.51.100.20' };
  const other = { 'x-forwarded-for': '198.51.100.21' };
  // A body refused after the secret check: a 400 shows the secret was checked, and nothing is regenerated.
  const data = { host: 'a', slug: 'b' };
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    expect(
      (await request.post(URL, { headers: { ...guesser, 'x-revalidate-secret': `guess-${attempt}` }, data })).status(),
    ).toBe(401);
  }
  const throttled = await request.post(URL, { headers: { ...guesser, 'x-revalidate-secret': 'guess-11' }, data });
  expect(throttled.status()).toBe(429);
  expect(Number(throttled.headers()['retry-after'])).toBeGreaterThan(0);
  expect((await request.post(URL, { headers: { ...guesser, ...headers }, data })).status()).toBe(429);
  expect((await request.post(URL, { headers: { ...other, ...headers }, data })).status()).toBe(400);
});

test('an unknown host is 404, a bad body 400, another method 405', async ({ request }) => {
  const unknown = await request.post(URL, { headers, data: { host: 'nowhere.example' } });
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: string }).error).toBe('No tenant host "nowhere.example"');
  expect((await request.post(URL, { headers, data: { host: 'a', slug: 'b' } })).status()).toBe(400);
  expect(
    (
      await request.post(URL, { headers: { ...headers, 'content-type': 'application/json' }, data: '{ not json' })
    ).status(),
  ).toBe(400);
  const get = await request.get(URL, { headers });
  expect(get.status()).toBe(405);
  expect(get.headers().allow).toBe('POST');
});
