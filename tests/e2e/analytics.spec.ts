// Spec §4 (microsites flow, page views, identify, flush order, bots, anonymous id change),
// §7 (calls 1–8, SDK and wrapper events, enrichment, answer handling), §8 (retries, 429 and
// x-ratelimit-reset) and §9 (constants, repeated clicks), checked on what the local collectors receive.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { collector } from './support/collectorClient';
import type { CollectedEvent } from './support/collector';
import { COLLECTOR_URL } from './support/collectorConfig';
import { E2E_PORT } from '../../playwright.config';
import { ANALYTICS_PROVIDER_ORIGIN, VISUAL_TAGGING_SCRIPTS } from '../../src/security/policy';
import { rawRequest } from './support/rawHttp';
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
  events.filter(
    (event) => event.vendor === vendor && event.type === type && (name === undefined || event.name === name),
  );

/** The wrapper's 'Microsites' page event on both SDKs, and Amplitude's own page viewed event (spec §7). */
const pageViews = (events: CollectedEvent[]) => ({
  segment: named(events, 'segment', 'page', 'Microsites').length,
  amplitude: named(events, 'amplitude', 'Loaded a Page', 'Microsites').length,
  amplitudeSdk: named(events, 'amplitude', '[Amplitude] Page Viewed').length,
});

/** Waits for the batches in flight (Amplitude flushes each second, Segment every 5 s) and returns all events. */
async function settledEvents(
  anonymousId: string,
  until: (events: CollectedEvent[]) => boolean,
  { timeout = 20_000 } = {},
): Promise<CollectedEvent[]> {
  await expect.poll(async () => until(await collector.events(anonymousId)), { timeout, intervals: [500] }).toBe(true);
  return collector.events(anonymousId);
}

async function openLanding(page: Page) {
  await page.goto(hostUrl(HOST));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a visitor is identified and each view sends exactly one page view of each kind, enriched', async ({
  page,
  context,
}) => {
  const anonymousId = await knownVisitor(context);
  await openLanding(page);

  let events = await settledEvents(
    anonymousId,
    (all) =>
      pageViews(all).segment >= 1 &&
      pageViews(all).amplitude >= 1 &&
      pageViews(all).amplitudeSdk >= 1 &&
      named(all, 'segment', 'identify').length >= 1,
  );
  const identify = named(events, 'segment', 'identify')[0];
  expect(identify?.traits).toMatchObject({
    app_name: 'microsites',
    screenType: 'Desktop',
    screenWidth: expect.any(Number),
    windowWidth: expect.any(Number),
    locale: 'en',
  });
  const amplitudeIdentify = named(events, 'amplitude', '$identify').find(
    (event) => (event.traits.$set as Record<string, unknown>)?.app_name === 'microsites',
  );
  expect(amplitudeIdentify?.traits.$set).toMatchObject({ app_name: 'microsites', locale: 'en', screenType: 'Desktop' });
  // Spec §4 flush order: the page view queued before setup goes first, then the identify.
  const segmentOrder = events.filter((event) => event.vendor === 'segment').map((event) => event.type);
  expect(segmentOrder.indexOf('page')).toBeLessThan(segmentOrder.indexOf('identify'));

  const enrichment = {
    host: `${HOST}.localhost:${E2E_PORT}`,
    path: '/kings-cross-station/poi',
    url: micrositesUrl('/kings-cross-station/poi'),
  };
  expect(named(events, 'segment', 'page', 'Microsites')[0]?.properties).toMatchObject({
    ...enrichment,
    route: '/[slug]/[type]',
    locale: 'en',
  });
  expect(named(events, 'amplitude', 'Loaded a Page', 'Microsites')[0]?.properties).toMatchObject(enrichment);
  expect(named(events, 'amplitude', '[Amplitude] Page Viewed')[0]?.properties).toMatchObject({
    ...enrichment,
    '[Amplitude] Page Path': '/',
  });
  // Every event of both clients carries the enrichment, including the SDKs' own.
  for (const event of events.filter((e) => e.type !== '$identify' && e.type !== 'identify'))
    expect(event.properties, `${event.vendor} ${event.type}`).toMatchObject(enrichment);

  // Client-side route changes: the language switch, there and back.
  await page.getByText('Language: English').click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  events = await settledEvents(
    anonymousId,
    (all) => pageViews(all).segment >= 2 && pageViews(all).amplitude >= 2 && pageViews(all).amplitudeSdk >= 2,
  );
  expect(named(events, 'segment', 'page', 'Microsites')[1]?.properties).toMatchObject({ locale: 'de' });
  expect(named(events, 'amplitude', '[Amplitude] Page Viewed')[1]?.properties).toMatchObject({
    '[Amplitude] Page Path': '/de',
  });
  expect(named(events, 'segment', 'track', 'Language Switched')[0]?.properties).toMatchObject({ from: 'en', to: 'de' });

  // The switcher may have stayed open across the route change.
  const english = page.getByRole('link', { name: 'English' });
  if (!(await english.isVisible())) await page.getByText('Sprache: Deutsch').click();
  await english.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Each SDK delivers in order, so once the third view's events are in, a duplicate of an earlier
  // view would have arrived before them: exactly three of each proves none was doubled.
  events = await settledEvents(
    anonymousId,
    (all) => pageViews(all).segment >= 3 && pageViews(all).amplitude >= 3 && pageViews(all).amplitudeSdk >= 3,
  );
  expect(pageViews(events)).toEqual({ segment: 3, amplitude: 3, amplitudeSdk: 3 });
});

test('each booking button sends Book Storage Clicked with the page and which button it was (spec §9 event names)', async ({
  page,
  context,
}) => {
  const anonymousId = await knownVisitor(context);
  await openLanding(page);
  // The app has started once its page view is in: the buttons' handlers are attached.
  await settledEvents(anonymousId, (all) => pageViews(all).segment >= 1);
  // Stay on the page: after the page's own handlers, the link does not leave for the customer app.
  await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
  await page.locator('[aria-labelledby="offer-price"] a').click();
  await page.locator('[aria-labelledby="how-title"] a').click();

  const events = await settledEvents(
    anonymousId,
    (all) => named(all, 'segment', 'track', 'Book Storage Clicked').length >= 2,
  );
  const landing = { slug: 'kings-cross-station', type: 'poi', locale: 'en' };
  expect(named(events, 'segment', 'track', 'Book Storage Clicked').map((event) => event.properties)).toEqual([
    expect.objectContaining({ ...landing, placement: 'hero' }),
    expect.objectContaining({ ...landing, placement: 'steps' }),
  ]);
});

test('repeated clicks within 20 px on the same target count once (spec §9)', async ({ page, context }) => {
  test.setTimeout(60_000);
  const anonymousId = await knownVisitor(context);
  await openLanding(page);
  // Buttons of the test's own, fixed in place, so repeated clicks land on the same target and
  // nothing the page does on a click moves it. Autocapture tracks every button click.
  // Fixed labels: the collector already keeps this visitor's events apart, and a random id in the
  // text could read as a social security number (\d{3}-?\d{2}-?\d{4}), which autocapture masks.
  const label = 'repeat target';
  const warmUp = 'warm-up target';
  await page.evaluate(
    ({ texts }) => {
      texts.forEach((text, index) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = text;
        button.style.cssText = `position:fixed;left:20px;top:${20 + index * 60}px;width:200px;height:40px;z-index:2147483647`;
        document.body.append(button);
      });
    },
    { texts: [label, warmUp] },
  );
  const [x, y] = [120, 40];
  const clicksOn = (text: string) => (all: CollectedEvent[]) =>
    named(all, 'amplitude', '[Amplitude] Element Clicked').filter(
      (event) => event.properties['[Amplitude] Element Text'] === text,
    );
  const clicks = clicksOn(label);
  // The SDKs load a step at a time while the visitor pauses (src/base/idleWork.ts), and every click
  // starts the pause again: Amplitude's page view is the sign that it has started.
  await settledEvents(anonymousId, (all) => named(all, 'amplitude', 'Loaded a Page', 'Microsites').length >= 1);
  // Proof that autocapture listens: a click on the other button, repeated after pauses until its event arrives.
  await expect
    .poll(
      async () => {
        await page.mouse.click(x, y + 60);
        return clicksOn(warmUp)(await collector.events(anonymousId)).length;
      },
      { timeout: 25_000, intervals: [1500] },
    )
    .toBeGreaterThan(0);

  await page.mouse.click(x, y);
  await page.mouse.click(x + 5, y + 3);
  await page.mouse.click(x - 4, y);
  await settledEvents(anonymousId, (all) => clicks(all).length >= 1);
  // The burst is over after a 1 s pause: the next click counts again. Its event arriving after the
  // first proves the two repeats were dropped, not late.
  await page.waitForTimeout(1100);
  await page.mouse.click(x, y);
  const events = await settledEvents(anonymousId, (all) => clicks(all).length >= 2);
  expect(clicks(events)).toHaveLength(2);
});

test('UTM parameters set campaign fields and their initial_ variants through attribution', async ({
  page,
  context,
}) => {
  const anonymousId = await knownVisitor(context);
  await page.goto(hostUrl(HOST, '/?utm_source=newsletter&utm_campaign=autumn'));
  const events = await settledEvents(anonymousId, (all) =>
    named(all, 'amplitude', '$identify').some(
      (event) => (event.traits.$set as Record<string, unknown>)?.utm_source === 'newsletter',
    ),
  );
  const campaign = named(events, 'amplitude', '$identify').find(
    (event) => (event.traits.$set as Record<string, unknown>)?.utm_source === 'newsletter',
  );
  expect(campaign?.traits.$set).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'autumn' });
  expect(campaign?.traits.$setOnce).toMatchObject({ initial_utm_source: 'newsletter', initial_utm_campaign: 'autumn' });
});

/**
 * Opens the landing page as a bot with a recorded "Accept all" (a bot replaying a person's
 * cookies) and waits for analytics' start-up to decide: its debug line is the proof that the code
 * which used to write the identity has run. Returns what reached the collector and the SDK chunks.
 */
async function openAsBot(browser: Browser, prepare: (page: Page) => Promise<unknown> = async () => undefined) {
  const context = await browser.newContext({ userAgent: BOT_UA });
  await rememberConsent(context, HOST);
  const page = await context.newPage();
  await prepare(page);
  const collectorRequests: string[] = [];
  const sdkChunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(COLLECTOR_URL)) collectorRequests.push(request.url());
  });
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('sr-client-cfg.amplitude.com') || body.includes('cdn.segment.com'))
      sdkChunks.push(response.url());
  });
  const decided = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('analytics: visitor is a bot'),
    timeout: 20_000,
  });
  await page.goto(hostUrl(HOST));
  await decided;
  const stored = await page.evaluate(() => ({
    anonymousId: localStorage.getItem('anonymous-id'),
    session: localStorage.getItem('analytics-session-id'),
    keys: Object.keys(localStorage),
  }));
  const cookies = (await context.cookies(hostUrl(HOST))).map((cookie) => cookie.name);
  return { context, page, collectorRequests, sdkChunks, stored, cookies };
}

test('a bot detected by the server gets no analytics and no identity at all (spec §4)', async ({ browser }) => {
  let botAnswer: unknown;
  const bot = await openAsBot(browser, async (page) => {
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/is-bot')) botAnswer = await response.json();
    });
  });
  expect(botAnswer).toEqual({ isBot: true });
  expect(bot.collectorRequests).toEqual([]);
  expect(bot.sdkChunks).toEqual([]);
  expect(bot.stored).toEqual({ anonymousId: null, session: null, keys: [] });
  expect(bot.cookies).toEqual(['consent']);
  await bot.context.close();
});

test.describe('when the bot endpoint fails, the local check decides', () => {
  test('a bot user agent still gets nothing', async ({ browser }) => {
    const bot = await openAsBot(browser, (page) =>
      page.route('**/api/is-bot', (route) => route.fulfill({ status: 500, body: 'down' })),
    );
    expect(bot.collectorRequests).toEqual([]);
    expect(bot.stored.anonymousId).toBeNull();
    expect(bot.cookies).toEqual(['consent']);
    await bot.context.close();
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

test('a new anonymous id from the cookie switches the clients, clears old traits and is tracked (spec §4)', async ({
  page,
  context,
}) => {
  const anonymousId = await knownVisitor(context);
  const storedBefore = randomUUID();
  // This browser knew another id, and Segment kept a trait for it.
  await context.addInitScript(
    ({ id }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('anonymous-id', id);
      localStorage.setItem('ajs_user_traits', JSON.stringify({ plan: 'gold' }));
    },
    { id: storedBefore },
  );
  await openLanding(page);
  const events = await settledEvents(
    anonymousId,
    (all) =>
      named(all, 'segment', 'identify').length >= 1 && named(all, 'segment', 'track', 'Anonymous ID Set').length >= 1,
  );
  expect(named(events, 'segment', 'track', 'Anonymous ID Set')[0]?.properties).toMatchObject({ anonymousId });
  const identify = named(events, 'segment', 'identify')[0];
  expect(identify?.traits).toMatchObject({ app_name: 'microsites' });
  expect(identify?.traits).not.toHaveProperty('plan');
  expect(await page.evaluate(() => localStorage.getItem('anonymous-id'))).toBe(anonymousId);
});

for (const status of [500, 429]) {
  test(`a collector answering ${status} and then 200 loses no event`, async ({ page, context, consoleGuard }) => {
    consoleGuard.allow(new RegExp(`status of ${status}`));
    const anonymousId = await knownVisitor(context);
    await collector.failNext('amplitude', anonymousId, [status]);
    await collector.failNext('segment', anonymousId, [status]);
    await openLanding(page);

    const events = await settledEvents(
      anonymousId,
      (all) =>
        pageViews(all).segment === 1 &&
        pageViews(all).amplitude === 1 &&
        named(all, 'segment', 'identify').length === 1,
    );
    const requests = await collector.requests(anonymousId);
    expect(requests.filter((r) => r.vendor === 'amplitude').map((r) => r.status)[0]).toBe(status);
    expect(requests.filter((r) => r.vendor === 'segment').map((r) => r.status)[0]).toBe(status);
    expect(requests.some((r) => r.vendor === 'amplitude' && r.status === 200)).toBe(true);
    // Exactly once each: retried, not lost, not doubled.
    expect(pageViews(events)).toEqual({ segment: 1, amplitude: 1, amplitudeSdk: 1 });
    expect(named(events, 'segment', 'identify')).toHaveLength(1);
  });
}

test('on a 429 Segment waits for x-ratelimit-reset before it retries (spec §8)', async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 429/);
  const anonymousId = await knownVisitor(context);
  await collector.failNext('segment', anonymousId, [429]);
  await openLanding(page);
  // The retry arriving is part of the proof: the batch was not dropped.
  await settledEvents(anonymousId, (all) => pageViews(all).segment === 1);
  const segment = (await collector.requests(anonymousId)).filter((request) => request.vendor === 'segment');
  const [limited, retry] = segment;
  expect(limited?.status).toBe(429);
  expect(retry?.status).toBe(200);
  const resetAt = (limited?.rateLimitReset ?? Number.NaN) * 1000;
  // Segment's default backoff would retry after about 0.5 s, before the reset (1–2 s away).
  expect(retry?.at).toBeGreaterThanOrEqual(resetAt);
  // And not much later: the reset rounded up to a whole second, or Segment's next 5 s batch.
  expect((retry?.at ?? Number.POSITIVE_INFINITY) - resetAt).toBeLessThan(6000);
});

test('on a 429 Amplitude waits for x-ratelimit-reset, not its own 30 s (spec §8)', async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 429/);
  const anonymousId = await knownVisitor(context);
  await collector.failNext('amplitude', anonymousId, [429]);
  await openLanding(page);
  await settledEvents(anonymousId, (all) => pageViews(all).amplitude === 1);
  const amplitude = (await collector.requests(anonymousId)).filter((request) => request.vendor === 'amplitude');
  const [limited, retry] = amplitude;
  expect(limited?.status).toBe(429);
  expect(retry?.status).toBe(200);
  const resetAt = (limited?.rateLimitReset ?? Number.NaN) * 1000;
  expect(retry?.at).toBeGreaterThanOrEqual(resetAt);
  // The SDK alone retries the throttled events 30 s later; the reset is 1-2 s away.
  expect((retry?.at ?? Number.POSITIVE_INFINITY) - resetAt).toBeLessThan(3000);
});

// Spec §8 "else the default delay": a browser shows a cross-origin answer's x-ratelimit-reset to
// the page only when it is exposed (Access-Control-Expose-Headers), which neither vendor's public
// endpoint documents. Unreadable, it counts as absent: each SDK keeps its own delay and loses
// nothing (docs/analytics.md, "When the page can read the header").
test('on a 429 whose x-ratelimit-reset the page cannot read, each SDK keeps its default delay and loses nothing', async ({
  page,
  context,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 429/);
  const anonymousId = await knownVisitor(context);
  await collector.failNext('segment', anonymousId, [429], { hideReset: true });
  await collector.failNext('amplitude', anonymousId, [429], { hideReset: true });
  await openLanding(page);
  const events = await settledEvents(
    anonymousId,
    (all) => pageViews(all).segment === 1 && pageViews(all).amplitude === 1,
    { timeout: 60_000 },
  );
  expect(pageViews(events)).toEqual({ segment: 1, amplitude: 1, amplitudeSdk: 1 });
  const requests = await collector.requests(anonymousId);
  const retryAfter = (vendor: 'segment' | 'amplitude') => {
    const [limited, retry] = requests.filter((request) => request.vendor === vendor);
    expect(limited?.status, vendor).toBe(429);
    expect(retry?.status, vendor).toBe(200);
    return {
      afterMs: (retry?.at ?? Number.NaN) - (limited?.at ?? Number.NaN),
      beforeReset: (retry?.at ?? Number.NaN) < (limited?.rateLimitReset ?? Number.NaN) * 1000,
    };
  };
  // Segment's own backoff retries within about a second, before the reset it could not read.
  expect(retryAfter('segment')).toMatchObject({ beforeReset: true });
  // Amplitude retries the throttled events after its own 30 s.
  expect(retryAfter('amplitude').afterMs).toBeGreaterThanOrEqual(29_000);
});

test('no analytics SDK code or request before the page is interactive', async ({ page, context }) => {
  await knownVisitor(context);
  const early: string[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('response', async (response) => {
    const url = response.url();
    if (loaded) return;
    if (url.startsWith(COLLECTOR_URL)) early.push(url);
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

test.describe('visual tagging, only when opened from the analytics provider (spec §7 call 5)', () => {
  const [SELECTOR] = VISUAL_TAGGING_SCRIPTS;
  const headersFrom = async (referer: string) =>
    (await rawRequest('GET', '/', { host: `${HOST}.localhost:${E2E_PORT}`, referer })).headers;

  test('the server relaxes COOP and the CSP for the provider only, and never for a cache', async () => {
    const provider = await headersFrom(`${ANALYTICS_PROVIDER_ORIGIN}/`);
    expect(provider['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(provider['content-security-policy']).toContain(`${SELECTOR} `);
    expect(provider['cache-control']).toBe('private, no-store');
    const other = await headersFrom('https://evil.example/');
    expect(other['cross-origin-opener-policy']).toBe('same-origin');
    expect(other['content-security-policy']).not.toContain('amplitude.com');
  });

  /**
   * The provider's window, served by the test: a button that opens the page, then the message the
   * provider sends to start the selector, repeated until the page answers that it loaded.
   * `Referrer-Policy: origin` stands in for https to https, where browsers send the origin anyway
   * (the test server is http, and a downgrade would send none).
   */
  async function openFrom(context: BrowserContext, opener: string) {
    const heard: string[] = [];
    await context.exposeFunction('heardFromPage', (action: string) => void heard.push(action));
    await context.route(`${opener}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'referrer-policy': 'origin' },
        body: `<button onclick="const w = window.open('${hostUrl(HOST)}'); setInterval(() => w.postMessage({ action: 'initialize-visual-tagging-selector', data: {} }, '*'), 500)">open</button>
          <script>addEventListener('message', (event) => window.heardFromPage(String(event.data && event.data.action)))</script>`,
      }),
    );
    const selectorRequests: string[] = [];
    await context.route(`${SELECTOR}`, (route) => {
      selectorRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.amplitudeVisualTaggingSelector = () => ({ close() {} });',
      });
    });
    const providerPage = await context.newPage();
    await providerPage.goto(`${opener}/analytics`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      providerPage.getByRole('button', { name: 'open' }).click(),
    ]);
    await popup.waitForLoadState();
    // Analytics starts at the first input.
    await popup.keyboard.press('Tab');
    return { popup, heard, selectorRequests };
  }

  test('opened from the provider the page keeps its opener and loads the selector', async ({ page, context }) => {
    await knownVisitor(context);
    const { popup, heard, selectorRequests } = await openFrom(context, ANALYTICS_PROVIDER_ORIGIN);
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
    await expect.poll(() => heard, { timeout: 20_000 }).toContain('selector-loaded');
    expect(selectorRequests).toEqual([SELECTOR]);
    await page.close();
  });

  test('opened from another site the page loses its opener and loads nothing', async ({ page, context }) => {
    await knownVisitor(context);
    const { popup, heard, selectorRequests } = await openFrom(context, 'https://evil.example');
    // The control that analytics did start: the identify reaches the collector.
    const anonymousId =
      (await context.cookies(hostUrl(HOST))).find((cookie) => cookie.name === 'anonymous-id')?.value ?? '';
    await settledEvents(anonymousId, (all) => named(all, 'segment', 'identify').length === 1);
    // Absence of the selector; its control is the test above, from the provider's origin.
    await popup.waitForTimeout(3_000);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(heard).toEqual([]);
    expect(selectorRequests).toEqual([]);
    await page.close();
  });
});
