// What the browser benches share: the built site with the e2e build's local vendor endpoints and
// GraphQL API, a phone's user agent, and Debian's Chromium started the way the tests start it.
import type { Browser, Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../src/consent/record.ts';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap.ts';
import { startCollector } from '../tests/e2e/support/collector.ts';
import { startServer } from './server.mjs';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** A person's phone: isbot calls Lighthouse's and headless Chromium's own user agents bots. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** Every host's landing page in every language it is served in (887): its `*.localhost` preview host and path. */
export const LANDING_PAGES = DOMAIN_ENTRIES.flatMap(({ domain, locales }) =>
  locales.map((locale) => ({ host: `${domain}.localhost`, path: locale === 'en' ? '/' : `/${locale}` })),
);

/**
 * The four visitors the Lighthouse and trace benches measure (issue 23): a first visit and a
 * returning one (consent recorded) on an opt-in host, an opt-out host (ja) and a German page.
 */
export const FOUR_VISITORS = [
  { name: 'opt-in, first visit (en)', target: 'kingscross-bagberth.co.uk/', returning: false },
  { name: 'opt-in, returning visit (en)', target: 'kingscross-bagberth.co.uk/', returning: true },
  { name: 'opt-out host (ja)', target: 'kyotostation-bagberth.jp/ja', returning: false },
  { name: 'German page (de)', target: 'cornavin-bagberth.ch/de', returning: false },
] as const;

/** `domain/path` → the tenant's address on the bench server (a `*.localhost` host, a secure context). */
export const tenantUrl = (port: number, target: string): string => {
  const [domain, ...rest] = target.split('/');
  return `http://${domain}.localhost:${port}/${rest.join('/')}`;
};

/**
 * Serves the current build (`npm run build:e2e`: analytics, monitoring and live storage spots on,
 * pointed at the local collector started here and the GraphQL API that startServer runs and checks,
 * bench/server.mjs). Resolves to a function that stops them.
 */
export async function startSite(port: number): Promise<() => Promise<void>> {
  const collector = await startCollector().catch(() => undefined);
  const stopServer = await startServer(port).catch((error: unknown) => {
    collector?.close();
    throw error;
  });
  return async () => {
    stopServer();
    collector?.close();
  };
}

/**
 * A new phone-sized page with the CPU slowed down, as the trace benches load it: `consent` is a
 * recorded choice (a serialised consent cookie), `initScript` runs before any of the page's code.
 * Close it with `page.context().close()`.
 */
export async function slowPhonePage(
  browser: Browser,
  url: string,
  { cpuSlowdown, consent, initScript }: { cpuSlowdown: number; consent?: string; initScript?: () => void },
): Promise<Page> {
  const context = await browser.newContext({ userAgent: PHONE_USER_AGENT, viewport: { width: 390, height: 844 } });
  if (consent) await context.addCookies([{ name: CONSENT_COOKIE, value: consent, url }]);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}
