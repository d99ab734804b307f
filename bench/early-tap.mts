// A tap as soon as the app has started, before the page has hydrated (issue 44 item 1): the
// language switcher and the banner's "Accept all" on a first visit, at 4× CPU slowdown. The
// interaction's duration is Event Timing's, as INP counts it (the longest entry of the tap's
// interaction). The same tap once the page is idle is the reference. Each case runs in
// alternation, rounds times; medians.
// Runs against the current build (`npm run build:e2e`), with the local collector and GraphQL API.
// Usage: npm run build:e2e && npm run bench:early-tap [-- --rounds N]
import { chromium, type Browser, type Page } from '@playwright/test';
import { appStarted } from '../tests/e2e/support/visitorWatch.ts';
import { median } from './median.mts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, slowPhonePage, startSite, tenantUrl } from './site.mts';
import { benchPort } from './port.mjs';

const PORT = benchPort(50);
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 5;
const CPU_SLOWDOWN = 4;
/** After `load`, long enough for hydration at 4× and short of analytics' 4 s start. */
const IDLE_AFTER_LOAD_MS = 3_000;
/** Issue 44's bound on an early tap's interaction at 4× CPU. */
const LIMIT_MS = 200;
const URL = tenantUrl(PORT, 'kingscross-bagberth.co.uk/');

const TARGETS: Array<{ name: string; tap: (page: Page) => Promise<void> }> = [
  { name: 'language switcher', tap: (page) => page.locator('header summary').click() },
  { name: '"Accept all"', tap: (page) => page.getByRole('button', { name: 'Accept all' }).click() },
];

/** Every interaction's Event Timing entries, kept from the page's start. */
function watchInteractions() {
  const durations: number[] = [];
  (window as unknown as { interactionDurations: number[] }).interactionDurations = durations;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId > 0) durations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** The tap's interaction in ms (16, Event Timing's floor, when it reports none), early or once idle. */
async function tapDuration(browser: Browser, tap: (page: Page) => Promise<void>, early: boolean): Promise<number> {
  const page = await slowPhonePage(browser, URL, { cpuSlowdown: CPU_SLOWDOWN, initScript: watchInteractions });
  try {
    if (early) {
      await page.goto(URL, { waitUntil: 'commit' });
      await appStarted(page);
    } else {
      await page.goto(URL, { waitUntil: 'load' });
      await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    }
    await tap(page);
    // Event Timing reports an interaction once its next frame is painted.
    await page
      .waitForFunction(
        () => (window as unknown as { interactionDurations: number[] }).interactionDurations.length > 0,
        {
          timeout: 5_000,
        },
      )
      .catch(() => undefined);
    const durations = await page.evaluate(
      () => (window as unknown as { interactionDurations: number[] }).interactionDurations,
    );
    return Math.max(16, ...durations);
  } finally {
    await page.context().close();
  }
}

const stop = await startSite(PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const results = new Map<string, number[]>();
  const cases = TARGETS.flatMap((target) => [
    { key: `${target.name}|early`, tap: target.tap, early: true },
    { key: `${target.name}|idle`, tap: target.tap, early: false },
  ]);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const { key, tap, early } of cases)
      results.set(key, [...(results.get(key) ?? []), await tapDuration(browser, tap, early)]);
  console.log(
    `\n${URL}, first visit, 390×844, ${CPU_SLOWDOWN}× CPU, ${ROUNDS} alternating rounds; interaction (Event Timing, ms): median [each round]`,
  );
  console.log(`${'tap on'.padEnd(20)}  ${'as the app starts'.padStart(30)}  ${'once idle'.padStart(30)}`);
  let worst = 0;
  for (const { name } of TARGETS) {
    const [early, idle] = [results.get(`${name}|early`)!, results.get(`${name}|idle`)!];
    worst = Math.max(worst, median(early));
    const cell = (values: number[]) => `${median(values).toFixed(0)} [${values.map((v) => v.toFixed(0)).join(' ')}]`;
    console.log(`${name.padEnd(20)}  ${cell(early).padStart(30)}  ${cell(idle).padStart(30)}`);
  }
  console.log(`worst early tap: ${worst.toFixed(0)} ms (goal ≤ ${LIMIT_MS} ms)`);
} finally {
  await browser.close();
  await stop();
}
