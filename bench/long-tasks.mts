// The main thread's long tasks while a page loads, from a Chrome trace with the CPU slowed down,
// for `bench/lighthouse.mts --same-stack` (issues 42 and 44): the long tasks by kind, and issue
// 44's measure, the CPU-time blocking after the first script: each task's thread CPU time over
// 50 ms, summed over the tasks from the one that runs the app's first script on. Thread time leaves
// out what another process took of the CPU (this machine is shared); Chrome's CPU throttling is in
// it (thread CPU over wall time in the long tasks is 0.56–0.72 at 4× on a loaded machine, not ¼).
import type { Browser } from 'puppeteer-core';

export interface LongTasks {
  /** Tasks over 50 ms (wall time). */
  count: number;
  /** The longest task, ms. */
  longest: number;
  /** Long-task time compiling and evaluating scripts (the first-load chunks), ms. */
  evaluation: number;
  /** Long-task time in other script: callbacks, timers, events, microtasks (hydration, effects), ms. */
  script: number;
  /** Long-task time in style, layout and paint outside script, ms. */
  layout: number;
  /** The rest of the long tasks' time (parsing HTML, GC outside script, …), ms. */
  other: number;
  /** Blocking time from wall time: each task's part over 50 ms, ms. */
  blocking: number;
  /** Issue 44: each task's thread CPU time over 50 ms, summed from the task of the app's first script on, ms. */
  cpuBlockingAfterFirstScript: number;
  /** Thread CPU time over wall time in the long tasks (near 1 on an idle machine). */
  cpuShare: number;
}

/** A Chrome trace event, as the trace benches read them (bench/hydration-tasks.mts too). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

const EVALUATION = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'CompileScript']);
const SCRIPT = new Set([
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'RunMicrotasks',
  'V8.Execute',
  'v8.run',
]);
const LAYOUT = new Set([
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'ParseAuthorStyleSheet',
]);

/** Analyses a trace: the page's main-thread tasks (every CrRendererMain, as the navigation may change process). */
function longTasks(events: TraceEvent[]): LongTasks {
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}/${event.tid}`),
  );
  const onMain = events
    .filter((event) => event.ph === 'X' && mains.has(`${event.pid}/${event.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const firstScript = onMain.find(
    (event) => event.name === 'EvaluateScript' && event.args?.data?.url?.includes('/_next/static/'),
  );
  const end = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const long = tasks.filter((task) => (task.dur ?? 0) > 50_000);
  const result: LongTasks = {
    count: long.length,
    longest: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
    evaluation: 0,
    script: 0,
    layout: 0,
    other: 0,
    blocking: long.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - 50, 0),
    cpuBlockingAfterFirstScript: 0,
    cpuShare: 0,
  };
  for (const task of long) {
    // The outermost event of each kind inside the task; what is nested in a counted event is its.
    let coveredUntil = 0;
    const within = onMain.filter(
      (event) =>
        event !== task &&
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        end(event) <= end(task),
    );
    let counted = 0;
    for (const event of within) {
      if (event.ts < coveredUntil) continue;
      const kind = EVALUATION.has(event.name)
        ? 'evaluation'
        : SCRIPT.has(event.name)
          ? 'script'
          : LAYOUT.has(event.name)
            ? 'layout'
            : undefined;
      if (!kind) continue;
      result[kind] += (event.dur ?? 0) / 1000;
      counted += (event.dur ?? 0) / 1000;
      coveredUntil = end(event);
    }
    result.other += (task.dur ?? 0) / 1000 - counted;
  }
  const wall = long.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const thread = long.reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0);
  result.cpuShare = wall ? thread / wall : NaN;
  if (firstScript) {
    result.cpuBlockingAfterFirstScript = tasks
      .filter((task) => end(task) > firstScript.ts)
      .reduce((sum, task) => sum + Math.max(0, (task.tdur ?? task.dur ?? 0) / 1000 - 50), 0);
  }
  return result;
}

/**
 * Loads `url` in a new browser context of a phone's size at `cpuSlowdown`, traces it until
 * `settleMs` after `load`, and returns its long tasks. `cookie` is set on the page's origin first.
 */
export async function traceLongTasks(
  browser: Browser,
  url: string,
  {
    cpuSlowdown,
    cookie,
    userAgent,
    settleMs = 2_500,
  }: { cpuSlowdown: number; cookie?: { name: string; value: string }; userAgent: string; settleMs?: number },
): Promise<LongTasks> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setUserAgent({ userAgent });
    await page.setViewport({ width: 390, height: 844 });
    if (cookie) await context.setCookie({ ...cookie, domain: new URL(url).hostname, path: '/' });
    await page.emulateCPUThrottling(cpuSlowdown);
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const trace = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(trace ?? []).toString('utf8')) as { traceEvents: TraceEvent[] };
    return longTasks(traceEvents);
  } finally {
    await context.close();
  }
}
