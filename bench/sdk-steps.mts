// Issue 44 item 4: every main-thread task of the vendor SDKs' set-up under 50 ms at 4× CPU. A first
// visit to King's Cross (en) on a 390×844 phone: the page loads and settles, the visitor taps
// "Accept all", then scrolls (the first input: analytics and monitoring begin, spec §4), and stays
// still until Amplitude, Segment, Datadog Logs and RUM all run, and 3 s after. A Chrome trace of
// that time gives every main-thread task from the scroll on; each is put to the set-up step that
// was running (the `step: …` User Timing marks of src/base/importAndStart.ts), with what it ran: the
// chunk it evaluated and its packages (from the build's source maps), or the callback that ran it.
// With --refused the same visit taps "Reject all" instead, the control: none of the vendors load.
// With --functions a CPU profile in the trace names the functions of each long task (self time,
// mapped to their sources, and the time inside the app's own files with all they called), which
// makes every task a little longer. With --replay every round's Datadog session is one RUM samples
// for session replay (spec §9: a fifth of sessions), so the recorder's start is in every round.
// With --compare DIR a second
// build (a `git worktree` of another commit after its own e2e build with the same E2E_* ports) is
// served on the next port and measured in the same rounds, alternating; a build without the step
// marks (older than this bench) puts every task under "before the first step".
// Runs against the current build (`npm run build:e2e`), with the local collector and GraphQL API.
// Usage: npm run build:e2e && npx tsx bench/sdk-steps.mts [--rounds N] [--refused] [--functions] [--replay] [--compare DIR] [--min MS]
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { correctedChildSampleRate, isSampled } from '@datadog/browser-core';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from '@playwright/test';
import type { TraceEvent } from './long-tasks.mts';
import { median } from './median.mts';
import { startServer } from './server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, slowPhonePage, startSite, tenantUrl } from './site.mts';
import { benchPort } from './port.mjs';
import { parseMonitoringEnv } from '../src/config/monitoringEnv';
import { E2E_BUILD_ENV } from '../tests/e2e/support/collectorConfig';

const PORT = benchPort(60);
const argValue = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ROUNDS = Number(argValue('--rounds') ?? 3);
const REFUSED = process.argv.includes('--refused');
const FUNCTIONS = process.argv.includes('--functions');
const COMPARE = argValue('--compare');
const REPLAY = process.argv.includes('--replay');
/** Tasks at least this long are listed one by one (all count for the maximum). */
const LIST_FROM_MS = Number(argValue('--min') ?? 20);
const CPU_SLOWDOWN = 4;
/** Issue 44's bound on each task of the set-up. */
const LIMIT_MS = 50;
/** After `load`: hydration is done and the banner answers at once. */
const SETTLE_MS = 2_500;
/** From the tap on the banner to the scroll: the banner has closed. */
const AFTER_TAP_MS = 1_000;
/** How long the SDKs may take to be running, from the scroll. */
const STARTED_WITHIN_MS = 30_000;
/** After they all run: what they do once set up (first batches, RUM's first view) belongs to the set-up too. */
const TAIL_MS = 3_000;
const PATH = 'kingscross-bagberth.co.uk/';

/**
 * Datadog's session cookie (7.x) for a new session that RUM keeps and samples for replay with the
 * e2e build's settings: RUM decides both from the session id alone (Knuth hashing, the SDK's own
 * `isSampled`), so a session with such an id records.
 */
function replaySessionCookie(url: string) {
  const config = parseMonitoringEnv(E2E_BUILD_ENV);
  const rate = correctedChildSampleRate(config.sampleRate, config.sessionReplaySampleRate);
  let id = randomUUID();
  while (!isSampled(id, rate)) id = randomUUID();
  const now = Date.now();
  return { name: '_dd_s_v2', value: `id=${id}&created=${now}&expire=${now + 15 * 60_000}`, url };
}

interface Build {
  name: string;
  dir: string;
  port: number;
}

interface Task {
  /** ms from the scroll. */
  at: number;
  duration: number;
  /** The main thread's CPU time in the task, ms: what other processes took of the CPU is not in it. */
  cpu: number;
  /** The set-up step running when the task began (its `step: …` mark), or "before the first step". */
  step: string;
  /** What the task ran: the chunk it evaluated and its packages, or its callback. */
  what: string;
  /** With --functions: the functions with the most self time in it. */
  functions?: string;
}

interface Visit {
  tasks: Task[];
  /** ms from the scroll until all four SDKs ran. */
  runningAfter: number;
  /** Whether the build's RUM compresses its intake requests, as production does; undefined when RUM did not run. */
  compressed?: boolean;
  steps: string[];
}

/** What a chunk of a build holds: its packages (or the app's folders), largest first, from its source map. */
function chunkContents(dir: string) {
  const cache = new Map<string, { label: string; map?: TraceMap }>();
  return (url: string) => {
    const file = /\/_next\/static\/(chunks\/[^?#]+\.js)/.exec(url)?.[1];
    if (!file) return { label: url.replace(/^https?:\/\/[^/]+/, '') || '(inline)' };
    const known = cache.get(file);
    if (known) return known;
    const mapPath = join(dir, '.next/source-maps/static', `${file}.map`);
    let entry: { label: string; map?: TraceMap } = { label: file };
    if (existsSync(mapPath)) {
      const raw = JSON.parse(readFileSync(mapPath, 'utf8')) as {
        sources?: string[];
        sourcesContent?: Array<string | null>;
        sections?: Array<{ map: { sources: string[]; sourcesContent?: Array<string | null> } }>;
      };
      const sources = raw.sections
        ? raw.sections.flatMap((section) =>
            section.map.sources.map((source, index) => [source, section.map.sourcesContent?.[index]] as const),
          )
        : (raw.sources ?? []).map((source, index) => [source, raw.sourcesContent?.[index]] as const);
      const bytes = new Map<string, number>();
      for (const [source, content] of sources) {
        const name = packageOf(source);
        bytes.set(name, (bytes.get(name) ?? 0) + (content?.length ?? 0));
      }
      const top = [...bytes].sort((a, b) => b[1] - a[1]);
      const label = `${file.replace('chunks/', '')} [${top
        .slice(0, 3)
        .map(([name]) => name)
        .join(', ')}${top.length > 3 ? ', …' : ''}]`;
      entry = { label, map: new TraceMap(raw as ConstructorParameters<typeof TraceMap>[0]) };
    }
    cache.set(file, entry);
    return entry;
  };
}

/** `node_modules/@scope/name/…` → `@scope/name`; the app's own files by their folder. */
function packageOf(source: string): string {
  const vendor = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (vendor) return vendor[1]!;
  const own = /(src\/[^/]+|pages)\//.exec(source);
  return own ? own[1]! : source.replace(/^.*\]\//, '');
}

/**
 * The samples of the trace's CPU profile of one thread: time (trace µs) and the leaf frame. The
 * `Profile` event is on the profiled thread; its `ProfileChunk`s come from the sampler's thread.
 */
function profileSamples(events: TraceEvent[], main: string) {
  type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
  type Data = {
    startTime?: number;
    cpuProfile?: { nodes?: Array<{ id: number; callFrame: Frame; parent?: number }>; samples?: number[] };
    timeDeltas?: number[];
  };
  const withId = events as Array<TraceEvent & { id?: string; args?: { data?: Data } }>;
  const clocks = new Map<string, number>();
  for (const event of withId)
    if (event.name === 'Profile' && `${event.pid}/${event.tid}` === main && event.args?.data?.startTime !== undefined)
      clocks.set(`${event.pid}/${event.id}`, event.args.data.startTime);
  const nodes = new Map<string, Frame>();
  const parents = new Map<string, string>();
  const samples: Array<{ ts: number; frame: Frame; stack: Frame[] }> = [];
  for (const event of withId) {
    const key = `${event.pid}/${event.id}`;
    const data = event.args?.data;
    if (event.name !== 'ProfileChunk' || !data || !clocks.has(key)) continue;
    for (const node of data.cpuProfile?.nodes ?? []) {
      nodes.set(`${key}/${node.id}`, node.callFrame);
      if (node.parent !== undefined) parents.set(`${key}/${node.id}`, `${key}/${node.parent}`);
    }
    let ts = clocks.get(key)!;
    (data.cpuProfile?.samples ?? []).forEach((id, index) => {
      ts += data.timeDeltas?.[index] ?? 0;
      const frame = nodes.get(`${key}/${id}`);
      // The frames calling it, innermost first: for the time spent inside the app's own code.
      const stack: Frame[] = [];
      for (let at = parents.get(`${key}/${id}`); at; at = parents.get(at)) {
        const caller = nodes.get(at);
        if (caller) stack.push(caller);
      }
      if (frame) samples.push({ ts, frame, stack });
    });
    clocks.set(key, ts);
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** A profile frame's original position, when its chunk has a source map: the file as `src/…` or `package/…`. */
function sourceOf(
  frame: { url: string; lineNumber: number; columnNumber: number },
  contents: ReturnType<typeof chunkContents>,
): { name: string | null; file: string; line: number | null } | undefined {
  const chunk = frame.url ? contents(frame.url) : undefined;
  if (!chunk?.map) return undefined;
  const original = originalPositionFor(chunk.map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original.source) return undefined;
  const file = original.source.replace(/^.*node_modules\//, '').replace(/^.*\]\//, '');
  return { name: original.name, file, line: original.line };
}

/** Reads a trace of the visit: every task of the page's main thread from the scroll on. */
function analyse(events: TraceEvent[], contents: ReturnType<typeof chunkContents>) {
  type Marked = TraceEvent & { args?: { data?: Record<string, unknown> } };
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}/${event.tid}`),
  );
  // The page's main thread: the one with the bench's mark on it.
  const inputMark = events.find((event) => event.name === 'bench: scroll');
  if (!inputMark) throw new Error('no "bench: scroll" mark in the trace');
  const main = [...mains].find((key) => key.startsWith(`${inputMark.pid}/`)) ?? `${inputMark.pid}/${inputMark.tid}`;
  const onMain = (events as Marked[])
    .filter((event) => `${event.pid}/${event.tid}` === main && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const marks = events
    .filter((event) => event.pid === inputMark.pid && event.name.startsWith('step: '))
    .sort((a, b) => a.ts - b.ts);
  const samples = FUNCTIONS ? profileSamples(events, main) : [];
  const end = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const tasks: Task[] = [];
  for (const task of onMain.filter((event) => event.name === 'RunTask' && end(event) > inputMark.ts)) {
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && end(event) <= end(task));
    // The step running when the task began, or the one it began.
    const step =
      [...marks].reverse().find((mark) => mark.ts <= end(task) && mark.ts >= task.ts)?.name ??
      [...marks].reverse().find((mark) => mark.ts < task.ts)?.name ??
      'before the first step';
    const evaluated = inside.filter((event) => event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule');
    const top = inside[0];
    const data = top?.args?.data ?? {};
    const what = evaluated.length
      ? `evaluate ${evaluated.map((event) => contents(String(event.args?.data?.url ?? '')).label).join(' + ')}`
      : top
        ? `${top.name}${data.type ? ` ${String(data.type)}` : ''}${data.functionName ? ` ${String(data.functionName)}` : ''}${data.url ? ` in ${contents(String(data.url)).label}` : ''}`
        : '(idle)';
    // Style and layout the task's code forced (a DOM read after a change): Blink's, in no JS frame.
    const forced = inside
      .filter((event) => event.name === 'UpdateLayoutTree' || event.name === 'Layout')
      .reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
    const entry: Task = {
      at: (task.ts - inputMark.ts) / 1000,
      duration: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? task.dur ?? 0) / 1000,
      step: step.replace(/^step: /, ''),
      what: forced >= 1 ? `${what} (style and layout ${forced.toFixed(0)} ms)` : what,
    };
    if (FUNCTIONS && entry.duration >= LIST_FROM_MS) {
      const self = new Map<string, number>();
      const own = new Map<string, number>();
      const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end(task));
      for (let i = 0; i < within.length; i += 1) {
        const { frame, ts, stack } = within[i]!;
        const weight = ((within[i + 1]?.ts ?? end(task)) - ts) / 1000;
        let name = frame.functionName || '(anonymous)';
        const source = sourceOf(frame, contents);
        if (source) name = `${source.name ?? frame.functionName ?? '(anonymous)'} ${source.file}:${source.line}`;
        else if (!frame.url) name = frame.functionName || '(program)';
        self.set(name, (self.get(name) ?? 0) + weight);
        // Inclusive: the innermost of the app's own files on the stack, with all it called (the SDKs, the browser).
        const ownFile = [frame, ...stack]
          .map((at) => sourceOf(at, contents)?.file)
          .find((file) => file?.startsWith('src/'));
        if (ownFile) own.set(ownFile, (own.get(ownFile) ?? 0) + weight);
      }
      entry.functions = [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => `${ms.toFixed(0)} ms ${name}`)
        .join('; ');
      const ownTotal = [...own.values()].reduce((sum, ms) => sum + ms, 0);
      entry.functions += `\n  ${''.padStart(21)}inside the app's own files (inclusive): ${ownTotal.toFixed(0)} ms${
        ownTotal > 0
          ? ` (${[...own]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 4)
              .map(([file, ms]) => `${ms.toFixed(0)} ms ${file}`)
              .join('; ')})`
          : ''
      }`;
    }
    tasks.push(entry);
  }
  return { tasks, steps: marks.map((mark) => mark.name.replace(/^step: /, '')) };
}

const RUNNING = () =>
  Object.keys(localStorage).some((key) => key.startsWith('AMP_')) &&
  Boolean(localStorage.getItem('ajs_anonymous_id')) &&
  Boolean((window as { DD_LOGS?: { getInitConfiguration(): unknown } }).DD_LOGS?.getInitConfiguration()) &&
  Boolean((window as { DD_RUM?: { getInitConfiguration(): unknown } }).DD_RUM?.getInitConfiguration());

async function visit(browser: Browser, build: Build, contents: ReturnType<typeof chunkContents>): Promise<Visit> {
  const url = tenantUrl(build.port, PATH);
  const page = await slowPhonePage(browser, url, { cpuSlowdown: CPU_SLOWDOWN });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    // Playwright's own script, injected at the first evaluate, is not the page's: before the trace.
    await page.evaluate(() => performance.now());
    await page.waitForFunction(() => true);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        ...(FUNCTIONS ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    await page.getByRole('button', { name: REFUSED ? 'Reject all' : 'Accept all' }).click();
    await page.waitForTimeout(AFTER_TAP_MS);
    // After the choice: before it, the page deletes what an undecided category left (src/consent/).
    if (REPLAY) await page.context().addCookies([replaySessionCookie(url)]);
    await page.evaluate(() => performance.mark('bench: scroll'));
    const scrolledAt = Date.now();
    await page.mouse.wheel(0, 600);
    let runningAfter = NaN;
    let compressed: boolean | undefined;
    if (!REFUSED) {
      await page.waitForFunction(RUNNING, undefined, { timeout: STARTED_WITHIN_MS, polling: 250 });
      runningAfter = Date.now() - scrolledAt;
      compressed = await page.evaluate(
        () =>
          (
            window as { DD_RUM?: { getInitConfiguration(): { compressIntakeRequests?: boolean } } }
          ).DD_RUM!.getInitConfiguration().compressIntakeRequests === true,
      );
      await page.waitForTimeout(TAIL_MS);
    } else await page.waitForTimeout(8_000 + TAIL_MS);
    const trace = await browser.stopTracing();
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    const { tasks, steps } = analyse(traceEvents, contents);
    return { tasks, steps, runningAfter, compressed };
  } finally {
    await page.context().close();
  }
}

const builds: Build[] = [{ name: COMPARE ? 'this build' : 'build', dir: '.', port: PORT }];
if (COMPARE) builds.push({ name: `${COMPARE}`, dir: resolve(COMPARE), port: PORT + 1 });
const contents = new Map(builds.map((build) => [build.name, chunkContents(build.dir)]));

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load average at the start: ${load()}`);
const stopSite = await startSite(PORT);
const stopCompare = COMPARE ? await startServer(PORT + 1, resolve(COMPARE)) : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const visits = new Map<string, Visit[]>(builds.map((build) => [build.name, []]));
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const build of builds) {
      const result = await visit(browser, build, contents.get(build.name)!);
      visits.get(build.name)!.push(result);
      console.log(
        `\n${build.name}, round ${round}: ${result.tasks.length} tasks from the scroll on, all SDKs running after ${(result.runningAfter / 1000).toFixed(1)} s; load average ${load()}`,
      );
      console.log(`  ${'from scroll'.padStart(11)}  ${'task'.padStart(7)}  ${'CPU'.padStart(6)}  step / what ran`);
      for (const task of result.tasks.filter((task) => task.duration >= LIST_FROM_MS)) {
        console.log(
          `  ${`${(task.at / 1000).toFixed(2)} s`.padStart(11)}  ${`${task.duration.toFixed(0)} ms`.padStart(7)}${task.duration > LIMIT_MS ? '!' : ' '} ${task.cpu.toFixed(0).padStart(5)}  ${task.step}: ${task.what}`,
        );
        if (task.functions) console.log(`  ${''.padStart(21)}${task.functions}`);
      }
    }
  }

  console.log(
    `\n${tenantUrl(PORT, PATH)}, first visit, 390×844, ${CPU_SLOWDOWN}× CPU, "${REFUSED ? 'Reject all' : 'Accept all'}" then a scroll; ${ROUNDS} rounds${COMPARE ? ', alternating builds' : ''}${REPLAY ? '; every session sampled for replay' : ''}`,
  );
  console.log(
    "Longest task of each step, ms, wall time and (after the slash) the main thread's CPU time in its most CPU-hungry task: median [each round], steps in the order they began",
  );
  for (const build of builds) {
    const runs = visits.get(build.name)!;
    const order: string[] = [];
    for (const run of runs) for (const task of run.tasks) if (!order.includes(task.step)) order.push(task.step);
    const compression = runs[0]?.compressed;
    console.log(
      `${build.name}: ${
        compression === undefined
          ? 'Datadog did not run'
          : compression
            ? "Datadog's intake requests compressed, as in production"
            : "Datadog's intake requests uncompressed, as the e2e tests read them; production compresses, and RUM then creates its compression worker in init, not in the replay recorder's first task (E2E_DATADOG_COMPRESS_INTAKE=true npm run build:e2e builds as production)"
      }`,
    );
    for (const step of order) {
      const longest = (field: 'duration' | 'cpu') =>
        runs.map((run) => Math.max(0, ...run.tasks.filter((task) => task.step === step).map((task) => task[field])));
      const [wall, cpu] = [longest('duration'), longest('cpu')];
      console.log(
        `  ${step.padEnd(34)} ${median(wall).toFixed(0).padStart(5)}${median(wall) > LIMIT_MS ? '!' : ' '} [${wall.map((ms) => ms.toFixed(0)).join(' ')}]  / ${median(cpu).toFixed(0).padStart(4)}${median(cpu) > LIMIT_MS ? '!' : ' '} [${cpu.map((ms) => ms.toFixed(0)).join(' ')}]`,
      );
    }
    const maxima = runs.map((run) => Math.max(0, ...run.tasks.map((task) => task.duration)));
    const cpuMaxima = runs.map((run) => Math.max(0, ...run.tasks.map((task) => task.cpu)));
    const over = runs.map((run) => run.tasks.filter((task) => task.duration > LIMIT_MS).length);
    const overCpu = runs.map((run) => run.tasks.filter((task) => task.cpu > LIMIT_MS).length);
    const running = runs.map((run) => run.runningAfter / 1000);
    console.log(
      `  longest task: median ${median(maxima).toFixed(0)} ms, max ${Math.max(...maxima).toFixed(0)} ms [${maxima.map((ms) => ms.toFixed(0)).join(' ')}]; CPU time: median ${median(cpuMaxima).toFixed(0)} ms, max ${Math.max(...cpuMaxima).toFixed(0)} ms; tasks over ${LIMIT_MS} ms per round: ${over.join(' ')} (over ${LIMIT_MS} ms of CPU: ${overCpu.join(' ')})${REFUSED ? '' : `; all SDKs running after ${median(running).toFixed(1)} s [${running.map((s) => s.toFixed(1)).join(' ')}]`}`,
    );
  }
  console.log(`load average at the end: ${load()}`);
} finally {
  await browser.close();
  stopCompare?.();
  await stopSite();
}
