// No page of any host in any locale scrolls sideways on a phone. Loads every landing
// page (one host per page: aliases serve the same static page) in every locale it is served in,
// at 390, 360 and 320 px, and prints each page wider than the screen with its widest element.
// Usage: npm run build:e2e && npm run bench:overflow   (BENCH_WIDTHS=1024,768 for tablets)
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const PORT = benchPort(1);
const WIDTHS = process.env.BENCH_WIDTHS ? process.env.BENCH_WIDTHS.split(',').map(Number) : [390, 360, 320];
const CONCURRENCY = 4;

const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8'));
const byPath = new Map();
for (const entry of domains) if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
const pages = [...byPath.values()].flatMap((entry) =>
  entry.locales.map((locale) => ({
    label: `${entry.domain}/${locale === 'en' ? '' : locale}`,
    url: `http://${entry.domain}.localhost:${PORT}/${locale === 'en' ? '' : locale}`,
  })),
);

/** In the page: whether it scrolls sideways, and the innermost element sticking out furthest. */
function measure() {
  const width = window.innerWidth;
  let worst = null;
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right;
    if (right > width + 0.5 && (!worst || right >= worst.right)) worst = { element, right };
  }
  const describe = (element) => {
    const classes = [...element.classList].map((name) => name.split('__').pop()?.split('-')[0]).filter(Boolean);
    return `${element.tagName.toLowerCase()}${classes.length ? `.${classes.join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  };
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    worst: worst ? `${describe(worst.element)} reaches ${Math.round(worst.right)} px` : null,
  };
}

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
const offenders = [];
const started = Date.now();
try {
  // The layout is server-rendered; without JavaScript the sweep measures exactly that, faster.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTHS[0], height: 800 } });
  await context.route(/^https?:\/\/(?!([^/]+\.)?localhost[:/])/, (route) => route.abort());
  const queue = [...pages];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const page = await context.newPage();
      for (let next = queue.shift(); next; next = queue.shift()) {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(next.url, { waitUntil: 'load' });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const result = await page.evaluate(measure);
          if (result.scrollWidth > result.width || result.worst) offenders.push({ page: next.label, width, ...result });
        }
      }
      await page.close();
    }),
  );
} finally {
  await browser.close();
  stop();
}

for (const { page, width, scrollWidth, worst } of offenders)
  console.log(`${width} px  ${page}  scrollWidth ${scrollWidth}  ${worst ?? ''}`);
const pagesHit = new Set(offenders.map((offender) => offender.page)).size;
console.log(
  `\n${pages.length} pages × ${WIDTHS.length} widths in ${Math.round((Date.now() - started) / 1000)} s: ` +
    `${offenders.length} page-widths wider than the screen (${pagesHit} pages).`,
);
