// Fast pages: the page paints before the app's scripts are fetched; the hero goes
// through Next's image optimizer with `sizes` and priority (attributes resolved on the server), and a phone downloads a thumbnail of it; no font is
// downloaded, and nothing shifts while the page loads and hydrates. Speeds themselves are measured
// by bench/lighthouse.mts, not asserted here. A page's HTML carries only the copy it renders.
// Hydration builds no Intl object: every number on the page was written on the server (issue 44
// item 2: the storage-spot cards' formatters were the page's longest task at 4× CPU).
import { readFileSync } from 'node:fs';
import { spelledFor } from '../../src/i18n/regionalLocale';
import { expect, hostUrl, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';
import { appStarted } from './support/visitorWatch';

const PHONE = { width: 390, height: 844 };

type Tree = { [key: string]: string | Tree };

/** The Intl constructors a page could build formatters with: the cards used the first two. */
const INTL_CONSTRUCTORS = [
  'NumberFormat',
  'Locale',
  'PluralRules',
  'DateTimeFormat',
  'DisplayNames',
  'ListFormat',
  'Collator',
  'RelativeTimeFormat',
  'Segmenter',
] as const;

/**
 * Before any of the page's code: wraps each Intl constructor so that every object built before the
 * app has hydrated (React's fiber on every element of #__next, as tests/e2e/i18n-parity.spec.ts
 * waits for) is recorded in `window.__intlBeforeHydration`, with its arguments and caller.
 */
function countIntlBeforeHydration(names: readonly string[]) {
  const built: string[] = [];
  Object.assign(window, { __intlBeforeHydration: built });
  const hydrated = () => {
    const elements = document.querySelectorAll('#__next *');
    return (
      elements.length > 0 &&
      [...elements].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    );
  };
  const record = (name: string, args: unknown[]) => {
    if (hydrated()) return;
    const caller = (new Error().stack ?? '').split('\n')[3]?.trim() ?? '?';
    built.push(`Intl.${name}(${JSON.stringify(args).slice(1, -1)}) ${caller}`);
  };
  const intl = Intl as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = intl[name];
    if (typeof original !== 'function') continue;
    intl[name] = new Proxy(original, {
      construct: (target, args, newTarget) => {
        record(name, args);
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply: (target, self, args) => {
        record(name, args);
        return Reflect.apply(target, self, args);
      },
    });
  }
}

/** The translations a page's HTML hands to the browser (Next's __NEXT_DATA__). */
async function shippedCopy(host: string, path: string): Promise<Record<string, Record<string, Tree>>> {
  const { body } = await rawRequest('GET', path, { host });
  const data = /<script id="__NEXT_DATA__" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(body)?.[1];
  return JSON.parse(data ?? 'null').props.pageProps._nextI18Next.initialI18nStore;
}

test.describe('fast pages', () => {
  test.use({ viewport: PHONE });

  test('the hero is a prioritised, optimized image announced once, and a phone fetches a thumbnail of it', async ({
    page,
  }) => {
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await page.goto(hostUrl('kingscross-bagberth.co.uk'), { waitUntil: 'load' });

    const hero = page.locator('main img').first();
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('sizes', /\b112px$/);
    await expect(hero).toHaveAttribute('srcset', /\/_next\/image\?url=%2Fimages%2Fhero%2Fstation\.png/);
    // Its widths stop at the 1200 px source, and no preload repeats them in the head: the page's
    // HTML must fit one round trip (docs/performance.md), and the image's own priority fetches it as early.
    const widths = ((await hero.getAttribute('srcset')) ?? '')
      .split(', ')
      .map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
    expect(widths).toEqual([128, 256, 384, 640, 750, 1080, 1200]);
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);

    const heroRequests = images.filter((url) => url.includes('%2Fimages%2Fhero%2F'));
    expect(heroRequests).toHaveLength(1);
    // A 112 px thumbnail at the phone's pixel ratio, not a full-width picture.
    expect(Number(new URL(heroRequests[0] ?? '', 'http://x').searchParams.get('w'))).toBeLessThanOrEqual(384);
  });

  test('the page is on screen before the app is fetched, and the app then starts', async ({ page }) => {
    const response = await page.goto(hostUrl('kyotostation-bagberth.jp', '/ja'), { waitUntil: 'networkidle' });
    // The server's HTML makes the parser fetch no script: the inline starter does, after the paint.
    expect(await response?.text()).not.toMatch(/<script[^>]*\ssrc=/);

    await page.waitForFunction(() => 'next' in window);
    const timing = await page.evaluate(() => ({
      contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming).initiatorType === 'script' && entry.name.includes('/_next/static/'),
        )
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.contentfulPaint);
  });

  // src/shell/routerStart.ts: Next's router used to ask the server for the page's data again as it
  // started (the middleware matches every landing page), and render the page a second time.
  test('the app starts without asking the server for the page again', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    for (const [host, path] of [
      ['kingscross-bagberth.co.uk', '/'],
      ['cornavin-bagberth.ch', '/de'],
      ['kingscross-bagberth.co.uk', '/?utm_source=newsletter'],
    ] as const) {
      await page.goto(hostUrl(host, path), { waitUntil: 'networkidle' });
      await appStarted(page);
      // The router is in place: Next's middleware matchers, which a language switch needs, have arrived.
      await page.waitForFunction(() => {
        const { next, __MIDDLEWARE_MATCHERS: matchers } = window as unknown as {
          next?: { router?: unknown };
          __MIDDLEWARE_MATCHERS?: unknown;
        };
        return next?.router !== undefined && Array.isArray(matchers) && matchers.length > 0;
      });
    }
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(requests.filter((request) => request.includes('/_next/data/'))).toEqual([]);
  });

  test('no font is downloaded and nothing shifts while the page loads and hydrates', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value)),
      ).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    // Hydrated: the scripts start after the first paint, which can come after a quiet network.
    await page.goto(hostUrl('cornavin-bagberth.ch', '/de'), { waitUntil: 'networkidle' });
    await appStarted(page);

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    expect(fonts).toEqual([]);
  });

  test('hydrating a page with storage spots builds no Intl object', async ({ page }) => {
    await page.addInitScript(countIntlBeforeHydration, INTL_CONSTRUCTORS);
    for (const [host, path] of [
      ['kingscross-bagberth.co.uk', '/'],
      ['kyotostation-bagberth.jp', '/ja'],
      ['cornavin-bagberth.ch', '/de'],
    ] as const) {
      const url = hostUrl(host, path);
      await page.goto(url);
      // The section is in the page, with cards whose money, distance and rating need formatting.
      await expect(page.locator('#storage-spots li').first(), url).toBeAttached();
      expect(await page.locator('#storage-spots li').count(), url).toBeGreaterThan(1);
      await page.waitForFunction(() => {
        const elements = document.querySelectorAll('#__next *');
        return (
          elements.length > 0 &&
          [...elements].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
        );
      });
      const built = await page.evaluate(
        () => (window as unknown as { __intlBeforeHydration: string[] }).__intlBeforeHydration,
      );
      expect(built, url).toEqual([]);
    }
  });

  test('a page carries its own locale only, and only the copy it renders', async () => {
    // A German station page with neighbours and live spots.
    const landing = await shippedCopy('cornavin-bagberth.ch', '/de');
    expect(Object.keys(landing)).toEqual(['de']);
    const { microsites, legal } = landing.de as {
      microsites: Tree & { faq: { byKind: Tree }; errors: Tree };
      legal: Tree;
    };
    // The footer's and the banner's link labels, not the legal texts.
    expect(legal).toEqual({ links: JSON.parse(readFileSync('locales/de/legal.json', 'utf8')).links });
    expect(Object.keys(microsites.faq.byKind)).toEqual(['station']);
    expect(microsites).not.toHaveProperty('directory');
    expect(microsites.errors).not.toHaveProperty('unknownHost');

    // The cookie policy renders the whole legal namespace, spelled as a Swiss host writes German.
    const policy = await shippedCopy('cornavin-bagberth.ch', '/de/cookies');
    expect(policy.de?.legal).toEqual(spelledFor('de-CH', JSON.parse(readFileSync('locales/de/legal.json', 'utf8'))));
  });
});
