// Spec §4 (microsites flow, page views, identify), §7 (calls 1–8, enrichment, answer handling),
// §8 (retries) and §9 (constants), checked on what the local collectors receive.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { collector } from './support/collectorClient';
import type { CollectedEvent } from './support/collector';
import { E2E_PORT } from '../../playwright.config';
import { expect, hostUrl, micrositesUrl, rememberConsent, test } from './support/fixtures';

const HOST = 'kingscross-bagberth.co.uk';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * A visitor who accepted all cookies earlier, with a known anonymous id (the cookie the site syncs
 * from) so the collector can be asked about them alone.
 */
async function knownVisitor(context: BrowserContext): Promise<string> {
  const anonymousId = randomUUID();
  await rememberConsent(context, HOST);
  await context.addCookies([{ name: 'anonymous-id', value: anonymousId, url: hostUrl(HOST) }]);
  return anonymousId;
}

const named = (events: CollectedEvent[], vendor: CollectedEvent['vendor'], type: string, name?: string) =>
  events.filter((event) => event.vendor === vendor && event.type === type && (name === undefined || event.name === name));

const pageViews = (events: CollectedEvent[]) => ({
  segment: named(events, 'segment', 'page', 'Microsites').length,
  amplitude: named(events, 'amplitude', 'Loaded a Page', 'Microsites').length,
});

/** Waits for the batches in flight (Amplitude flushes each second, Segment every 5 s) and returns all events. */
async function settledEvents(anonymousId: string, until: (events: CollectedEvent[]) => boolean): Promise<CollectedEvent[]> {
  await expect.poll(async () => until(await collector.events(anonymousId)), { timeout: 20_000, intervals: [500] }).toBe(true);
  return collector.events(anonymousId);
}

async function openLanding(page: Page) {
  await page.goto(hostUrl(HOST));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a visitor is identified and each view sends exactly one Microsites page view, enriched', async ({ page, context }) => {
  const anonymousId = await knownVisitor(context);
  await openLanding(page);

  let events = await settledEvents(anonymousId, (all) => pageViews(all).segment >= 1 && pageViews(all).amplitude >= 1 && named(all, 'segment', 'identify').length >= 1);
  const identify = named(events, 'segment', 'identify')[0];
  expect(identify?.traits).toMatchObject({ app_name: 'microsites', screenType: 'Desktop', screenWidth: expect.any(Number), windowWidth: expect.any(Number), locale: 'en' });
  const amplitudeIdentify = named(events, 'amplitude', '$identify').find((event) => (event.traits.$set as Record<string, unknown>)?.app_name === 'microsites');
  expect(amplitudeIdentify?.traits.$set).toMatchObject({ app_name: 'microsites', locale: 'en', screenType: 'Desktop' });

  const enrichment = { host: `${HOST}.localhost:${E2E_PORT}`, path: '/kings-cross-station/poi', url: micrositesUrl('/kings-cross-station/poi') };
  expect(named(events, 'segment', 'page', 'Microsites')[0]?.properties).toMatchObject({ ...enrichment, route: '/[slug]/[type]', locale: 'en' });
  expect(named(events, 'amplitude', 'Loaded a Page', 'Microsites')[0]?.properties).toMatchObject(enrichment);
  // Every event of both clients carries the enrichment, including the SDKs' own.
  for (const event of events.filter((e) => e.type !== '$identify' && e.type !== 'identify')) expect(event.properties, `${event.vendor} ${event.type}`).toMatchObject(enrichment);

  // A client-side route change: the language switch.
  await page.getByText('Language: English').click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  events = await settledEvents(anonymousId, (all) => pageViews(all).segment >= 2 && pageViews(all).amplitude >= 2);
  expect(named(events, 'segment', 'page', 'Microsites')[1]?.properties).toMatchObject({ locale: 'de' });
  expect(named(events, 'segment', 'track', 'Language Switched')[0]?.properties).toMatchObject({ from: 'en', to: 'de' });

  // No duplicates arrive late: the SDKs' own page-view capture is off.
  await page.waitForTimeout(6000);
  expect(pageViews(await collector.events(anonymousId))).toEqual({ segment: 2, amplitude: 2 });
});

test('UTM parameters set campaign fields and their initial_ variants through attribution', async ({ page, context }) => {
  const anonymousId = await knownVisitor(context);
  await page.goto(hostUrl(HOST, '/?utm_source=newsletter&utm_campaign=autumn'));
  const events = await settledEvents(anonymousId, (all) =>
    named(all, 'amplitude', '$identify').some((event) => (event.traits.$set as Record<string, unknown>)?.utm_source === 'newsletter'),
  );
  const campaign = named(events, 'amplitude', '$identify').find((event) => (event.traits.$set as Record<string, unknown>)?.utm_source === 'newsletter');
  expect(campaign?.traits.$set).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'autumn' });
  expect(campaign?.traits.$setOnce).toMatchObject({ initial_utm_source: 'newsletter', initial_utm_campaign: 'autumn' });
});

test('a bot detected by the server gets no analytics at all', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: BOT_UA });
  // Even with a recorded "Accept all" (a bot replaying a person's cookies), nothing is sent.
  await rememberConsent(context, HOST);
  const page = await context.newPage();
  const collectorRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('http://localhost:4100')) collectorRequests.push(request.url());
  });
  const botCheck = page.waitForResponse('**/api/is-bot');
  await page.goto(hostUrl(HOST));
  expect(await (await botCheck).json()).toEqual({ isBot: true });
  await page.waitForTimeout(7000);
  expect(collectorRequests).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('anonymous-id'))).not.toBeNull();
  await context.close();
});

test.describe('when the bot endpoint fails, the local check decides', () => {
  test('a bot user agent still gets nothing', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: BOT_UA });
    await rememberConsent(context, HOST);
    const page = await context.newPage();
    await page.route('**/api/is-bot', (route) => route.fulfill({ status: 500, body: 'down' }));
    const collectorRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('http://localhost:4100')) collectorRequests.push(request.url());
    });
    await page.goto(hostUrl(HOST));
    await page.waitForTimeout(7000);
    expect(collectorRequests).toEqual([]);
    await context.close();
  });

  test('a person is still counted', async ({ page, context, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    const anonymousId = await knownVisitor(context);
    await page.route('**/api/is-bot', (route) => route.abort('failed'));
    consoleGuard.allow(/net::ERR_FAILED/);
    await openLanding(page);
    await settledEvents(anonymousId, (all) => pageViews(all).segment === 1 && pageViews(all).amplitude === 1);
  });
});

for (const status of [500, 429]) {
  test(`a collector answering ${status} and then 200 loses no event`, async ({ page, context, consoleGuard }) => {
    consoleGuard.allow(new RegExp(`status of ${status}`));
    const anonymousId = await knownVisitor(context);
    await collector.failNext('amplitude', anonymousId, [status]);
    await collector.failNext('segment', anonymousId, [status]);
    await openLanding(page);

    const events = await settledEvents(anonymousId, (all) => pageViews(all).segment === 1 && pageViews(all).amplitude === 1 && named(all, 'segment', 'identify').length === 1);
    const requests = await collector.requests(anonymousId);
    expect(requests.filter((r) => r.vendor === 'amplitude').map((r) => r.status)[0]).toBe(status);
    expect(requests.filter((r) => r.vendor === 'segment').map((r) => r.status)[0]).toBe(status);
    expect(requests.some((r) => r.vendor === 'amplitude' && r.status === 200)).toBe(true);
    // Exactly once each: retried, not lost, not doubled.
    expect(pageViews(events)).toEqual({ segment: 1, amplitude: 1 });
    expect(named(events, 'segment', 'identify')).toHaveLength(1);
  });
}

test('no analytics SDK code or request before the page is interactive', async ({ page, context }) => {
  await knownVisitor(context);
  const early: string[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('response', async (response) => {
    const url = response.url();
    if (loaded) return;
    if (url.startsWith('http://localhost:4100')) early.push(url);
    if (url.endsWith('.js')) {
      const body = await response.text().catch(() => '');
      // Strings only the SDK bundles contain.
      if (body.includes('sr-client-cfg.amplitude.com') || body.includes('cdn.segment.com')) early.push(url);
    }
  });
  await openLanding(page);
  await page.waitForLoadState('load');
  expect(early).toEqual([]);
});
