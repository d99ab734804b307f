// Lighthouse (mobile, default simulated throttling) on landing pages of 5 hosts in 5 languages.
// Runs against the current build (`npm run build:e2e` for analytics, monitoring and live storage
// spots on, pointed at the local collector and GraphQL API this script starts; `npm run build` for the embedded defaults).
// Usage: npx tsx bench/lighthouse.mts [--baseline] [--devtools] [domain/path …]
// --baseline adds the same run on a one-page Next app (bench/baseline.mjs): this machine's floor.
// --devtools applies the same throttling to the browser instead of simulating it from an
// unthrottled load: slower and noisier, but timings as a throttled phone lives them.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startCollector } from '../tests/e2e/support/collector.ts';
import { startGraphqlServer } from '../tests/e2e/support/graphqlServer.ts';
import { startBaseline } from './baseline.mjs';
import { startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
// Lighthouse's own user agent is a bot to isbot; a person's phone gets analytics, as in production.
const MOBILE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const BASELINE_PORT = PORT + 1;
const args = process.argv.slice(2);
const withBaseline = args.includes('--baseline');
const throttlingMethod = args.includes('--devtools') ? 'devtools' : 'simulate';
const hosts = args.filter((arg) => !arg.startsWith('--'));
const targets = hosts.length
  ? hosts
  : ['kingscross-bagberth.co.uk/', 'cornavin-bagberth.ch/de', 'kyotostation-bagberth.jp/ja', 'prague-bagberth.cz/', 'venice-bagberth.it/it'];

// The e2e build's vendor endpoints and GraphQL API, served locally as in the tests.
const collector = await startCollector().catch(() => undefined);
const graphql = await startGraphqlServer(undefined, { sitePort: PORT }).catch(() => undefined);
const stop = await startServer(PORT);
const stopBaseline = withBaseline
  ? await startBaseline(BASELINE_PORT).catch((error: unknown) => {
      stop();
      throw error;
    })
  : undefined;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

type Table = { type?: string; items?: Array<Record<string, unknown>> };
/** The LCP element and its phases, from the largest-contentful-paint-element audit's two tables. */
function largestPaint(details: unknown): string {
  const [elements, phases] = ((details as Table | undefined)?.items ?? []) as Table[];
  const node = elements?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const timings = (phases?.items ?? []).map((phase) => `${String(phase.phase)} ${Math.round(Number(phase.timing))} ms`).join(', ');
  return `${node?.selector ?? '?'} "${(node?.nodeLabel ?? '').slice(0, 40)}" (${timings})`;
}

const score = (value: number | null | undefined) => (value === null || value === undefined ? '  -' : String(Math.round(value * 100)).padStart(3));
try {
  console.log(`Lighthouse ${throttlingMethod === 'devtools' ? 'with applied (DevTools)' : 'with simulated (default)'} mobile throttling`);
  console.log('page                                   perf a11y  bp  seo    FCP ms   LCP ms   TBT ms    CLS  CPU index');
  const urls = targets.map((target) => {
    const [domain, ...rest] = target.split('/');
    return [target, `http://${domain}.localhost:${PORT}/${rest.join('/')}`];
  });
  if (withBaseline) urls.push(['baseline (one-page Next app)', `http://localhost:${BASELINE_PORT}/`]);
  for (const [target, url] of urls) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      emulatedUserAgent: MOBILE_UA,
      throttlingMethod,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits } = result.lhr;
    const ms = (id: string) => String(Math.round(audits[id]?.numericValue ?? NaN)).padStart(9);
    console.log(
      `${target.padEnd(38)} ${score(categories.performance?.score)} ${score(categories.accessibility?.score)} ${score(categories['best-practices']?.score)} ${score(categories.seo?.score)} ${ms('first-contentful-paint')}${ms('largest-contentful-paint')}${ms('total-blocking-time')}   ${(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}${String(Math.round(result.lhr.environment.benchmarkIndex)).padStart(11)}`,
    );
    console.log(`    largest paint: ${largestPaint(audits['largest-contentful-paint-element']?.details)}`);
    for (const category of Object.values(categories)) {
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && category.id !== 'performance') console.log(`    ${category.id}: ${audit.id} (${audit.title})`);
      }
    }
  }
} finally {
  chrome.kill();
  stop();
  stopBaseline?.();
  collector?.close();
  await graphql?.close();
}
