// The booking button on the first screen of every phone (issue 21). Loads every landing page (one
// host per path: aliases serve the same static page) in every locale it is served in, as a first
// visit (the consent banner shown) and as a returning one (the consent cookie set, banner hidden),
// and at 320×568, 360×640 and 390×844 reads where the hero's booking button ends. Prints each page
// whose button ends below the first screen, then a table per viewport and visit.
// Usage: npm run build:e2e && npm run bench:fold      (exits 1 when a button is below the fold)
//        BENCH_GPC=1 npm run bench:fold             (first visits to opt-out hosts from browsers that send
//                                                    Global Privacy Control: the banner's other wording)
import { readFileSync } from 'node:fs';
import { chromium, type BrowserContext } from '@playwright/test';
import { HUMAN_USER_AGENT } from '../playwright.config';
import { PHONE_SCREENS } from '../tests/e2e/support/phoneScreens';
import { consentRegimeFor } from '../src/tenancy/consentRegime';
import { ALL_GRANTED, CONSENT_COOKIE, serializeConsent } from '../src/consent/record';
import { startServer } from './server.mjs';
import { HERO_CTA } from '../scripts/gallery/capture.mts';
import { benchPort } from './port.mjs';

const PORT = benchPort(2);
const VIEWPORTS = PHONE_SCREENS;
const GPC = process.env.BENCH_GPC === '1';
const VISITS = GPC ? (['first'] as const) : (['first', 'returning'] as const);
const CONCURRENCY = 4;

type Entry = { domain: string; path: string; slug: string; locales: string[] };
const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Entry[] };
const { places } = JSON.parse(readFileSync('tenants/places.json', 'utf8')) as {
  places: Record<string, { country: string }>;
};
const byPath = new Map<string, Entry>();
for (const entry of domains) if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
const pages = [...byPath.values()].flatMap((entry) =>
  entry.locales
    .filter((locale) => !GPC || consentRegimeFor(places[entry.slug]?.country, locale) === 'opt-out')
    .map((locale) => ({
      domain: entry.domain,
      label: `${entry.domain}/${locale === 'en' ? '' : locale}`,
      path: `/${locale === 'en' ? '' : locale}`,
    })),
);

type Result = { page: string; visit: (typeof VISITS)[number]; width: number; height: number; bottom: number };

const stop = await startServer(PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results: Result[] = [];
const started = Date.now();
try {
  for (const visit of VISITS) {
    const context: BrowserContext = await browser.newContext({ userAgent: HUMAN_USER_AGENT, viewport: VIEWPORTS[0] });
    await context.route(/^https?:\/\/(?!([^/]+\.)?localhost[:/])/, (route) => route.abort());
    if (GPC)
      await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
    // The first screen is the server's HTML and CSS, and the head's inline script hides the banner
    // for a returning visitor; the app's scripts change neither (CLS 0), so they are left out, which
    // makes the sweep several times faster. tests/e2e/first-screen.spec.ts measures with them.
    await context.route(/\/_next\/static\/.+\.js$/, (route) => route.abort());
    // As tests/e2e/support/fixtures.ts rememberConsent: the cookie the banner writes, on every host.
    if (visit === 'returning') {
      const value = serializeConsent(ALL_GRANTED, new Date());
      await context.addCookies(
        [...new Set(pages.map((page) => page.domain))].map((domain) => ({
          name: CONSENT_COOKIE,
          value,
          url: `http://${domain}.localhost:${PORT}/`,
        })),
      );
    }
    const queue = [...pages];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const page = await context.newPage();
        for (let next = queue.shift(); next; next = queue.shift()) {
          await page.setViewportSize(VIEWPORTS[0]);
          await page.goto(`http://${next.domain}.localhost:${PORT}${next.path}`, { waitUntil: 'load' });
          for (const viewport of VIEWPORTS) {
            await page.setViewportSize(viewport);
            const bottom = await page
              .locator(HERO_CTA)
              .evaluate((link) => link.getBoundingClientRect().bottom + window.scrollY);
            results.push({ page: next.label, visit, ...viewport, bottom: Math.round(bottom) });
          }
          if (queue.length % 100 === 0)
            console.error(`${visit} visit: ${pages.length - queue.length} of ${pages.length} pages`);
        }
        await page.close();
      }),
    );
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}

const below = results.filter((result) => result.bottom > result.height);
for (const { page, visit, width, height, bottom } of below)
  console.log(`below  ${width}×${height}  ${visit.padEnd(9)}  ${page}  button ends at ${bottom} px`);
console.log('\nviewport   visit      pages  below the fold  button bottom: median / max (px)');
for (const { width, height } of VIEWPORTS) {
  for (const visit of VISITS) {
    const cell = results
      .filter((result) => result.width === width && result.visit === visit)
      .map((result) => result.bottom)
      .sort((a, b) => a - b);
    const count = cell.filter((bottom) => bottom > height).length;
    console.log(
      `${`${width}×${height}`.padEnd(11)}${visit.padEnd(11)}${String(cell.length).padStart(5)}${String(count).padStart(16)}  ${cell[cell.length >> 1]} / ${cell[cell.length - 1]}`,
    );
  }
}
console.log(
  `\n${pages.length} pages × ${VIEWPORTS.length} viewports × ${VISITS.length} visits in ${Math.round((Date.now() - started) / 1000)} s: ${below.length} below the fold.`,
);
process.exitCode = below.length > 0 ? 1 : 0;
