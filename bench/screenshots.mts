// Full-page screenshots of landing pages at phone (320×568, 360×640, 390×844) and desktop (1280 px) sizes, to look at.
// Usage: npm run build:e2e && npx tsx bench/screenshots.mts [--no-js] [--returning] [domain/path …]   → bench/results/screenshots/*.png
// --no-js: with JavaScript off, as a visitor with scripts blocked or a link-preview tool sees the page.
// --returning: with a consent record (all accepted), so the banner is hidden; otherwise a first visit.
// --first-screen: only what shows before any scrolling, the fold being the picture's bottom edge.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { HUMAN_USER_AGENT } from '../playwright.config';
import { PHONE_SCREENS } from '../tests/e2e/support/phoneScreens';
import { ALL_GRANTED, CONSENT_COOKIE, serializeConsent } from '../src/consent/record';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const PORT = benchPort(0);
const OUT = 'bench/results/screenshots';
const javaScript = !process.argv.includes('--no-js');
const returning = process.argv.includes('--returning');
const firstScreen = process.argv.includes('--first-screen');
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
// The first screen of each phone, so the fold can be read off the picture (the call to action above it).
const VIEWPORTS = [...PHONE_SCREENS, { width: 1280, height: 900 }];
const targets = args.length
  ? args
  : [
      'kingscross-bagberth.co.uk/',
      'cornavin-bagberth.ch/de',
      'kyotostation-bagberth.jp/ja',
      'prague-bagberth.cz/',
      'no-such-site.example/',
    ];

// Visitors' phones have Japanese fonts; a bare server does not, and would draw the ja pages as boxes.
const japaneseFonts = (() => {
  try {
    return execFileSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
})();
if (!japaneseFonts)
  console.warn('No Japanese font on this machine: ja pages will show boxes. Debian: apt-get install -y fonts-noto-cjk');

mkdirSync(OUT, { recursive: true });
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
try {
  for (const target of targets) {
    const [domain, ...rest] = target.split('/');
    for (const viewport of VIEWPORTS) {
      const page = await browser.newPage({ viewport, userAgent: HUMAN_USER_AGENT, javaScriptEnabled: javaScript });
      await page.route(/^https?:\/\/(?!([^/]+\.)?localhost[:/])/, (route) => route.abort());
      // As tests/e2e/support/fixtures.ts rememberConsent does.
      if (returning)
        await page.context().addCookies([
          {
            name: CONSENT_COOKIE,
            value: serializeConsent(ALL_GRANTED, new Date()),
            url: `http://${domain}.localhost:${PORT}/`,
          },
        ]);
      await page.goto(`http://${domain}.localhost:${PORT}/${rest.join('/')}`, { waitUntil: 'networkidle' });
      const file = `${OUT}/${target.replace(/[^a-z0-9]+/gi, '_')}-${viewport.width}${returning ? '-returning' : ''}${firstScreen ? '-first-screen' : ''}${javaScript ? '' : '-nojs'}.png`;
      await page.screenshot({ path: file, fullPage: !firstScreen });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  stop();
}
