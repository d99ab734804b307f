// The main thread's long tasks while a landing page loads and hydrates, from a Chrome trace at 4×
// CPU slowdown (issue 23 item 1): a known consent state applied at mount must not force the whole
// page to hydrate in one task. Each visitor is loaded in alternation, rounds times; medians.
// Runs against the current build (`npm run build:e2e`), with the local collector and GraphQL API.
// Usage: npx tsx bench/hydration-tasks.mts [--rounds N]
import { chromium, type Browser } from '@playwright/test';
import { serializeConsent, ALL_GRANTED } from '../src/consent/record.ts';
import type { TraceEvent } from './long-tasks.mts';
import { median } from './median.mts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FOUR_VISITORS, slowPhonePage, startSite, tenantUrl } from './site.mts';
import { benchPort } from './port.mjs';

const PORT = benchPort(10);
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
const CPU_SLOWDOWN = 4;
/** After `load`, long enough for hydration and the effects after it, short of analytics' 4 s start. */
const SETTLE_MS = 2_500;

interface Visitor {
  name: string;
  url: string;
  /** A consent record, for a visitor who has answered the banner. */
  recorded: boolean;
}

const VISITORS: Visitor[] = FOUR_VISITORS.map(({ name, target, returning }) => ({
  name,
  url: tenantUrl(PORT, target),
  recorded: returning,
}));

interface Tasks {
  /** The longest main-thread task, ms. */
  longest: number;
  /** Blocking time (each task's part over 50 ms), ms, over the whole load. */
  blocking: number;
  /** The same after the last script was evaluated: hydration and the effects after it. */
  blockingAfterScripts: number;
  /** The longest callback of the page's own inline code (the script starter's), ms. */
  starter: number;
}

/**
 * The page's main-thread tasks. The navigation may move to a new renderer process, so every
 * CrRendererMain thread counts; the page's is the one that evaluates scripts.
 */
function mainThreadTasks(events: TraceEvent[], pageUrl: string): Tasks {
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}/${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}/${event.tid}`));
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const scriptsEnd = Math.max(
    0,
    ...onMain.filter((event) => event.name === 'EvaluateScript').map((event) => event.ts + (event.dur ?? 0)),
  );
  const inlineCallbacks = onMain.filter((event) => event.name === 'FunctionCall' && event.args?.data?.url === pageUrl);
  const over50 = (list: TraceEvent[]) => list.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - 50), 0);
  return {
    longest: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
    blocking: over50(tasks),
    blockingAfterScripts: over50(tasks.filter((task) => task.ts >= scriptsEnd)),
    starter: Math.max(0, ...inlineCallbacks.map((call) => (call.dur ?? 0) / 1000)),
  };
}

async function measure(browser: Browser, visitor: Visitor): Promise<Tasks> {
  const page = await slowPhonePage(browser, visitor.url, {
    cpuSlowdown: CPU_SLOWDOWN,
    consent: visitor.recorded ? serializeConsent(ALL_GRANTED, new Date()) : undefined,
  });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(visitor.url, { waitUntil: 'load' });
  const pageUrl = page.url();
  await page.waitForTimeout(SETTLE_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await page.context().close();
  return mainThreadTasks(trace.traceEvents, pageUrl);
}

const stop = await startSite(PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const results = new Map<string, Tasks[]>(VISITORS.map((visitor) => [visitor.name, []]));
  // Alternating, so a slow moment of the machine falls on every visitor alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const visitor of VISITORS) results.get(visitor.name)!.push(await measure(browser, visitor));
  }
  console.log(
    `Main-thread tasks while loading, ${CPU_SLOWDOWN}× CPU slowdown, medians of ${ROUNDS} alternating rounds (ms)`,
  );
  console.log('visitor                          longest task   blocking   blocking after scripts   script starter');
  const cell = (runs: Tasks[], key: keyof Tasks, width: number) =>
    String(Math.round(median(runs.map((run) => run[key])))).padStart(width);
  for (const [name, runs] of results)
    console.log(
      `${name.padEnd(33)}${cell(runs, 'longest', 12)}${cell(runs, 'blocking', 11)}${cell(runs, 'blockingAfterScripts', 25)}${cell(runs, 'starter', 17)}`,
    );
} finally {
  await browser.close();
  await stop();
}
