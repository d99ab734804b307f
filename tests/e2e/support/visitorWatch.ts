// What a visitor's browser fetches, sends and stores of the vendors, and how a test acts as that
// visitor: shared by the consent tests on the e2e server and those through the topology.
import type { BrowserContext, Page, Request } from '@playwright/test';
import { COLLECTOR_URL } from './collectorConfig';

/** A vendor call the page made, by the page's own clock (`Date.now()`, ms since the epoch). */
export interface PageSend {
  url: string;
  at: number;
}

/**
 * Notes when the page itself sends each request to the collectors (fetch, sendBeacon, XMLHttpRequest),
 * by its own clock: the clock a test marks a click with. The browser's network timing
 * (`request.timing().startTime`) is when the network stack began the request, which on a busy machine
 * is several milliseconds after the page's call: a batch the SDK sent as the mouse went down then
 * counted as sent after the click (RUM's, sent 5–7 ms before the click and begun 3–8 ms after it).
 * An init script, so it wraps the browser's own functions before the app or an SDK wraps them: it
 * notes only the calls that get past every wrapper, the app's stop routes (src/base/vendorFetch.ts)
 * included, i.e. the requests that really leave. Call it before the page's first navigation.
 */
export async function notePageSends(page: Page): Promise<PageSend[]> {
  const sends: PageSend[] = [];
  await page.exposeFunction('notePageSend', (url: string, at: number) => void sends.push({ url, at }));
  await page.addInitScript((collector: string) => {
    const note = (url: string | URL) => {
      // The time first: nothing of the noting delays it.
      const at = Date.now();
      const href = new URL(String(url), document.baseURI).href;
      if (href.startsWith(collector) || href.includes('/api/monitoring-proxy'))
        void (window as unknown as { notePageSend(url: string, at: number): Promise<void> }).notePageSend(href, at);
    };
    const fetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      note(typeof input === 'object' && 'url' in input ? input.url : input);
      return fetch.call(window, input, init);
    };
    const sendBeacon = navigator.sendBeacon;
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      note(url);
      return sendBeacon.call(navigator, url, data);
    };
    const urls = new WeakMap<XMLHttpRequest, string | URL>();
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
      urls.set(this, args[1]);
      return open.apply(this, args);
    } as typeof open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const url = urls.get(this);
      if (url !== undefined) note(url);
      return send.call(this, body);
    };
  }, COLLECTOR_URL);
  return sends;
}

/**
 * When the page sent each request, by its own clock: the first call of its address not yet given
 * to an earlier request, made no later than the network began it. A request with no such call (one
 * the page made some other way) counts from when the network began it, which is later than the
 * page's own moment, or, without even that (no answer before the page went), as sent at the end of
 * time: what the record missed is never taken for earlier than it was.
 */
function sentAtByPage(requests: readonly Request[], sends: readonly PageSend[]): number[] {
  const unused = [...sends];
  return requests.map((request) => {
    const began = request.timing().startTime > 0 ? request.timing().startTime : Number.POSITIVE_INFINITY;
    const index = unused.findIndex((send) => send.url === request.url() && send.at <= began);
    return index < 0 ? began : unused.splice(index, 1)[0]!.at;
  });
}

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
    /**
     * The calls the page sent at or after a moment (ms since the epoch, by the page's clock), by the
     * page's record of its sends (notePageSends, set up before the page loaded).
     */
    sentSince: (at: number, sends: readonly PageSend[]) => {
      const sentAt = sentAtByPage(sent, sends);
      return sent.filter((_request, index) => sentAt[index]! >= at).map((request) => request.url());
    },
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
