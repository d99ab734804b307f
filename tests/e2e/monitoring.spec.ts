// Spec §2 and §4 (monitoring loads at the first scroll, at once on error routes), §3 (monitoring
// session context), §7 call 9 (telemetry; Safari fallback proxy), §8 (ignored error types), §9.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { collector } from './support/collectorClient';
import { COLLECTOR_URL, E2E_COMMIT_SHA, E2E_KEYS } from './support/collectorConfig';
import { expect, hostUrl, micrositesUrl, rememberConsent, test } from './support/fixtures';

const HOST = 'kingscross-bagberth.co.uk';
const BOT_UA = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

/** Records Datadog traffic of a page: intake requests and SDK code. */
function watchDatadog(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${COLLECTOR_URL}/datadog`)) seen.push(request.url());
  });
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    // A string only the Datadog SDK bundles contain.
    if ((await response.text().catch(() => '')).includes('dd-evp-origin')) seen.push(response.url());
  });
  return seen;
}

// A visitor who accepted all cookies on this host earlier (consent.spec.ts tests the choice itself).
test.beforeEach(async ({ context }) => rememberConsent(context, HOST));

const rumViews = async (page: Page) =>
  (await collector.sessionTelemetry(page.context(), page.url())).filter(
    (item) => item.track === 'rum' && item.event.type === 'view',
  );

test('nothing of Datadog before the first scroll; then a view with the application and tenant context', async ({
  page,
}) => {
  const datadog = watchDatadog(page);
  await page.goto(hostUrl(HOST));
  await page.waitForLoadState('load');
  // Absence before the scroll; the control is the view the scroll below brings.
  await page.waitForTimeout(3000);
  expect(datadog).toEqual([]);

  await page.mouse.wheel(0, 800);
  await expect.poll(async () => (await rumViews(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const view = (await rumViews(page))[0]!.event as {
    context: Record<string, unknown>;
    application: { id: string };
    version: string;
  };
  expect(view.application.id).toBe(E2E_KEYS.datadogApplicationId);
  expect(view.context.application).toEqual({ locale: 'en', commitSha: E2E_COMMIT_SHA });
  expect(view.context.tenant).toEqual({ host: HOST, slug: 'kings-cross-station', type: 'poi' });
  expect(view.version).toBe(E2E_COMMIT_SHA);
});

test('on a 404 page monitoring starts at once, without a scroll', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  const response = await page.goto(hostUrl(HOST, '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect.poll(async () => (await rumViews(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test('a bot gets no monitoring, even after scrolling', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: BOT_UA });
  await rememberConsent(context, HOST);
  const page = await context.newPage();
  const datadog = watchDatadog(page);
  // Proof that monitoring's start-up ran and decided: it says so in a debug line.
  const decided = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('[monitoring] visitor is a bot; not monitored'),
    timeout: 20_000,
  });
  await page.goto(hostUrl(HOST));
  // The trigger listens once the app has hydrated; scroll until it has fired.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 400);
      return page.evaluate(() => window.scrollY > 0);
    })
    .toBe(true);
  await decided;
  expect(datadog).toEqual([]);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_dd_s_v2');
  await context.close();
});

test('an IgnorableError thrown in the page never reaches the intake', async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  const marker = randomUUID();
  consoleGuard.allow(new RegExp(marker));
  await page.goto(hostUrl(HOST));
  await page.mouse.wheel(0, 800);
  await expect.poll(async () => (await rumViews(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);

  await page.evaluate((id) => {
    const throwLater = (name: string, message: string) =>
      setTimeout(() => {
        const error = new Error(message);
        error.name = name;
        throw error;
      });
    throwLater('IgnorableError', `ignorable ${id}`);
    throwLater('IgnoredEventCancel', `cancel ${id}`);
    throwLater('Error', `regular ${id}`);
  }, marker);

  // The regular error arriving proves errors are sent (the SDK batches for up to 30 s); the
  // ignored ones, thrown before it, must not be among them.
  await expect
    .poll(async () => JSON.stringify(await collector.telemetry(`regular ${marker}`)), { timeout: 45_000 })
    .toContain('regular');
  expect(await collector.telemetry(`ignorable ${marker}`)).toEqual([]);
  expect(await collector.telemetry(`cancel ${marker}`)).toEqual([]);
});

test.describe('the Safari fallback proxy', () => {
  const intakePath = (track: string) =>
    `/api/v2/${track}?ddsource=browser&dd-api-key=${E2E_KEYS.datadogClientToken}&dd-evp-origin-version=7.16.2&dd-evp-origin=browser&dd-request-id=${randomUUID()}`;
  // API routes answer on every host; Node (unlike Chromium) does not resolve *.localhost.
  const proxyUrl = (ddforward: string) =>
    micrositesUrl(`/api/monitoring-proxy?ddforward=${encodeURIComponent(ddforward)}`);

  test('forwards an intake payload to the Datadog intake', async ({ request }) => {
    const marker = randomUUID();
    const response = await request.post(proxyUrl(intakePath('rum')), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      data: `${JSON.stringify({ type: 'view', marker })}\n${JSON.stringify({ type: 'action', marker })}`,
    });
    expect(response.status()).toBe(202);
    const forwarded = await collector.telemetry(marker);
    expect(forwarded.map((item) => `${item.via} ${item.track} ${String(item.event.type)}`)).toEqual([
      'safari-proxy rum view',
      'safari-proxy rum action',
    ]);
  });

  for (const [name, ddforward, status] of [
    ['a path outside the intake', '/api/v1/series?dd-api-key=x', 403],
    ['another host', `//evil.example${intakePath('rum')}`, 403],
    ['an absolute URL', `https://evil.example${intakePath('rum')}`, 403],
    ['a traversal', `/api/v2/rum/../../admin?ddsource=browser&dd-api-key=${E2E_KEYS.datadogClientToken}`, 403],
    ['another account', intakePath('rum').replace(E2E_KEYS.datadogClientToken, 'pubsomeoneelse'), 403],
  ] as const) {
    test(`refuses ${name}`, async ({ request }) => {
      const marker = randomUUID();
      const response = await request.post(proxyUrl(ddforward), { data: JSON.stringify({ marker }) });
      expect(response.status()).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
      expect(response.status()).toBe(status);
      expect(await response.text()).not.toContain('at ');
      expect(await collector.telemetry(marker)).toEqual([]);
    });
  }

  // The e2e server trusts one proxy, so each test below is its own client by the
  // X-Forwarded-For entry it adds, and cannot drain the bucket the browsers' telemetry uses.
  test('refuses a second client token riding along, with 400', async ({ request }) => {
    const marker = randomUUID();
    const ddforward = `${intakePath('rum')}&dd-api-key=pubsomeoneelse`;
    const response = await request.post(proxyUrl(ddforward), {
      headers: { 'x-forwarded-for': '198.51.100.76' },
      data: JSON.stringify({ marker }),
    });
    expect(response.status()).toBe(400);
    expect(await collector.telemetry(marker)).toEqual([]);
  });

  test('answers a client over its rate with 429 and Retry-After, and relays nothing more for it', async ({
    request,
  }) => {
    const started = Date.now();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 75; i += 1) {
      const response = await request.post(proxyUrl(intakePath('logs')), {
        headers: { 'x-forwarded-for': '198.51.100.77' },
        data: JSON.stringify({ n: i }),
      });
      statuses.push(response.status());
      if (response.status() === 429) retryAfter ??= response.headers()['retry-after'];
    }
    const relayed = statuses.filter((status) => status === 202).length;
    // A burst of 60, then one a second.
    expect(relayed).toBeGreaterThanOrEqual(60);
    expect(relayed).toBeLessThanOrEqual(60 + Math.ceil((Date.now() - started) / 1000));
    expect(statuses.filter((status) => status === 429).length).toBe(75 - relayed);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  test('refuses a GET and an oversized body', async ({ request }) => {
    expect((await request.get(proxyUrl(intakePath('rum')))).status()).toBe(405);
    const big = 'x'.repeat(600 * 1024);
    expect((await request.post(proxyUrl(intakePath('rum')), { data: big })).status()).toBe(413);
  });
});
