// Issue 42: how much of a landing page's main-thread JavaScript is the stack's and how much the
// site's own. A CPU profile (CDP, 4× CPU, a 390×844 phone) of each of Lighthouse's four visitors
// from navigation until 2.5 s after `load`, and of its counterpart on the same-stack baseline
// (bench/same-stack.mjs, built here with source maps), in alternation; each sample's self time is
// put to the package or `src/` folder its source map names. Medians of the rounds, ms.
// Runs against the current build (`npm run build:e2e`), with the local collector and GraphQL API.
// With --compare DIR another build (a `git worktree` of another commit after its own e2e build) is
// profiled in the same rounds, its column between this build's and the baseline's.
// Usage: npx tsx bench/cpu-by-package.mts [--rounds N] [--compare DIR]
import { chromium, type Browser } from '@playwright/test';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALL_GRANTED, serializeConsent } from '../src/consent/record.ts';
import { startSameStack } from './baseline.mjs';
import { median } from './median.mts';
import { benchPort } from './port.mjs';
import { startServer } from './server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FOUR_VISITORS, slowPhonePage, startSite, tenantUrl } from './site.mts';

const PORT = benchPort(70);
const SAME_STACK_PORT = PORT + 1;
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
const compareArg = process.argv.indexOf('--compare');
const COMPARE = compareArg > 0 ? resolve(process.argv[compareArg + 1]!) : undefined;
const COMPARE_PORT = PORT + 2;
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2_500;

const VISITORS = FOUR_VISITORS;

/** The rows of the table, in order: what each sample's source is put to. */
const STACK = ['Turbopack runtime', 'React', 'Next', 'styled-components'] as const;
const SITE = ["the site's modules (src/, pages/)", "the page's inline scripts"] as const;
const ROWS = [...STACK, 'other packages', ...SITE, 'DOM calls (appendChild, …)', 'garbage collection'] as const;
type Row = (typeof ROWS)[number];

/** The source map of a served chunk: the site hides its maps in .next/source-maps, the baseline names them in the chunk. */
function sourceMaps(dir: string) {
  const maps = new Map<string, TraceMap | undefined>();
  return (url: string): TraceMap | undefined => {
    const file = /\/_next\/static\/(chunks\/[^?#]+\.js)/.exec(url)?.[1];
    if (!file) return undefined;
    if (!maps.has(file)) {
      const hidden = join(dir, '.next/source-maps/static', `${file}.map`);
      const chunk = join(dir, '.next/static', file);
      const named = existsSync(chunk) ? /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(chunk, 'utf8'))?.[1] : undefined;
      const path = existsSync(hidden) ? hidden : named ? join(dir, '.next/static/chunks', named) : undefined;
      maps.set(file, path && existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : undefined);
    }
    return maps.get(file);
  };
}

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

function rowOf(frame: Frame, mapOf: ReturnType<typeof sourceMaps>): Row | undefined {
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (!frame.url) return 'DOM calls (appendChild, …)';
  if (!frame.url.includes('/_next/static/')) return "the page's inline scripts";
  // Next's manifests (_buildManifest.js and the like) sit beside the chunks, without a map.
  if (!frame.url.includes('/_next/static/chunks/')) return 'Next';
  const map = mapOf(frame.url);
  const source = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return /\/turbopack-[^/]*\.js/.test(frame.url) ? 'Turbopack runtime' : 'other packages';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg === 'react' || pkg === 'react-dom' || pkg === 'scheduler') return 'React';
  if (pkg === 'next' || pkg === '@swc/helpers') return 'Next';
  if (pkg === 'styled-components' || pkg === 'stylis' || pkg?.startsWith('@emotion/')) return 'styled-components';
  if (pkg) return 'other packages';
  if (/(^|\/)(src|pages)\//.test(source)) return "the site's modules (src/, pages/)";
  // Turbopack's runtime is mapped to its own sources (browser/runtime/…, shared/runtime/…).
  return /runtime/.test(source) ? 'Turbopack runtime' : 'other packages';
}

/** Self time per row, ms, of the main thread's samples from navigation until SETTLE_MS after `load`. */
async function profile(browser: Browser, url: string, returning: boolean, mapOf: ReturnType<typeof sourceMaps>) {
  const page = await slowPhonePage(browser, url, {
    cpuSlowdown: CPU_SLOWDOWN,
    consent: returning ? serializeConsent(ALL_GRANTED, new Date()) : undefined,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const { profile: cpu } = await cdp.send('Profiler.stop');
  await page.context().close();
  const frames = new Map(cpu.nodes.map((node) => [node.id, node.callFrame as Frame]));
  const self = new Map<Row, number>(ROWS.map((row) => [row, 0]));
  (cpu.samples ?? []).forEach((id, index) => {
    const frame = frames.get(id);
    // A sample's time is the gap to the next one.
    const ms = (cpu.timeDeltas?.[index + 1] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const row = rowOf(frame, mapOf);
    if (row) self.set(row, self.get(row)! + ms);
  });
  return self;
}

const stopSite = await startSite(PORT);
const sameStack = await startSameStack(SAME_STACK_PORT, PORT, { sourceMaps: true }).catch(async (error: unknown) => {
  await stopSite();
  throw error;
});
const stopCompare = COMPARE ? await startServer(COMPARE_PORT, COMPARE) : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const siteMaps = sourceMaps('.');
const compareMaps = COMPARE ? sourceMaps(COMPARE) : undefined;
const sameMaps = sourceMaps(sameStack.dir);
const results = new Map<string, Array<Map<Row, number>>>();
const note = (key: string, self: Map<Row, number>) => results.set(key, [...(results.get(key) ?? []), self]);
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const visitor of VISITORS) {
      const samePath = sameStack.path(visitor.target);
      note(
        `same:${visitor.name}`,
        await profile(browser, `http://localhost:${SAME_STACK_PORT}${samePath}`, visitor.returning, sameMaps),
      );
      note(
        `site:${visitor.name}`,
        await profile(browser, tenantUrl(PORT, visitor.target), visitor.returning, siteMaps),
      );
      if (compareMaps)
        note(
          `compare:${visitor.name}`,
          await profile(browser, tenantUrl(COMPARE_PORT, visitor.target), visitor.returning, compareMaps),
        );
    }
    console.log(`round ${round} of ${ROUNDS} done`);
  }
} finally {
  await browser.close();
  sameStack.stop();
  stopCompare?.();
  await stopSite();
}

const cell = (key: string, rows: readonly Row[]) =>
  median((results.get(key) ?? []).map((self) => rows.reduce((sum, row) => sum + (self.get(row) ?? 0), 0)));
console.log(
  `\nMain-thread JavaScript self time at ${CPU_SLOWDOWN}× CPU, from navigation until ${SETTLE_MS / 1000} s after load, ` +
    `by source (source maps), medians of ${ROUNDS} alternating rounds, ms: ${COMPARE ? `this build / ${COMPARE} / ` : 'site / '}same-stack baseline.`,
);
console.log(`${'source'.padEnd(38)}${VISITORS.map((visitor) => visitor.name.padEnd(32)).join('')}`);
const line = (label: string, rows: readonly Row[]) =>
  console.log(
    label.padEnd(38) +
      VISITORS.map((visitor) =>
        (COMPARE ? ['site', 'compare', 'same'] : ['site', 'same'])
          .map((build) => cell(`${build}:${visitor.name}`, rows).toFixed(0))
          .join(' / ')
          .padEnd(32),
      ).join(''),
  );
for (const row of ROWS) line(row, [row]);
line('all', ROWS);
line("the stack's (runtime, React, Next, s-c)", STACK);
line("the site's own (modules, inline scripts)", SITE);
process.exit(0);
