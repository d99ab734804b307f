// The visitor's taps in the 3 s after the first input, when analytics and monitoring load (issue 23
// item 2), at 4× CPU slowdown: the worst interaction (Event Timing, as INP counts it), the long
// tasks and the script fetched in that window, with the SDKs and without them, and how long after
// the first input both SDKs were running. "Without" is the same build and page for a visitor who
// refused both (what a build without keys loads: nothing). Three rhythms of taps: steady (every
// 150 ms), a reader's (every 800 ms) and an irregular one (gaps of 0.3–1.4 s, the same sequence in
// every run), whose longer gaps are pauses in which the SDKs load. Each pair runs in alternation,
// rounds times; medians and the ratio with/without.
// Runs against the current build (`npm run build:e2e`), with the local collector and GraphQL API.
// Usage: npx tsx bench/first-input.mts [--rounds N]
import { chromium, type Browser } from '@playwright/test';
import { ALL_GRANTED, serializeConsent } from '../src/consent/record.ts';
import { median } from './median.mts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, slowPhonePage, startSite, tenantUrl } from './site.mts';
import { benchPort } from './port.mjs';

const PORT = benchPort(20);
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 5;
const CPU_SLOWDOWN = 4;
/** After `load`: hydration is done, and analytics' 4 s start has not come, so the scroll starts both. */
const SETTLE_MS = 2_000;
const WINDOW_MS = 3_000;
const RHYTHMS = [
  { name: 'steady', gapsMs: [150] },
  { name: 'reader', gapsMs: [800] },
  { name: 'irregular', gapsMs: [300, 1100, 500, 1400, 700, 900, 400, 1300] },
];
/** How long to wait, after the window, for both SDKs to be running. */
const STARTED_WITHIN_MS = 15_000;
/** The shortest duration Event Timing reports: a faster interaction counts as this for the ratio. */
const EVENT_TIMING_FLOOR_MS = 16;
/** Issue 23's bound on the worst interaction with the SDKs, as a multiple of the one without. */
const LIMIT = 1.5;
const REFUSED = serializeConsent({ analytics: false, monitoring: false }, new Date());

interface Visitor {
  name: string;
  url: string;
  /** The consent cookie with the SDKs on; none for a host that does not ask first. */
  consent?: string;
}
const VISITORS: Visitor[] = [
  {
    name: 'opt-in, returning visit (en)',
    url: tenantUrl(PORT, 'kingscross-bagberth.co.uk/'),
    consent: serializeConsent(ALL_GRANTED, new Date()),
  },
  { name: 'opt-out host (ja)', url: tenantUrl(PORT, 'kyotostation-bagberth.jp/ja') },
];

interface Figures {
  /** Worst interaction, ms (the longest Event Timing entry of any interaction in the window). */
  worst: number;
  /** Interactions of 16 ms or more (Event Timing reports no shorter ones). */
  interactions: number;
  longTasks: number;
  longestTask: number;
  /** Each long task's part over 50 ms, summed. */
  blocking: number;
  /** Script bytes fetched in the window (transfer size, kB). */
  scriptKb: number;
  /** Seconds from the first input until Amplitude and Datadog RUM had both started (NaN: not within STARTED_WITHIN_MS). */
  startedS: number;
}

/** Collects Event Timing and long-task entries from the page's start, before any of its code runs. */
const OBSERVE = () => {
  const store = {
    events: [] as Array<{ start: number; duration: number; id: number }>,
    tasks: [] as Array<{ start: number; duration: number }>,
  };
  (window as unknown as { __firstInput: typeof store }).__firstInput = store;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>) {
      if (entry.interactionId)
        store.events.push({ start: entry.startTime, duration: entry.duration, id: entry.interactionId });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) store.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function measure(browser: Browser, visitor: Visitor, gapsMs: number[], withSdks: boolean): Promise<Figures> {
  const page = await slowPhonePage(browser, visitor.url, {
    cpuSlowdown: CPU_SLOWDOWN,
    consent: withSdks ? visitor.consent : REFUSED,
    initScript: OBSERVE,
  });
  await page.goto(visitor.url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);

  // The first input: a scroll starts analytics and monitoring alike (src/analytics/useMicrositesAnalytics.ts, src/monitoring/startTrigger.ts).
  const start = await page.evaluate(() => performance.now());
  await page.mouse.wheel(0, 600);
  // Then a tap on plain text after each gap of the rhythm in turn, until the window ends.
  const target = await page.evaluate(() => {
    const text = [...document.querySelectorAll('main p')].find((p) => {
      const box = p.getBoundingClientRect();
      return box.top > 80 && box.bottom < window.innerHeight - 80 && !p.closest('a, button, label');
    });
    const box = (text ?? document.body).getBoundingClientRect();
    return { x: box.left + 4, y: box.top + box.height / 2 };
  });
  for (let tap = 0; (await page.evaluate(() => performance.now())) - start < WINDOW_MS; tap += 1) {
    await page.mouse.click(target.x, target.y);
    await page.waitForTimeout(gapsMs[tap % gapsMs.length]!);
  }
  // Event Timing reports an interaction after the frame it painted in.
  await page.waitForTimeout(500);
  const result = await page.evaluate(
    ({ from, to }) => {
      const store = (
        window as unknown as {
          __firstInput: {
            events: Array<{ start: number; duration: number }>;
            tasks: Array<{ start: number; duration: number }>;
          };
        }
      ).__firstInput;
      const events = store.events.filter((event) => event.start >= from && event.start < to);
      const tasks = store.tasks.filter((task) => task.start >= from && task.start < to);
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.initiatorType === 'script' && entry.startTime >= from && entry.startTime < to,
      );
      return {
        worst: Math.max(0, ...events.map((event) => event.duration)),
        interactions: new Set(
          store.events
            .filter((event) => event.start >= from && event.start < to)
            .map((event) => (event as unknown as { id: number }).id),
        ).size,
        longTasks: tasks.length,
        longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
        blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
        scriptKb: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1000,
      };
    },
    { from: start, to: start + WINDOW_MS },
  );
  // Amplitude writes its AMP_ keys when it starts; RUM knows its configuration once started.
  const startedAt = withSdks
    ? await page
        .waitForFunction(
          () =>
            Object.keys(localStorage).some((key) => key.startsWith('AMP_')) &&
            Boolean((window as { DD_RUM?: { getInitConfiguration(): unknown } }).DD_RUM?.getInitConfiguration()),
          undefined,
          { timeout: STARTED_WITHIN_MS, polling: 50 },
        )
        .then(() => page.evaluate(() => performance.now()))
        .catch(() => NaN)
    : NaN;
  await page.context().close();
  return { ...result, startedS: (startedAt - start) / 1000 };
}

const stop = await startSite(PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const runs = new Map<string, Figures[]>();
  const record = (key: string, run: Figures) => runs.set(key, [...(runs.get(key) ?? []), run]);
  // Alternating with and without, so a slow moment of the machine falls on both alike.
  const cases = RHYTHMS.flatMap((rhythm) =>
    VISITORS.map((visitor) => ({ rhythm, visitor, name: `${visitor.name}, ${rhythm.name}` })),
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const { rhythm, visitor, name } of cases) {
      record(`${name}|with`, await measure(browser, visitor, rhythm.gapsMs, true));
      record(`${name}|without`, await measure(browser, visitor, rhythm.gapsMs, false));
    }
    console.error(`round ${round} of ${ROUNDS} done`);
  }
  const mid = (key: string, field: keyof Figures) => median(runs.get(key)!.map((run) => run[field]));
  console.log(
    `The ${WINDOW_MS / 1000} s after the first input (a scroll, then a tap on text after gaps of ${RHYTHMS.map((rhythm) => `${rhythm.gapsMs.join('/')} ms (${rhythm.name})`).join(' or ')}), ${CPU_SLOWDOWN}× CPU slowdown, medians of ${ROUNDS} alternating rounds`,
  );
  console.log(
    'visitor, taps                          SDKs     worst interaction ms  slow taps  long tasks  longest task ms  blocking ms  script kB  SDKs up after s',
  );
  const verdicts: string[] = [];
  for (const { name } of cases) {
    for (const variant of ['with', 'without']) {
      const key = `${name}|${variant}`;
      console.log(
        `${name.padEnd(39)}${variant.padEnd(9)}${String(Math.round(mid(key, 'worst'))).padStart(20)}${String(mid(key, 'interactions')).padStart(11)}${String(mid(key, 'longTasks')).padStart(12)}${String(Math.round(mid(key, 'longestTask'))).padStart(17)}${String(Math.round(mid(key, 'blocking'))).padStart(13)}${mid(key, 'scriptKb').toFixed(1).padStart(11)}${(variant === 'with' ? mid(key, 'startedS').toFixed(1) : '').padStart(17)}`,
      );
    }
    // Event Timing reports no interaction under 16 ms (worst 0): one that paints in the next frame.
    const ratio =
      Math.max(EVENT_TIMING_FLOOR_MS, mid(`${name}|with`, 'worst')) /
      Math.max(EVENT_TIMING_FLOOR_MS, mid(`${name}|without`, 'worst'));
    console.log(
      `    worst interaction per round, with: ${runs
        .get(`${name}|with`)!
        .map((run) => Math.round(run.worst))
        .join(', ')}; without: ${runs
        .get(`${name}|without`)!
        .map((run) => Math.round(run.worst))
        .join(', ')}`,
    );
    verdicts.push(
      `${name}: worst interaction ${ratio.toFixed(2)}× without the SDKs (${ratio <= LIMIT ? 'within' : 'OVER'} ${LIMIT}×)`,
    );
  }
  console.log(`\n${verdicts.join('\n')}`);
} finally {
  await browser.close();
  await stop();
}
