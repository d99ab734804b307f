// What a visitor's browser fetches, sends and stores of the vendors, and how a test acts as that
// visitor: shared by the consent tests on the e2e server and those through the topology.
import type { BrowserContext, Page, Request } from '@playwright/test';
import { COLLECTOR_URL } from './collectorConfig';

/** Everything of the vendors a page fetches or sends: SDK code, collector calls, the telemetry proxy. */
export function watchVendors(page: Page) {
  const seen: string[] = [];
  const sent: Request[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(COLLECTOR_URL) && !url.includes('/api/monitoring-proxy')) return;
    seen.push(url);
    sent.push(request);
  });
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    // Strings only the SDK bundles contain.
    if (['sr-client-cfg.amplitude.com', 'cdn.segment.com', 'dd-evp-origin'].some((marker) => body.includes(marker)))
      seen.push(response.url());
  });
  return {
    all: () => [...seen],
    /** The calls the page started at or after a moment (ms since the epoch), by each request's own start time. */
    sentSince: (at: number) =>
      sent.filter((request) => request.timing().startTime >= at).map((request) => request.url()),
    vendors: () => [...new Set(seen.flatMap((url) => /\/(amplitude|segment|datadog)/.exec(url)?.[1] ?? []))].sort(),
  };
}

/** Names stored in the browser for a host: cookies (its own and its parent domains'), web storage keys, IndexedDB databases. */
export async function storedNames(page: Page, context: BrowserContext) {
  const cookies = (await context.cookies(page.url())).map((cookie) => cookie.name).sort();
  const { localStorageKeys, sessionStorageKeys, databases } = await page.evaluate(async () => ({
    localStorageKeys: Object.keys(window.localStorage).sort(),
    sessionStorageKeys: Object.keys(window.sessionStorage).sort(),
    databases: (await indexedDB.databases()).flatMap((database) => database.name ?? []).sort(),
  }));
  return { cookies, localStorageKeys, sessionStorageKeys, databases };
}

export const NOTHING_STORED = { cookies: [], localStorageKeys: [], sessionStorageKeys: [], databases: [] };

export const banner = (page: Page) => page.getByRole('region', { name: /cookie/i });
/**
 * The app has started: React's root is on the page, with its event listeners, so a click is React's
 * (it hydrates what it lands on first) and never the no-JavaScript form's. `window.next` alone is
 * set before that: a click in between posted the banner's form (seen in CI under load).
 */
export const appStarted = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('__next');
    return 'next' in window && root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });

/**
 * A scroll and an input, the two triggers that start monitoring and analytics when allowed. Tab
 * first: it focuses the skip link, which scrolls back to the top, and a page that hydrates after
 * both would then find no scroll to start monitoring on.
 */
export async function scrollAndType(page: Page) {
  await page.keyboard.press('Tab');
  await page.mouse.wheel(0, 1500);
}
