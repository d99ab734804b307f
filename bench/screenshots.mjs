// Full-page screenshots of landing pages at phone (360 and 390 px) and desktop (1280 px) widths, to look at.
// Usage: npm run build && node bench/screenshots.mjs [--no-js] [domain/path …]   → bench/results/screenshots/*.png
// --no-js: with JavaScript off, as a visitor with scripts blocked or a link-preview tool sees the page.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const OUT = 'bench/results/screenshots';
const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const javaScript = !process.argv.includes('--no-js');
const args = process.argv.slice(2).filter((arg) => arg !== '--no-js');
const targets = args.length
  ? args
  : ['kingscross-bagberth.co.uk/', 'cornavin-bagberth.ch/de', 'kyotostation-bagberth.jp/ja', 'prague-bagberth.cz/', 'no-such-site.example/'];

// Visitors' phones have Japanese fonts; a bare server does not, and would draw the ja pages as boxes.
const japaneseFonts = (() => {
  try {
    return execFileSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
})();
if (!japaneseFonts) console.warn('No Japanese font on this machine: ja pages will show boxes. Debian: apt-get install -y fonts-noto-cjk');

mkdirSync(OUT, { recursive: true });
const stop = await startServer(PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const target of targets) {
    const [domain, ...rest] = target.split('/');
    for (const width of [360, 390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, userAgent: HUMAN_UA, javaScriptEnabled: javaScript });
      await page.route(/^https?:\/\/(?!([^/]+\.)?localhost[:/])/, (route) => route.abort());
      await page.goto(`http://${domain}.localhost:${PORT}/${rest.join('/')}`, { waitUntil: 'networkidle' });
      const file = `${OUT}/${target.replace(/[^a-z0-9]+/gi, '_')}-${width}${javaScript ? '' : '-nojs'}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  stop();
}
