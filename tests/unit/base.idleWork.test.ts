// @vitest-environment jsdom
// Issue 23 item 2 (docs/performance.md, "Vendor SDKs in the visitor's pauses"): the vendors' steps
// run one at a time, in order, each when the browser is idle and the visitor has paused: not tapped
// or typed for QUIET_AFTER_INPUT_MS, or longer than their own recent gaps between inputs. Spec §4's triggers (first input or 4 s, first scroll) only
// queue the work; they are tested with the hooks and e2e.

let idleCallbacks: Array<() => void>;

/** A fresh module (its queue and last input live in module state), fake time, and an idle period fired by hand. */
async function load({ withIdleCallback = true } = {}) {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  idleCallbacks = [];
  if (withIdleCallback) vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  else vi.stubGlobal('requestIdleCallback', undefined);
  return import('@/base/idleWork');
}

/** The browser reports an idle period: every waiting idle callback runs. */
async function idle() {
  await vi.advanceTimersByTimeAsync(0);
  const waiting = idleCallbacks.splice(0);
  waiting.forEach((callback) => callback());
  await vi.advanceTimersByTimeAsync(0);
}

const tap = () => window.dispatchEvent(new Event('pointerdown'));

/** `step` has not run 1 ms before `ms` from now, and has run once at `ms`, idle periods offered at both. */
async function expectRunAt(step: ReturnType<typeof vi.fn>, ms: number) {
  await vi.advanceTimersByTimeAsync(ms - 1);
  await idle();
  expect(step).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await idle();
  expect(step).toHaveBeenCalledOnce();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('inQuietMoment', () => {
  it('runs a step only once the browser is idle', async () => {
    const { inQuietMoment } = await load();
    const step = vi.fn(() => 'done');
    const result = inQuietMoment(step);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(step).not.toHaveBeenCalled();
    await idle();
    await expect(result).resolves.toBe('done');
  });

  it('waits until the visitor has not tapped or typed for the quiet time, counting from the last input', async () => {
    const { inQuietMoment, QUIET_AFTER_INPUT_MS } = await load();
    tap();
    const step = vi.fn();
    void inQuietMoment(step);
    // Two inputs 400 ms apart: a rhythm that needs no pause longer than the quiet time.
    await vi.advanceTimersByTimeAsync(400);
    // It sleeps through the quiet time rather than asking the browser for idle periods.
    expect(idleCallbacks).toHaveLength(0);
    await idle();
    expect(step).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await expectRunAt(step, QUIET_AFTER_INPUT_MS);
  });

  it('starts the quiet time again when the visitor taps while it waits for the browser to be idle', async () => {
    const { inQuietMoment, QUIET_AFTER_INPUT_MS } = await load();
    const step = vi.fn();
    void inQuietMoment(step);
    tap();
    await idle();
    expect(step).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_INPUT_MS);
    await idle();
    expect(step).toHaveBeenCalledOnce();
  });

  it("waits for a pause longer than the visitor's own gaps between inputs, up to LONGEST_QUIET_MS", async () => {
    const { inQuietMoment, QUIET_AFTER_INPUT_MS, RHYTHM_FACTOR } = await load();
    const step = vi.fn();
    void inQuietMoment(step);
    // A reader tapping every 800 ms: 600 ms after a tap is not yet a pause for them.
    for (const gap of [0, 800, 800]) {
      await vi.advanceTimersByTimeAsync(gap);
      tap();
    }
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_INPUT_MS);
    await idle();
    expect(step).not.toHaveBeenCalled();
    await expectRunAt(step, RHYTHM_FACTOR * 800 - QUIET_AFTER_INPUT_MS);
  });

  it('caps the pause at LONGEST_QUIET_MS, and forgets the rhythm after a longer gap', async () => {
    const { inQuietMoment, LONGEST_QUIET_MS, QUIET_AFTER_INPUT_MS } = await load();
    const first = vi.fn();
    void inQuietMoment(first);
    tap();
    await vi.advanceTimersByTimeAsync(1900);
    tap();
    await expectRunAt(first, LONGEST_QUIET_MS);
    // The gap since that tap is longer than any rhythm: the next tap starts over.
    await vi.advanceTimersByTimeAsync(LONGEST_QUIET_MS);
    tap();
    const second = vi.fn();
    void inQuietMoment(second);
    await expectRunAt(second, QUIET_AFTER_INPUT_MS);
  });

  it('settles for QUIET_AFTER_INPUT_MS once the first step has been queued PATIENCE_MS, for a visitor who never pauses longer', async () => {
    const { inQuietMoment, PATIENCE_MS, QUIET_AFTER_INPUT_MS } = await load();
    tap();
    await vi.advanceTimersByTimeAsync(800);
    const step = vi.fn();
    void inQuietMoment(step);
    const started = performance.now();
    // Taps every 800 ms until PATIENCE_MS, each followed by idle periods.
    while (performance.now() + 700 - started < PATIENCE_MS) {
      tap();
      await vi.advanceTimersByTimeAsync(700);
      await idle();
      expect(step).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(100);
    }
    tap();
    await expectRunAt(step, QUIET_AFTER_INPUT_MS);
  });

  it('runs the steps one at a time, in the order queued, each in an idle period of its own', async () => {
    const { inQuietMoment } = await load();
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = inQuietMoment(() => {
      order.push('first started');
      return new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const second = inQuietMoment(() => void order.push('second'));
    await idle();
    await idle();
    expect(order).toEqual(['first started']);
    finishFirst();
    await first;
    expect(order).toEqual(['first started']);
    await idle();
    await second;
    expect(order).toEqual(['first started', 'second']);
  });

  it('goes on with the next step when one fails, and hands the failure to its caller', async () => {
    const { inQuietMoment } = await load();
    const failing = inQuietMoment(() => {
      throw new Error('chunk failed');
    });
    const next = inQuietMoment(() => 'next');
    const failed = expect(failing).rejects.toThrow('chunk failed');
    await idle();
    await failed;
    await idle();
    await expect(next).resolves.toBe('next');
  });

  it('lets the next step go after a step has held the queue for STEP_HOLD_MS, as one waiting on the network', async () => {
    const { inQuietMoment, STEP_HOLD_MS } = await load();
    void inQuietMoment(() => new Promise<void>(() => undefined));
    const next = vi.fn();
    void inQuietMoment(next);
    await idle();
    await expectRunAt(next, STEP_HOLD_MS);
  });

  it('uses a timeout where the browser has no requestIdleCallback (Safari)', async () => {
    const { inQuietMoment } = await load({ withIdleCallback: false });
    const step = vi.fn();
    void inQuietMoment(step);
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledOnce();
  });
});
