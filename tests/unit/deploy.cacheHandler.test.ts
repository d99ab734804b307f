// The shared cache's log lines (cache-handler.mjs, docs/deploy.md "Shared cache") name Redis
// without the password a production REDIS_URL carries.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtPage, redisForLogs } from '../../cache-handler.mjs';

describe('redisForLogs', () => {
  it.each([
    ['redis://127.0.0.1:6390', 'redis://127.0.0.1:6390'],
    ['rediss://user:s3cret@cache.internal:6380/0', 'rediss://cache.internal:6380'],
    ['rediss://:s3cret@cache.internal', 'rediss://cache.internal'],
    ['not a url', 'Redis (REDIS_URL)'],
  ])('%s → %s', (url, shown) => expect(redisForLogs(url)).toBe(shown));
});

// A new build's shared cache starts empty, and Redis evicts under its memory limit: a miss is
// answered with the build's own prerendered page, never a render (docs/deploy.md, "Shared cache").
describe('builtPage', () => {
  const KEY = '/route-cache/PAGES/e7cdb982/$/de/kings-cross-station/poi';
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'built-page-'));
    const page = join(dir, 'pages', 'de', 'kings-cross-station');
    mkdirSync(page, { recursive: true });
    writeFileSync(join(page, 'poi.html'), '<!DOCTYPE html><html lang="de"></html>');
    writeFileSync(join(page, 'poi.json'), '{"pageProps":{"slug":"kings-cross-station"}}');
    writeFileSync(join(page, 'poi.meta'), JSON.stringify({ routeCache: { key: KEY } }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("answers the build's HTML and page data under the key the build wrote", async () => {
    const page = await builtPage(dir, KEY);
    expect(page).toMatchObject({
      tags: [`_N_T_${KEY}`],
      value: { kind: 'PAGES', html: '<!DOCTYPE html><html lang="de"></html>', pageData: { pageProps: { slug: 'kings-cross-station' } } },
    });
    expect(page?.lastModified).toBeGreaterThan(0);
  });

  it.each([
    ['another build or route (the key the page was built under differs)', '/route-cache/PAGES/0badc0de/$/de/kings-cross-station/poi'],
    ['a page the build did not prerender', '/route-cache/PAGES/e7cdb982/$/de/elsewhere/poi'],
    ['a key of another kind', '/de/kings-cross-station/poi'],
  ])('finds nothing for %s', async (_, key) => expect(await builtPage(dir, key)).toBeNull());

  it("never reads outside the build's pages, even a file that would match", async () => {
    const key = '/route-cache/PAGES/e7cdb982/$/../outside';
    writeFileSync(join(dir, 'outside.html'), 'not a page');
    writeFileSync(join(dir, 'outside.json'), '{}');
    writeFileSync(join(dir, 'outside.meta'), JSON.stringify({ routeCache: { key } }));
    expect(await builtPage(dir, key)).toBeNull();
  });

  it('finds nothing when the page data is missing: Next renders the page instead', async () => {
    rmSync(join(dir, 'pages', 'de', 'kings-cross-station', 'poi.json'));
    expect(await builtPage(dir, KEY)).toBeNull();
  });
});
