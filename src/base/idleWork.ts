/**
 * Work the visitor does not wait for, such as loading and starting the vendor SDKs: each step runs
 * alone, in order, when the browser is idle and the visitor has paused: not tapped, clicked or typed
 * for QUIET_AFTER_INPUT_MS, or for longer when their own gaps between inputs have been longer (a
 * reader tapping every 800 ms has not paused after 600 ms). A step's long task (evaluating an SDK is
 * 100–150 ms on a slow phone) then seldom stands between a tap and its response, and two vendors'
 * steps never run back to back without the browser getting a turn (docs/performance.md, "Vendor
 * SDKs in the visitor's pauses").
 *
 * A step must not wait for another step: queue the next one after it has finished.
 */
export const QUIET_AFTER_INPUT_MS = 600;
/** A pause is this many times the longest of the visitor's last RECENT_GAPS gaps between inputs… */
export const RHYTHM_FACTOR = 1.25;
/** …and never needs to be longer than this. */
export const LONGEST_QUIET_MS = 2000;
const RECENT_GAPS = 3;
/**
 * Once the first step has been queued this long, a pause is QUIET_AFTER_INPUT_MS again: a visitor
 * who keeps a steady pace still gets the SDKs (analytics buffers its calls meanwhile).
 */
export const PATIENCE_MS = 10_000;
/** Longest wait for an idle period once quiet: a page that is never idle still gets its steps. */
export const IDLE_TIMEOUT_MS = 2000;
/**
 * Longest a step holds the queue: a step that waits on the network (Segment's settings request has
 * no timeout) must not keep the next vendor from starting.
 */
export const STEP_HOLD_MS = 3000;
const DISCRETE_INPUTS = ['pointerdown', 'keydown'] as const;

let lastInputAt = Number.NEGATIVE_INFINITY;
/** The gaps between the visitor's last inputs, each at most LONGEST_QUIET_MS (a longer one was a pause). */
let recentGaps: number[] = [];
let queue: Promise<unknown> = Promise.resolve();
let firstQueuedAt: number | undefined;

// From the first load, so that the input which starts a vendor's loading counts too.
if (typeof globalThis.addEventListener === 'function') {
  const note = () => {
    const now = performance.now();
    const gap = now - lastInputAt;
    recentGaps = gap <= LONGEST_QUIET_MS ? [...recentGaps, gap].slice(-RECENT_GAPS) : [];
    lastInputAt = now;
  };
  DISCRETE_INPUTS.forEach((type) => globalThis.addEventListener(type, note, { capture: true, passive: true }));
}

const delay = (ms: number) => new Promise<void>((resolve) => globalThis.setTimeout(resolve, ms));

// Safari has no requestIdleCallback.
const idlePeriod = () =>
  typeof globalThis.requestIdleCallback === 'function'
    ? new Promise<void>((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }))
    : delay(1);

/** How long without input counts as a pause now. */
function pause(): number {
  if (performance.now() - (firstQueuedAt ?? performance.now()) >= PATIENCE_MS) return QUIET_AFTER_INPUT_MS;
  return Math.min(LONGEST_QUIET_MS, Math.max(QUIET_AFTER_INPUT_MS, RHYTHM_FACTOR * Math.max(0, ...recentGaps)));
}

async function quietMoment(): Promise<void> {
  for (;;) {
    const wait = lastInputAt + pause() - performance.now();
    if (wait > 0) await delay(wait);
    await idlePeriod();
    // An input during the wait for idleness starts the quiet time again.
    if (performance.now() - lastInputAt >= pause()) return;
  }
}

/**
 * Runs `step` in the next quiet moment, after every step queued before it has finished (or held
 * the queue for STEP_HOLD_MS); resolves to its result.
 */
export function inQuietMoment<T>(step: () => T | Promise<T>): Promise<T> {
  firstQueuedAt ??= performance.now();
  const begun = queue.then(quietMoment);
  const run = begun.then(step);
  queue = Promise.race([run.catch(() => undefined), begun.then(() => delay(STEP_HOLD_MS))]);
  return run;
}
