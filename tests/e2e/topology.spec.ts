// The production topology of deploy/ (docs/deploy.md): nginx terminating TLS, compressing and
// caching in front of two instances of the standalone server sharing Redis. Started once for this
// file from the same build as the other tests; requests go over loopback with Node's http and
// https clients.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { expect, test } from '@playwright/test';
import { askLoopback as ask, deployPorts, instanceLog, instancePids, start, startRedis, stop, stopRedis, waitForRedis } from '../../deploy/local';
import { E2E_REVALIDATE_SECRET, E2E_SERVER_ENV } from './support/collectorConfig';
import { startGraphqlServer, type GraphqlServer } from './support/graphqlServer';

const HTTPS_PORT = Number(process.env.DEPLOY_HTTPS_PORT ?? 8443);
const HTTP_PORT = Number(process.env.DEPLOY_HTTP_PORT ?? 8080);
const HOST = 'kingscross-bagberth.co.uk.localhost';

const page = (path = '/') => `https://${HOST}:${HTTPS_PORT}${path}`;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const [FIRST, SECOND] = deployPorts().instances as [number, number];
/** One instance directly, as the proxy reaches it. */
const instance = (port: number, path: string) => ask(`http://127.0.0.1:${port}${path}`, { headers: { host: HOST } });
const revalidate = (port: number) =>
  ask(`http://127.0.0.1:${port}/api/revalidate`, {
    method: 'POST',
    headers: { host: `localhost:${port}`, 'x-revalidate-secret': E2E_REVALIDATE_SECRET, 'content-type': 'application/json' },
    body: JSON.stringify({ host: 'kingscross-bagberth.co.uk' }),
  });
const redisKeys = () => execFileSync('redis-cli', ['-p', String(deployPorts().redis), '--scan', '--pattern', 'microsites:*'], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** The King's Cross page by path on the microsites host, through the proxy. */
const preview = () => ask(`https://localhost:${HTTPS_PORT}/de/kings-cross-station/poi`, { headers: { 'accept-encoding': 'identity' } });

/** The first storage spot's name in a page: where the content edition shows. */
const firstSpot = (answer: { body: Buffer }) => /Spot A near [^<]*/.exec(answer.body.toString())?.[0] ?? 'no spot';

// Its own GraphQL stand-in: the storage spots in a page are the content a test changes.
let graphql: GraphqlServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  graphql = await startGraphqlServer(0);
  await start({ ...E2E_SERVER_ENV, GRAPHQL_URL: graphql.url });
});

test.afterAll(async () => {
  await stop();
  await graphql.close();
});

test('plain http only redirects to https', async () => {
  const answer = await ask(`http://${HOST}:${HTTP_PORT}/de?x=1`);
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe(`https://${HOST}:${HTTPS_PORT}/de?x=1`);
});

test('a page comes over TLS with HSTS, compressed as the visitor asks, and from the cache the second time', async () => {
  const brotli = await ask(page('/?first'), { headers: { 'accept-encoding': 'gzip, br' } });
  expect(brotli.status).toBe(200);
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  // No ETag behind the proxy: the instance computes none (BEHIND_PROXY=true).
  expect(brotli.headers.etag).toBeUndefined();
  expect(brotli.headers['x-cache-status']).toBe('MISS');
  // Each encoding is compressed once and kept: the second visitor gets the stored bytes.
  const again = await ask(page('/?first'), { headers: { 'accept-encoding': 'br, gzip' } });
  expect(again.headers['x-cache-status']).toBe('HIT');
  expect(again.body.equals(brotli.body)).toBe(true);
  const gzip = await ask(page('/?first'), { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
});

test('every visitor shares one cached copy, whatever cookies they carry; the language cookie still redirects /', async () => {
  await ask(page('/de'), { headers: { 'accept-encoding': 'br' } });
  const another = await ask(page('/de'), { headers: { 'accept-encoding': 'br', cookie: 'anonymous-id=a1; consent=v1.2026-11-01.am' } });
  expect(another.headers['x-cache-status']).toBe('HIT');
  await ask(page('/'), { headers: { 'accept-encoding': 'br' } });
  // Neither the cached / nor the cached /de answers a visitor whose stored language is German.
  const stored = await ask(page('/'), { headers: { 'accept-encoding': 'br', cookie: 'language=de' } });
  expect(stored.status).toBe(307);
  expect(stored.headers.location).toBe('/de');
});

test("what a visitor writes in X-Forwarded-* never reaches the instances: the proxy's own values do", async () => {
  // The instances trust one proxy and add HSTS only when it says https. A client claiming http
  // must not take HSTS away, nor a client-written host change the sitemap's address.
  const answer = await ask(page('/robots.txt'), { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '6.6.6.6' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(answer.body.toString()).toMatch(new RegExp(`^Sitemap: \\S+//${HOST.replace(/\./g, '\\.')}[:/]`, 'm'));
  expect(answer.body.toString()).not.toContain('evil.example');
});

test('static files are served from disk as immutable', async () => {
  const home = (await ask(page('/'), { headers: { 'accept-encoding': 'identity' } })).body.toString();
  const script = /"(\/_next\/static\/[^"]+\.js)"/.exec(home)?.[1];
  expect(script).toBeDefined();
  const answer = await ask(page(script), { headers: { 'accept-encoding': 'br' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(answer.headers['content-encoding']).toBe('br');
});

test('methods the site does not use stop at the proxy', async () => {
  for (const method of ['DELETE', 'PUT', 'PATCH', 'TRACE']) expect((await ask(page('/'), { method })).status, method).toBe(405);
});

test('a change revalidated through one instance is what the other instance and the proxy serve', async () => {
  graphql.setEdition('edition-1');
  expect((await revalidate(FIRST)).status).toBe(200);
  await ask(page('/de'), { headers: { 'accept-encoding': 'br' } });
  const cached = await ask(page('/de'), { headers: { 'accept-encoding': 'identity' } });
  expect(firstSpot(cached)).toMatch(/· edition-1$/);

  // The second instance has read the page once: Next's own file cache would now keep it in that
  // instance's memory (the instances share a disk here, so only memory can tell the caches apart).
  expect(firstSpot(await instance(SECOND, '/de'))).toMatch(/· edition-1$/);
  // The proxy also holds the page by path on the microsites host, where marketers preview it.
  await preview();
  expect((await preview()).headers['x-cache-status']).toBe('HIT');

  graphql.setEdition('edition-2');
  const answer = await revalidate(FIRST);
  expect(answer.status).toBe(200);
  // The host and its aliases, which serve the same page.
  expect(JSON.parse(answer.body.toString())).toMatchObject({
    purged: expect.arrayContaining(['kingscross-bagberth.co.uk', 'kingscross-bagberth.com', 'localhost/de/kings-cross-station/poi']),
  });
  // From here on the content service says edition-3: a page showing edition-2 was not rendered by
  // the instance serving it, but taken from the shared cache.
  graphql.setEdition('edition-3');
  const other = await instance(SECOND, '/de');
  expect(other.headers['x-nextjs-cache']).toBe('HIT');
  expect(firstSpot(other)).toMatch(/· edition-2$/);
  // The proxy dropped its copies of the host, in every encoding: the next visitor gets the new page.
  for (const encoding of ['identity', 'br']) {
    const proxied = await ask(page('/de'), { headers: { 'accept-encoding': encoding } });
    expect(proxied.headers['x-cache-status'], encoding).toBe('MISS');
  }
  expect(firstSpot(await ask(page('/de'), { headers: { 'accept-encoding': 'identity' } }))).toMatch(/· edition-2$/);
  const previewed = await preview();
  expect(previewed.headers['x-cache-status']).toBe('MISS');
  expect(firstSpot(previewed)).toMatch(/· edition-2$/);
});

test('Redis stopped: pages still 200 with a warning; when it returns, what was regenerated meanwhile is shared again', async () => {
  stopRedis();
  for (const port of [FIRST, SECOND]) expect((await instance(port, '/fr')).status, `instance ${port}`).toBe(200);
  expect((await ask(page('/fr?during-outage'))).status).toBe(200);
  await expect.poll(() => readFileSync(instanceLog(FIRST), 'utf8')).toContain('[cache] Redis at redis://127.0.0.1:');
  expect(readFileSync(instanceLog(FIRST), 'utf8')).toMatch(/is unreachable .*serves and stores pages in its own memory/);

  graphql.setEdition('edition-4');
  expect((await revalidate(FIRST)).status).toBe(200);
  expect(firstSpot(await instance(FIRST, '/fr'))).toMatch(/· edition-4$/);

  // Redis comes back empty (it keeps nothing on disk): the first instance writes its pages back.
  startRedis();
  await waitForRedis();
  await expect.poll(() => readFileSync(instanceLog(FIRST), 'utf8'), { timeout: 20_000 }).toMatch(/is back: [1-9]\d* page\(s\) regenerated meanwhile written back/);
  // Each instance reconnects on its own schedule; until it has, it serves from its own memory.
  await expect.poll(() => readFileSync(instanceLog(SECOND), 'utf8'), { timeout: 20_000 }).toMatch(/is back: \d+ page\(s\)/);
  expect(redisKeys().length).toBeGreaterThan(0);
  graphql.setEdition('edition-5');
  const other = await instance(SECOND, '/fr');
  expect(other.headers['x-nextjs-cache']).toBe('HIT');
  expect(firstSpot(other)).toMatch(/· edition-4$/);
});

// Last: an instance stays down after it.
test('one instance stopped during a 10 s load: not one request fails at the proxy', async () => {
  const [victim] = Object.values(instancePids());
  // /api/health is never cached, so every request of the load reaches an instance.
  const load = autocannon({ url: `https://127.0.0.1:${HTTPS_PORT}/api/health`, connections: 20, duration: 10, headers: { host: `${HOST}:${HTTPS_PORT}` } });
  setTimeout(() => process.kill(-Number(victim), 'SIGKILL'), 3_000);
  const result = await load;
  expect(result.requests.total).toBeGreaterThan(1000);
  expect(result.errors).toBe(0);
  expect(result.non2xx).toBe(0);
  // The other instance is still up and answered for the one that went.
  expect(result['2xx']).toBe(result.requests.total);
});
