// Consent before tracking and spec §9's "cookie consent" event category: an opt-in host
// (King's Cross, GB) and an opt-out host (New York, US), people and bots, on the local collectors.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { COLLECTOR_URL } from './support/collectorConfig';
import { collector } from './support/collectorClient';
import { expect, hostUrl, rememberConsent, test } from './support/fixtures';
import {
  appStarted,
  banner,
  NOTHING_STORED,
  notePageSends,
  scrollAndType,
  storedNames,
  watchVendors,
} from './support/visitorWatch';
import { rawRequest } from './support/rawHttp';
import { E2E_PORT } from '../../playwright.config';
import { ALL_GRANTED, ALL_REFUSED } from '../../src/consent/record';
import { fieldPaths, matchesField } from '../../src/consent/processorFields';
import { PROCESSORS, type ProcessorId } from '../../src/consent/processors';
import { storageEntryFor, type StorageEntry, type StorageKind } from '../../src/consent/storageKeys';

const OPT_IN = 'kingscross-bagberth.co.uk';
const OPT_OUT = 'newyork-bagberth.com';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;
const QUIET_MS = 15_000;
/** Datadog's session cookie (7.x: `_dd_s_v2`). */
const DATADOG_SESSION = expect.stringMatching(/^_dd_s/);
/** Another site the visitor arrives from: the page-referrer cookie's source (spec §9). */
const FROM_SEARCH = { referer: 'https://www.google.com/search?q=luggage' };

/** After a refusal: the choice itself, nothing else. */
const ONLY_THE_CHOICE = { ...NOTHING_STORED, cookies: ['consent'] };

/**
 * What the SDKs store once they run, of each kind (issue 22): the proof that a purge had something
 * to purge. Every vendor's cookie, since the SDKs start one after the other (src/base/idleWork.ts).
 */
const VENDOR_STORAGE = {
  cookies: expect.arrayContaining([
    'anonymous-id',
    expect.stringMatching(/^AMP_/),
    expect.stringMatching(/^ajs_/),
    DATADOG_SESSION,
  ]),
  localStorageKeys: expect.arrayContaining([expect.stringMatching(/^AMP_/)]),
  sessionStorageKeys: expect.arrayContaining(['_dd_tab_id', 'AMP_PAGE_VIEW']),
  databases: expect.arrayContaining([expect.stringMatching(/^AMP_diagnostics_/)]),
};

/** The fields of payloads, each once. */
const fieldsOf = (payloads: readonly unknown[]) =>
  [...new Set(payloads.flatMap((payload) => fieldPaths(payload)))].sort();

/** Every value stored for a page, on every domain: cookies, web storage and every IndexedDB record, as one text. */
async function everythingStored(page: Page, context: BrowserContext): Promise<string> {
  const cookies = (await context.cookies()).map(({ name, value, domain }) => `${domain} ${name}=${value}`);
  const inPage = await page.evaluate(async () => {
    const storage = (area: Storage) => Object.keys(area).map((key) => `${key}=${area.getItem(key)}`);
    const records: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) =>
        Object.assign(indexedDB.open(name), {
          onsuccess(this: IDBOpenDBRequest) {
            resolve(this.result);
          },
          onerror: reject,
        }),
      );
      for (const store of Array.from(database.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) =>
          Object.assign(database.transaction(store).objectStore(store).getAll(), {
            onsuccess(this: IDBRequest) {
              resolve(this.result as unknown[]);
            },
            onerror: reject,
          }),
        );
        records.push(`${name}/${store} ${JSON.stringify(all)}`);
      }
      database.close();
    }
    return [...storage(localStorage), ...storage(sessionStorage), ...records];
  });
  return decodeURIComponent([...cookies, ...inPage].join('\n'));
}

/** How long the list says a name is kept, in ms: months and years as the calendar has them, on average. */
function listedMs(lifetime: StorageEntry['lifetime']): number | undefined {
  if (typeof lifetime === 'string') return undefined;
  return lifetime.count * { hour: 3_600_000, month: (365.25 / 12) * DAY, year: 365.25 * DAY }[lifetime.unit];
}

/**
 * Everything the page stores is on the cookies page's list (consent/storageKeys.ts), and each cookie
 * expires when the list says: within 1 % of its lifetime from now (each SDK wrote it moments ago).
 */
async function expectEverythingListed(page: Page, context: BrowserContext) {
  const stored = await storedNames(page, context);
  const kinds: [StorageKind, string[]][] = [
    ['cookie', stored.cookies],
    ['localStorage', stored.localStorageKeys],
    ['sessionStorage', stored.sessionStorageKeys],
    ['indexedDB', stored.databases],
  ];
  expect(
    kinds.flatMap(([kind, names]) =>
      names.filter((name) => !storageEntryFor(kind, name)).map((name) => `${kind} ${name}`),
    ),
    'stored but not listed',
  ).toEqual([]);
  const now = Date.now();
  const lifetimes = (await context.cookies(page.url())).map((cookie) => {
    const listed = listedMs(storageEntryFor('cookie', cookie.name)!.lifetime);
    const kept = cookie.expires > 0 ? cookie.expires * 1000 - now : undefined;
    return {
      name: cookie.name,
      trueToTheList: listed !== undefined && kept !== undefined && Math.abs(kept - listed) <= listed / 100,
      kept,
      listed,
    };
  });
  expect(
    lifetimes.filter((cookie) => !cookie.trueToTheList),
    'cookies kept otherwise than listed',
  ).toEqual([]);
}

test.describe('an opt-in host (GB)', () => {
  test('nothing is fetched, sent or stored before a choice; "Accept all" starts everything and is tracked', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const watch = watchVendors(page);
    await page.goto(hostUrl(OPT_IN), FROM_SEARCH);
    await expect(banner(page)).toBeVisible();
    await appStarted(page);
    await scrollAndType(page);
    // Absence, with its control below.
    await page.waitForTimeout(QUIET_MS);
    expect(watch.all()).toEqual([]);
    expect(await storedNames(page, context)).toEqual(NOTHING_STORED);

    // The control: the same running page starts both once the visitor agrees.
    await page.mouse.wheel(0, -5000);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => watch.vendors(), { timeout: 20_000 }).toEqual(['amplitude', 'datadog', 'segment']);
    const anonymousId =
      (await context.cookies(page.url())).find((cookie) => cookie.name === 'anonymous-id')?.value ?? '';
    await expect
      .poll(
        async () =>
          (await collector.events(anonymousId))
            .filter((event) => event.vendor === 'segment' && event.name === 'Cookie Consent Updated')
            .map((event) => event.properties),
        { timeout: 20_000 },
      )
      .toEqual([expect.objectContaining({ analytics: true, monitoring: true })]);
    await expect
      .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
      .toBeGreaterThan(0);

    // Everything stored, once every kind of it is there, is on the cookies page's list with its lifetime.
    await page.getByRole('main').getByRole('heading').first().click();
    await expect.poll(() => storedNames(page, context), { timeout: 20_000 }).toEqual(VENDOR_STORAGE);
    await expectEverythingListed(page, context);
    // The spec's page-referrer cookie (§9) is among them, the visitor having come from a search.
    expect((await storedNames(page, context)).cookies).toContain('page-referrer');
  });

  test('"Reject all": nothing after 15 s, a scroll and an input, nor on the next page', async ({ page, context }) => {
    test.setTimeout(120_000);
    const watch = watchVendors(page);
    await page.goto(hostUrl(OPT_IN));
    await appStarted(page);
    // In place once the page has hydrated, through the form's round trip before: the same outcome.
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    await scrollAndType(page);
    // Absence, here and after the reload; the control is the footer's "Accept all" below.
    await page.waitForTimeout(QUIET_MS);
    expect(watch.all()).toEqual([]);
    expect(await storedNames(page, context)).toEqual(ONLY_THE_CHOICE);
    expect((await context.cookies(page.url()))[0]?.value).toMatch(/^v1\.\d{4}-\d{2}-\d{2}\.a0m0$/);

    await page.reload();
    await expect(banner(page)).toBeHidden();
    await appStarted(page);
    await scrollAndType(page);
    await page.waitForTimeout(5_000);
    expect(watch.all()).toEqual([]);

    // The control: on the same page, changing the choice in the footer's settings starts the SDKs.
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await scrollAndType(page);
    await expect.poll(() => watch.vendors(), { timeout: 30_000 }).toEqual(['amplitude', 'datadog', 'segment']);
  });

  test('a choice by category is honoured: monitoring without analytics', async ({ page, context }) => {
    const watch = watchVendors(page);
    await page.goto(hostUrl(OPT_IN));
    await appStarted(page);
    await banner(page).getByText('Choose by category').click();
    await banner(page)
      .getByRole('checkbox', { name: /Monitoring/ })
      .check();
    await expect(banner(page).getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked();
    await banner(page).getByRole('button', { name: 'Save my choice' }).click();
    await expect(banner(page)).toBeHidden();
    await page.mouse.wheel(0, 800);
    await expect
      .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
      .toBeGreaterThan(0);
    expect(watch.vendors()).toEqual(['datadog']);
    const stored = await storedNames(page, context);
    expect(stored.cookies).toEqual(expect.arrayContaining([DATADOG_SESSION]));
    expect(
      stored.cookies
        .concat(stored.localStorageKeys)
        .filter((name) => /^(anonymous-id|AMP_|ajs_|analytics-session)/.test(name)),
    ).toEqual([]);
  });

  test('withdrawing from the footer stops the SDKs at the click: nothing sent or stored after it, across the reload', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await rememberConsent(context, OPT_IN, ALL_GRANTED);
    // Each collector request as the page sent it, by the clock the click is marked with below.
    const sends = await notePageSends(page);
    await page.goto(hostUrl(OPT_IN), FROM_SEARCH);
    await appStarted(page);
    // Spec §4: monitoring loads at the first scroll; the site starts analytics at the first input.
    await scrollAndType(page);
    await expect.poll(() => storedNames(page, context), { timeout: 20_000 }).toEqual(VENDOR_STORAGE);
    await expect
      .poll(async () => (await storedNames(page, context)).cookies, { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['anonymous-id', 'page-referrer', DATADOG_SESSION]));
    // Spec §9: 31,536,000,000 ms; the other site's domain only.
    const referrer = (await context.cookies(page.url())).find((cookie) => cookie.name === 'page-referrer');
    expect(referrer?.value).toBe('www.google.com');
    expect((referrer?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(31_536_000_000 - 120_000);
    expect((referrer?.expires ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(31_536_000_000);

    const anonymousId = (await context.cookies(page.url())).find((cookie) => cookie.name === 'anonymous-id')!.value;
    const datadogSession = /(?:^|&)id=([\w-]+)/.exec(
      (await context.cookies(page.url())).find((cookie) => /^_dd_s/.test(cookie.name))!.value,
    )![1]!;

    // Issue 36: the withdrawal takes effect at the click. From then on, through the reload, every
    // 200 ms for 5 s: no request of any vendor, and none of their names in any store. (The spec has
    // no consent section: §1 and §4 say who is monitored and when monitoring loads, §9 its session
    // cookie; docs/consent.md, "Withdrawal", what a withdrawal stops.)
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeVisible();
    const watch = watchVendors(page);
    // When the page took the click, by its own clock, the clock `sends` is noted by: a request the
    // SDKs sent before it is not one after it, even when the network stack begins it after the click
    // (RUM flushes a batch as the mouse goes down, a few milliseconds before the click event).
    let clickedAt = Number.POSITIVE_INFINITY;
    await page.exposeFunction('markClicked', (at: number) => (clickedAt = Math.min(clickedAt, at)));
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        () => void (window as unknown as { markClicked(at: number): void }).markClicked(Date.now()),
        { capture: true, once: true },
      ),
    );
    const reloaded = page.waitForEvent('load');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect.poll(() => clickedAt).toBeLessThan(Number.POSITIVE_INFINITY);
    const samples: Array<{ at: number; stored: Awaited<ReturnType<typeof storedNames>> }> = [];
    // Absence sampled at fixed times after the click; the control is the storage the SDKs held above.
    for (let at = 200; at <= 5_000; at += 200) {
      await page.waitForTimeout(Math.max(0, clickedAt + at - Date.now()));
      // While the page reloads its scripts cannot answer: that moment's cookies still count.
      const stored = await storedNames(page, context).catch(async () => ({
        ...NOTHING_STORED,
        cookies: (await context.cookies(page.url())).map((cookie) => cookie.name).sort(),
      }));
      samples.push({ at, stored });
    }
    await reloaded;
    expect(
      samples.filter(({ stored }) => JSON.stringify(stored) !== JSON.stringify(ONLY_THE_CHOICE)),
      'stores holding more than the choice',
    ).toEqual([]);
    expect(watch.sentSince(clickedAt, sends), 'vendor requests after the click').toEqual([]);
    expect(
      watch.all().filter((url) => url.endsWith('.js')),
      'SDK code fetched after the click',
    ).toEqual([]);
    // The collector's own account, by the page's record as above: each analytics request it got from
    // this visitor is one the page sent before the click. Its arrival may be after the click (under
    // stress-ng, an Amplitude batch sent just before it arrived just after).
    const received = await collector.requests(anonymousId);
    const sentBefore = (path: string) =>
      sends.filter((send) => send.at < clickedAt && new URL(send.url).pathname === path).length;
    expect(
      [...new Set(received.map(({ path }) => path))].filter(
        (path) => received.filter((request) => request.path === path).length > sentBefore(path),
      ),
      'analytics the page sent after the click',
    ).toEqual([]);
    const collected = (await collector.telemetry(datadogSession)).map(({ event }) => Number(event.date));
    expect(collected.length, 'monitoring of the visit before the click').toBeGreaterThan(0);
    expect(
      collected.filter((date) => date >= clickedAt),
      'monitoring collected after the click',
    ).toEqual([]);

    // The new page starts nothing either (absence; the control is the same visit's start above).
    await appStarted(page);
    await scrollAndType(page);
    await page.waitForTimeout(5_000);
    expect(watch.sentSince(clickedAt, sends)).toEqual([]);
    expect(watch.all().filter((url) => url.endsWith('.js'))).toEqual([]);
    expect(await storedNames(page, context)).toEqual(ONLY_THE_CHOICE);
  });

  test('withdrawing without JavaScript deletes the vendors’ cookies, on the parent domain too', async ({ browser }) => {
    test.setTimeout(90_000);
    const running = await browser.newContext();
    await rememberConsent(running, OPT_IN, ALL_GRANTED);
    const page = await running.newPage();
    await page.goto(hostUrl(OPT_IN));
    await appStarted(page);
    await scrollAndType(page);
    await expect.poll(() => storedNames(page, running), { timeout: 20_000 }).toEqual(VENDOR_STORAGE);
    // The SDKs set theirs on the widest domain the browser takes: `.uk.localhost` for
    // `kingscross-bagberth.co.uk.localhost` (`localhost` is refused). One more on the next parent,
    // `.co.uk.localhost`: the browser sends all of them by name alone, so the endpoint must try each.
    const cookies = await running.cookies(page.url());
    expect(cookies.filter((cookie) => /^(AMP_|ajs_|_dd_s)/.test(cookie.name)).map((cookie) => cookie.domain)).toEqual(
      expect.arrayContaining(['.uk.localhost']),
    );
    const amplitude = cookies.find((cookie) => cookie.name.startsWith('AMP_'))!;
    await running.addCookies([{ ...amplitude, domain: '.co.uk.localhost' }]);
    expect(
      (await running.cookies(page.url()))
        .filter((cookie) => cookie.name === amplitude.name)
        .map((cookie) => cookie.domain)
        .sort(),
    ).toEqual(['.co.uk.localhost', '.uk.localhost']);

    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await running.storageState() });
    await running.close();
    const form = await noScript.newPage();
    await form.goto(hostUrl(OPT_IN));
    const posted = form.waitForResponse(hostUrl(OPT_IN, '/api/consent'));
    await banner(form).getByRole('button', { name: 'Reject all' }).click();
    expect((await posted).status()).toBe(303);
    expect((await noScript.cookies(form.url())).map((cookie) => `${cookie.name} on ${cookie.domain}`)).toEqual([
      `consent on ${OPT_IN}.localhost`,
    ]);
    await noScript.close();
  });

  // Issue 36 item 2: campaign parameters and click ids are measurement: they go to the booking app
  // only while analytics is allowed, and no longer after "Reject all".
  test("the booking links carry the visit's campaign and click ids only while analytics is allowed", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto(hostUrl(OPT_IN, '/?utm_source=newsletter&utm_campaign=spring&gclid=CLICKIDFROMADS&secret=no'));
    await appStarted(page);
    const carried = async () =>
      Promise.all(
        (await page.getByRole('link', { name: "Find storage near King's Cross Station" }).all()).map(async (cta) => {
          const href = new URL((await cta.getAttribute('href')) ?? '');
          return ['utm_source', 'utm_campaign', 'gclid', 'secret']
            .filter((name) => href.searchParams.has(name))
            .join(',');
        }),
      );
    await expect.poll(carried).toEqual(['', '']);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(carried).toEqual(['utm_source,utm_campaign,gclid', 'utm_source,utm_campaign,gclid']);
    // Carrying them, the links' addresses are masked in a session replay.
    for (const cta of await page.getByRole('link', { name: "Find storage near King's Cross Station" }).all())
      await expect(cta).toHaveAttribute('data-dd-privacy', 'mask');
    // Withdrawn from the footer: the page reloads without them.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await reloaded;
    await appStarted(page);
    await expect.poll(carried).toEqual(['', '']);
  });

  // Issue 36 item 2, "done when": a newsletter link to an ad's landing page, from a search.
  test("a link's click id and e-mail address reach no processor and no store; its campaign reaches analytics, never monitoring", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const SECRETS = /CLICKIDFROMADS|traveller|%40example|FBCLICK/;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(COLLECTOR_URL)) sent.push(`${request.url()}\n${request.postData() ?? ''}`);
    });
    await page.goto(
      hostUrl(
        OPT_IN,
        '/?gclid=CLICKIDFROMADS&fbclid=FBCLICK&utm_source=newsletter&utm_campaign=autumn&email=traveller%40example.com',
      ),
      {
        referer: 'https://www.google.com/search?q=left+luggage+traveller',
      },
    );
    await appStarted(page);
    // The address bar loses the query once the router is ready, before any SDK can read it there.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await scrollAndType(page);
    await page.getByRole('main').getByRole('heading').first().click();
    const anonymousId = async () =>
      (await context.cookies(page.url())).find((cookie) => cookie.name === 'anonymous-id')?.value ?? '';
    // Each analytics processor got the campaign, so each ran with this arrival before anything is checked.
    const withCampaign = async () =>
      [
        ...new Set(
          (await collector.events(await anonymousId()))
            .filter((event) => JSON.stringify(event).includes('newsletter'))
            .map((event) => event.vendor),
        ),
      ].sort();
    await expect.poll(withCampaign, { timeout: 30_000 }).toEqual(['amplitude', 'segment']);
    const campaign = (await collector.events(await anonymousId())).find(
      (event) =>
        event.vendor === 'amplitude' &&
        event.type === '$identify' &&
        JSON.stringify(event.traits).includes('newsletter'),
    );
    expect(campaign?.traits).toMatchObject({
      $set: {
        utm_source: 'newsletter',
        utm_campaign: 'autumn',
        referrer: 'https://www.google.com',
        referring_domain: 'www.google.com',
      },
      $setOnce: { initial_utm_source: 'newsletter' },
    });
    await expect
      .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
      .toBeGreaterThan(0);
    // The booking app still gets the click id, with analytics allowed, from a link whose address a replay masks.
    const cta = page.getByRole('link', { name: "Find storage near King's Cross Station" }).first();
    await expect(cta).toHaveAttribute('href', /gclid=CLICKIDFROMADS/);
    await expect(cta).toHaveAttribute('data-dd-privacy', 'mask');

    // Absence of the secrets in what the SDKs flush and store next; the control is the campaign and
    // the telemetry that arrived above.
    await page.waitForTimeout(3_000);
    const telemetry = JSON.stringify(await collector.sessionTelemetry(context, page.url()));
    expect(telemetry, 'Datadog').not.toMatch(SECRETS);
    expect(telemetry, 'Datadog: no campaign, no search').not.toMatch(/newsletter|autumn|luggage/);
    expect(
      sent.filter((body) => SECRETS.test(body)),
      'sent to a processor',
    ).toEqual([]);
    expect(
      sent.filter((body) => /q=left|search\?q/.test(body)),
      'the search page',
    ).toEqual([]);
    expect(JSON.stringify(await collector.events(await anonymousId()))).not.toMatch(SECRETS);
    const stored = await everythingStored(page, context);
    expect(stored.length, 'what the SDKs stored').toBeGreaterThan(500);
    expect(stored).not.toMatch(SECRETS);
    expect(stored).not.toMatch(/luggage|google\.com\/search/);

    // Issue 36 item 2: every field each processor received is one the privacy policy lists under it.
    const events = await collector.events(await anonymousId());
    const payloadsOf = (vendor: string) =>
      events.filter((event) => event.vendor === vendor).map((event) => event.payload);
    const received: Record<ProcessorId, string[]> = {
      amplitude: fieldsOf(payloadsOf('amplitude')),
      segment: fieldsOf(payloadsOf('segment')),
      datadog: fieldsOf((await collector.sessionTelemetry(context, page.url())).map((item) => item.event)),
    };
    await page.goto(hostUrl(OPT_IN, '/privacy'));
    for (const { id, name } of PROCESSORS) {
      const listed = await page
        .locator('section')
        .filter({ has: page.getByRole('heading', { level: 3, name }) })
        .getByRole('listitem')
        .locator('code')
        .allTextContents();
      const unlisted = received[id].filter((field) => !matchesField(listed, field));
      expect(unlisted, `${name}: fields the policy does not list`).toEqual([]);
      expect(received[id].length, `${name}: fields received`).toBeGreaterThan(20);
    }
  });

  test('the banner stays away for the life of the record and returns after it', async ({ browser }) => {
    for (const [ageDays, shown] of [
      [181, false],
      [183, true],
    ] as const) {
      const context = await browser.newContext();
      await rememberConsent(context, OPT_IN, ALL_REFUSED, new Date(Date.now() - ageDays * DAY));
      const page = await context.newPage();
      await page.goto(hostUrl(OPT_IN));
      // Decided before the first paint: a returning visitor never sees it, and nothing shifts.
      await (shown ? expect(banner(page)).toBeVisible() : expect(banner(page)).toBeHidden());
      await context.close();
    }
  });

  test('without JavaScript the banner shows, and its buttons record the choice', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(hostUrl(OPT_IN, '/de'));
    await expect(banner(page)).toBeVisible();
    const posted = page.waitForResponse(hostUrl(OPT_IN, '/api/consent'));
    await banner(page).getByRole('button', { name: 'Alle ablehnen' }).click();
    // The browser's own word that the form is this site's: what the endpoint requires (docs/consent.md).
    expect(await (await posted).request().headerValue('sec-fetch-site')).toBe('same-origin');
    expect((await posted).status()).toBe(303);
    expect((await context.cookies(page.url())).find((cookie) => cookie.name === 'consent')?.value).toMatch(/\.a0m0$/);
    // Issue 36 item 6: the choice visibly saved, as the browser kept it, in the page's language, with the way back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Cookie-Auswahl ist gespeichert');
    await expect(page.getByRole('listitem')).toHaveText(['Analyse: Nein', 'Monitoring: Nein']);
    await page.reload();
    await expect(page.getByRole('listitem')).toHaveText(['Analyse: Nein', 'Monitoring: Nein']);
    await page.getByRole('link', { name: 'Zurück zur Seite' }).click();
    await expect(page).toHaveURL(hostUrl(OPT_IN, '/de'));
    await context.close();
  });

  test('the saved-choice page says what the browser kept, or that it kept nothing; valid, axe 0, and only a path of this host is the way back', async ({
    page,
    context,
  }) => {
    const check = async () => {
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
        await page.content(),
      );
      expect(
        report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)),
      ).toEqual([]);
    };
    await page.goto(hostUrl(OPT_IN, '/api/consent?back=/fr'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre choix de cookies n’a pas été conservé');
    await expect(page.getByText('Votre navigateur bloque peut-être les cookies de ce site')).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(0);
    await check();
    await rememberConsent(context, OPT_IN, { analytics: true, monitoring: false });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre choix de cookies est enregistré');
    await expect(page.getByRole('listitem')).toHaveText([
      'Mesure d’audience\u00a0: Oui',
      'Suivi des erreurs et des performances\u00a0: Non',
    ]);
    await check();
    await page.goto(hostUrl(OPT_IN, '/api/consent?back=//evil.example/'));
    expect(await page.getByRole('link').getAttribute('href')).toBe('/');
  });
});

// Spec §1 and §9 ("cookie consent"): a choice is the visitor's. Another site could otherwise make
// their browser post "Accept all" to the no-JavaScript endpoint (docs/security.md).
test.describe('POST /api/consent from another site', () => {
  const OWN = `http://${OPT_IN}.localhost:${E2E_PORT}`;
  const post = (headers: Record<string, string>) =>
    rawRequest(
      'POST',
      '/api/consent',
      { host: `${OPT_IN}.localhost:${E2E_PORT}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      { body: 'choice=all' },
    );
  const refused = (answer: { status: number; headers: Record<string, unknown>; body: string }) => {
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({
      error: expect.stringContaining("only be given from this site's own pages"),
    });
  };

  test('a page on another site that submits the form is refused and records nothing', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403 \(Forbidden\)/);
    const attacker = 'http://attacker.example/';
    await page.route(attacker, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${OWN}/api/consent"><input name="choice" value="all"></form><script>document.forms[0].submit()</script>`,
      }),
    );
    const posted = page.waitForResponse(`${OWN}/api/consent`);
    await page.goto(attacker);
    expect((await posted).status()).toBe(403);
    expect(await context.cookies(OWN)).toEqual([]);
  });

  test('Sec-Fetch-Site: cross-site is refused with 403', async () => {
    refused(await post({ 'sec-fetch-site': 'cross-site' }));
  });

  test("without Sec-Fetch-Site, another site's Origin is refused with 403", async () => {
    refused(await post({ origin: 'https://evil.example' }));
  });

  // Issue 36 item 6: the same host on another port or scheme is another site, as browsers see it.
  test("without Sec-Fetch-Site, this host's Origin on another port or scheme is refused; its own is accepted", async () => {
    refused(await post({ origin: `http://${OPT_IN}.localhost:${E2E_PORT + 1}` }));
    refused(await post({ origin: `https://${OPT_IN}.localhost:${E2E_PORT}` }));
    refused(await post({ referer: `http://${OPT_IN}.localhost:${E2E_PORT + 1}/de` }));
    expect((await post({ origin: OWN })).status).toBe(303);
  });

  test('without Sec-Fetch-Site and Origin, a Referer of this host is accepted', async () => {
    const answer = await post({ referer: `${OWN}/de?utm_source=mail` });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/api/consent?back=${encodeURIComponent('/de?utm_source=mail')}`);
    expect(answer.headers['set-cookie']).toEqual([expect.stringMatching(/^consent=v1\.\d{4}-\d{2}-\d{2}\.a1m1; /)]);
  });
});

test.describe('an opt-out host (US)', () => {
  test('runs with a notice; "Reject all" stops it and clears what it stored', async ({ page, context }) => {
    test.setTimeout(90_000);
    const watch = watchVendors(page);
    await page.goto(hostUrl(OPT_OUT));
    await expect(banner(page)).toBeVisible();
    await appStarted(page);
    await scrollAndType(page);
    await expect.poll(() => watch.vendors(), { timeout: 20_000 }).toEqual(['amplitude', 'datadog', 'segment']);
    await expect.poll(() => storedNames(page, context), { timeout: 20_000 }).toEqual(VENDOR_STORAGE);

    const reloaded = page.waitForEvent('load');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await reloaded;
    const after = watchVendors(page);
    await appStarted(page);
    await expect(banner(page)).toBeHidden();
    await expect.poll(async () => storedNames(page, context), { timeout: 10_000 }).toEqual(ONLY_THE_CHOICE);
    await scrollAndType(page);
    // Absence; the control is the same visitor's start before "Reject all".
    await page.waitForTimeout(5_000);
    expect(after.all()).toEqual([]);
  });

  test('after "Accept all" and a scroll and a click, everything stored is on the list with its lifetime', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto(hostUrl(OPT_OUT));
    await appStarted(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await scrollAndType(page);
    await page.getByRole('main').getByRole('heading').first().click();
    // Both vendors have taken events and Datadog its telemetry: the SDKs have loaded and flushed.
    const anonymousId = () =>
      context
        .cookies(page.url())
        .then((cookies) => cookies.find((cookie) => cookie.name === 'anonymous-id')?.value ?? '');
    await expect
      .poll(
        async () => [...new Set((await collector.events(await anonymousId())).map((event) => event.vendor))].sort(),
        { timeout: 30_000 },
      )
      .toEqual(['amplitude', 'segment']);
    await expect
      .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => storedNames(page, context), { timeout: 20_000 }).toEqual(VENDOR_STORAGE);
    await expectEverythingListed(page, context);
  });

  // Issue 22 item 4: a German page of a New York host is written for travellers from Europe.
  test('its pages in an EEA language ask first: nothing fetched, sent or stored before a choice', async ({
    page,
    context,
  }) => {
    const watch = watchVendors(page);
    await page.goto(hostUrl(OPT_OUT, '/de'));
    await expect(banner(page).getByText('Nichts davon ist aktiv, bevor Sie eine Auswahl treffen')).toBeVisible();
    await appStarted(page);
    await scrollAndType(page);
    // Absence, with its control below.
    await page.waitForTimeout(QUIET_MS);
    expect(watch.all()).toEqual([]);
    expect(await storedNames(page, context)).toEqual(NOTHING_STORED);

    // The control: the same running page starts all three once the visitor agrees.
    await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
    await scrollAndType(page);
    await expect.poll(() => watch.vendors(), { timeout: 30_000 }).toEqual(['amplitude', 'datadog', 'segment']);
  });

  // Issue 22 item 2: a host's legal pages and 404 keep its regime; in the opt-in one they would ask
  // first and purge the identity its landing page stored, and the next page would count a new visitor.
  test('its legal pages and 404 keep its regime: the notice, not the question, and nothing purged', async ({
    page,
    context,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    consoleGuard.allow(/status of 404/);
    await page.goto(hostUrl(OPT_OUT));
    await appStarted(page);
    await scrollAndType(page);
    const tracked = async () =>
      (await context.cookies(page.url()))
        .filter((cookie) => cookie.name === 'anonymous-id' || cookie.name.startsWith('_dd_s'))
        .map(({ name, value }) => `${name}=${value}`)
        .sort();
    await expect
      .poll(tracked, { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^_dd_s/), expect.stringMatching(/^anonymous-id=/)]);
    const identity = (await tracked()).find((cookie) => cookie.startsWith('anonymous-id='));

    for (const [path, status] of [
      ['/cookies', 200],
      ['/nothing-here', 404],
    ] as const) {
      const response = await page.goto(hostUrl(OPT_OUT, path));
      expect(response?.status(), path).toBe(status);
      await appStarted(page);
      await expect(banner(page).getByText('You can refuse them here at any time')).toBeVisible();
      await expect(banner(page).getByText('None of it runs until you choose')).toHaveCount(0);
      // Absence: a purge runs once the page has started; the control below sees one within this time.
      await page.waitForTimeout(3_000);
      expect(await tracked(), path).toEqual(expect.arrayContaining([identity, expect.stringMatching(/^_dd_s/)]));
    }

    // The control: on the same 404 page, refusing deletes the identity, and `tracked` sees it.
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    const reloaded = page.waitForEvent('load');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await reloaded;
    await expect.poll(tracked, { timeout: 3_000 }).toEqual([]);
  });

  test('Global Privacy Control refuses analytics, session replay and the persistent id, and the banner says so', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    for (const gpc of [false, true]) {
      const context = await browser.newContext();
      await context.addInitScript((on) => {
        if (on) Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });
        // Datadog draws the session id from Math.random and replays the sessions whose id hashes into
        // its 20 % sample: this id is in it, so without GPC the page is replayed.
        Math.random = () => 0.07;
      }, gpc);
      const page = await context.newPage();
      const watch = watchVendors(page);
      const replays: string[] = [];
      page.on('request', (request) => {
        if (decodeURIComponent(request.url()).includes('/api/v2/replay')) replays.push(request.url());
      });
      await page.goto(hostUrl(OPT_OUT));
      // Decided by the head script before the first paint, from the static page's two wordings.
      await expect(banner(page).getByText('Your browser sends Global Privacy Control')).toBeVisible({ visible: gpc });
      await expect(banner(page).getByText('You can refuse them here at any time')).toBeVisible({ visible: !gpc });
      await expect(banner(page)).toHaveAttribute('data-nosnippet', '');
      await appStarted(page);
      await scrollAndType(page);
      await expect
        .poll(async () => (await collector.sessionTelemetry(context, page.url())).length, { timeout: 40_000 })
        .toBeGreaterThan(0);
      if (!gpc) {
        // The control: the same visit without GPC is replayed.
        await expect.poll(() => replays.length, { timeout: 30_000 }).toBeGreaterThan(0);
      } else {
        // Absence: analytics would have started at the input above, replay would have posted by now;
        // the control is the first pass of this loop, without GPC.
        await page.waitForTimeout(12_000);
        expect(watch.vendors()).toEqual(['datadog']);
        expect(replays).toEqual([]);
        const session = (await context.cookies(page.url())).find((cookie) => cookie.name === '_dd_s_v2')?.value;
        expect(session).toMatch(/(^|&)id=/);
        expect(session).not.toMatch(/(^|&)aid=/);
      }
      await context.close();
    }
  });
});

test.describe('bots', () => {
  for (const domain of [OPT_IN, OPT_OUT]) {
    test(`get the same page and never a vendor request on ${domain}, even after "Accept all"`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent: BOT_UA });
      const page = await context.newPage();
      const watch = watchVendors(page);
      await page.goto(hostUrl(domain));
      await expect(banner(page)).toBeVisible();
      await appStarted(page);
      // The start-up code runs and asks the server, which answers "bot": proof it decided, not that it never ran.
      const botCheck = page.waitForResponse('**/api/is-bot');
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await scrollAndType(page);
      expect(await (await botCheck).json()).toEqual({ isBot: true });
      // Absence after the decision; the control is the answer above: the start-up code ran and heard "bot".
      await page.waitForTimeout(5_000);
      expect(watch.all()).toEqual([]);
      await context.close();
    });
  }
});

test('the banner never covers the call to action on a 360 px phone', async ({ browser }) => {
  for (const domain of [OPT_IN, OPT_OUT]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(hostUrl(domain, '/de'));
    const region = await banner(page).boundingBox();
    const cta = await page
      .getByRole('main')
      .getByRole('link', { name: /finden/ })
      .first()
      .boundingBox();
    expect(region && cta).toBeTruthy();
    // In flow above the page: the call to action starts below its bottom edge.
    expect(cta!.y).toBeGreaterThanOrEqual(region!.y + region!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  }
});
