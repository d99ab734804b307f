// @vitest-environment jsdom
// Spec §9 (a fifth of sessions replayed). Session replay starts in two quiet steps, so that the
// recorder's chunk is not evaluated in the task of the first full snapshot (docs/performance.md,
// "Fifth pass: the recorder in two steps"): a start and a stop at once make RUM load the chunk and
// drop the start; once the scripts that start added have run, the next step starts for good.
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { STEP_HOLD_MS } from '@/base/idleWork';
import { startReplay } from '@/monitoring/startReplay';

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

/** A RUM whose first start, in a session sampled for replay, loads a chunk as a script (Turbopack does). */
function fakeRum({ sampled }: { sampled: boolean }) {
  const calls: string[] = [];
  const chunks: HTMLScriptElement[] = [];
  return {
    calls,
    chunks,
    startSessionReplayRecording: vi.fn(() => {
      calls.push('start');
      if (sampled && chunks.length === 0) {
        const script = document.createElement('script');
        document.head.append(script);
        chunks.push(script);
      }
    }),
    stopSessionReplayRecording: vi.fn(() => calls.push('stop')),
  };
}

const steps = (marks: MockInstance<typeof performance.mark>) => marks.mock.calls.map(([name]) => name);

describe('startReplay', () => {
  it('loads the chunk in one step (start, then stop at once), and starts for good in the next, once the chunk has run', async () => {
    const rum = fakeRum({ sampled: true });
    const marks = vi.spyOn(performance, 'mark');

    const started = startReplay(rum);
    await vi.waitFor(() => expect(rum.calls).toEqual(['start', 'stop']));
    expect(steps(marks)).toEqual(['step: datadog recorder chunk']);
    // Not before the chunk has run. A sentinel step would sit behind the step's hold (3 s), so a few
    // turns of the event loop instead: a quiet moment here (no input, no requestIdleCallback) is 1 ms.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(rum.calls).toEqual(['start', 'stop']);

    rum.chunks[0]!.dispatchEvent(new Event('load'));
    await started;
    expect(rum.calls).toEqual(['start', 'stop', 'start']);
    expect(steps(marks)).toEqual(['step: datadog recorder chunk', 'step: datadog recorder start']);
  });

  it('goes on after a chunk that failed to load: the last start loads it again', async () => {
    const rum = fakeRum({ sampled: true });
    const started = startReplay(rum);
    await vi.waitFor(() => expect(rum.chunks).toHaveLength(1));
    rum.chunks[0]!.dispatchEvent(new Event('error'));
    await started;
    expect(rum.calls).toEqual(['start', 'stop', 'start']);
  });

  it('does not wait for ever for a chunk that neither runs nor fails: the next start joins its import', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const rum = fakeRum({ sampled: true });
      const started = startReplay(rum);
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(1);
        expect(rum.calls).toEqual(['start', 'stop']);
      });
      await vi.advanceTimersByTimeAsync(STEP_HOLD_MS - 100);
      expect(rum.calls).toEqual(['start', 'stop']);
      await vi.advanceTimersByTimeAsync(200);
      await started;
      expect(rum.calls).toEqual(['start', 'stop', 'start']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("in a session not sampled for replay, loads nothing and ends with a start, as RUM's own start would (so it records a renewed session it samples)", async () => {
    const rum = fakeRum({ sampled: false });
    await startReplay(rum);
    expect(rum.calls).toEqual(['start', 'stop', 'start']);
    expect(document.scripts).toHaveLength(0);
  });
});
