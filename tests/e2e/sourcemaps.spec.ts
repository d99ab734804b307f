// Issue 25 item 4 (docs/ops.md, "Readable errors"): the build's source maps are never served, and
// `npm run ops:sourcemaps` uploads one for every script a page loads, under the release version and
// service the page's RUM events carry; an error thrown in the page maps back to a source line with
// the map the upload sent. Datadog's intake is a local server here (DATADOG_SOURCEMAP_INTAKE_URL).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { test } from '@playwright/test';
import { E2E_COMMIT_SHA } from './support/collectorConfig';
import { expect, hostUrl, micrositesUrl } from './support/fixtures';
import { appStarted } from './support/visitorWatch';

interface Upload {
  event: { service: string; version: string; minified_url: string; type: string };
  sourceMap: string;
}

/**
 * What the intake was sent: each request is a multipart form with the event, the map and the script.
 * The intake is also the command's HTTPS proxy, so that a request meant to leave the machine is
 * seen here instead (datadog-ci sends usage metrics of its own to api.<site>).
 */
async function uploadAll(): Promise<{ uploads: Upload[]; outbound: string[] }> {
  const uploads: Upload[] = [];
  const outbound: string[] = [];
  const intake = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      // datadog-ci sends the form gzipped.
      const body =
        request.headers['content-encoding'] === 'gzip' ? gunzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks);
      const form = await new Response(body, {
        headers: { 'content-type': String(request.headers['content-type']) },
      }).formData();
      const part = async (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : await (value as Blob).text();
      };
      uploads.push({ event: JSON.parse(await part('event')) as Upload['event'], sourceMap: await part('source_map') });
      response.writeHead(202).end('{}');
    });
  });
  intake.on('connect', (request, socket) => {
    outbound.push(String(request.url));
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => intake.listen(0, '127.0.0.1', resolve));
  try {
    const local = `http://127.0.0.1:${(intake.address() as AddressInfo).port}`;
    const env = {
      ...process.env,
      DATADOG_API_KEY: 'e2e-intake-key',
      DATADOG_SOURCEMAP_INTAKE_URL: local,
      HTTPS_PROXY: local,
      HTTP_PROXY: local,
      NO_PROXY: '127.0.0.1',
    };
    // A process group of its own: whatever happens, nothing of it (datadog-ci retrying an intake
    // that does not answer) outlives the test.
    const upload = spawn('npx', ['tsx', 'ops/sourcemaps.ts'], { env, detached: true, stdio: 'ignore' });
    try {
      const [code] = (await Promise.race([once(upload, 'exit'), sleep(120_000).then(() => ['timed out'])])) as [
        number | string,
      ];
      expect(code, 'npm run ops:sourcemaps').toBe(0);
    } finally {
      try {
        process.kill(-upload.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  } finally {
    intake.close();
  }
  return { uploads, outbound };
}

test.describe.configure({ mode: 'serial' });
let uploads: Upload[];
let outbound: string[];
test.beforeAll(async () => {
  ({ uploads, outbound } = await uploadAll());
});

test("the upload reaches the intake it is given, and nothing else but datadog-ci's own metrics, which the proxy stops", () => {
  expect(uploads.length).toBeGreaterThan(10);
  expect([...new Set(outbound)].filter((target) => target !== 'api.datadoghq.com:443')).toEqual([]);
});

test("every script a landing page loads has its map uploaded, under the build's RUM version and service; no map is served", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    // The chunks the bundler wrote (the build manifests beside them are generated lists, with no source).
    if (pathname.startsWith('/_next/static/chunks/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  await page.goto(hostUrl('kingscross-bagberth.co.uk', '/de'));
  // The page starts its scripts after its first paint, which may come after the load event and a
  // quiet network (seen in CI under load): the app running means every one of them was requested.
  await appStarted(page);
  expect(scripts.length).toBeGreaterThan(3);
  const uploaded = new Map(uploads.map((upload) => [upload.event.minified_url, upload]));
  for (const script of scripts) {
    expect(uploaded.get(script)?.event, script).toMatchObject({
      service: 'microsites',
      version: E2E_COMMIT_SHA,
      type: 'js_sourcemap',
    });
    // Served without a pointer to a map, and the map itself is not served.
    expect(await (await request.get(micrositesUrl(script))).text(), script).not.toContain('sourceMappingURL');
    expect((await request.get(micrositesUrl(`${script}.map`))).status(), `${script}.map`).toBe(404);
  }
});

test("an error thrown while the page reads its consent cookie maps back to the site's source through the uploaded map", async ({
  page,
}) => {
  // Every read of document.cookie records the stack of an error thrown there: its frames are the page's own scripts.
  await page.addInitScript(() => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const stacks: string[] = [];
    Object.assign(window, { cookieReadStacks: stacks });
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document) {
        try {
          throw new Error('cookie read');
        } catch (error) {
          stacks.push((error as Error).stack ?? '');
        }
        return cookie.get!.call(this) as string;
      },
      set(this: Document, value: string) {
        cookie.set!.call(this, value);
      },
    });
  });
  await page.goto(hostUrl('kingscross-bagberth.co.uk', '/de'));
  // The head's inline script reads the cookie first; the site's scripts read it once they run (after hydration).
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          (window as unknown as { cookieReadStacks: string[] }).cookieReadStacks.some((stack) =>
            stack.includes('/_next/static/chunks/'),
          ),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const stacks = await page.evaluate(() => (window as unknown as { cookieReadStacks: string[] }).cookieReadStacks);
  const maps = new Map(uploads.map((upload) => [upload.event.minified_url, new TraceMap(upload.sourceMap)]));
  const resolved = stacks
    .flatMap((stack) => [...stack.matchAll(/https?:\/\/[^/]+(\/_next\/static\/[^:\s)]+\.js):(\d+):(\d+)/g)])
    .map(([, script, line, column]) => {
      const map = maps.get(script!);
      return map ? originalPositionFor(map, { line: Number(line), column: Number(column) - 1 }) : undefined;
    });
  expect(resolved.length).toBeGreaterThan(0);
  const own = resolved.find((position) => position?.source?.includes('[project]/src/consent/'));
  expect(own, JSON.stringify(resolved)).toBeDefined();
  expect(own!.line).toBeGreaterThan(0);
});
