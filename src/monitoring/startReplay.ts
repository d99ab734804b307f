import { quietStep } from '@/base/importAndStart';
import { STEP_HOLD_MS } from '@/base/idleWork';

/** What this needs of `datadogRum`, initialised with `startSessionReplayRecordingManually`. */
export interface ReplayControl {
  startSessionReplayRecording(): void;
  stopSessionReplayRecording(): void;
}

/**
 * Starts session replay in two quiet steps instead of one task. Started by RUM itself, the
 * recorder's chunk is evaluated and the page's first full snapshot serialised in the same task: up
 * to 54 ms of CPU at 4× (docs/performance.md, "Fifth pass: the recorder in two steps"). So first
 * the chunk alone: a start makes RUM import it, a stop at once makes RUM drop that start once it
 * has loaded (`status !== 2` in @datadog/browser-rum's postStartStrategy.ts), and the step waits
 * for the scripts the start added (the build's runtime loads a chunk as a `<script>`) to run. The
 * next start finds the chunk loaded: the snapshot runs in that step's task. In a session RUM does
 * not sample for replay neither start loads anything.
 */
export async function startReplay(rum: ReplayControl): Promise<void> {
  await quietStep('datadog recorder chunk', () => {
    const scripts = () => Array.from(globalThis.document?.scripts ?? []);
    const before = new Set(scripts());
    rum.startSessionReplayRecording();
    rum.stopSessionReplayRecording();
    return Promise.all(
      scripts()
        .filter((script) => !before.has(script))
        .map(loaded),
    );
  });
  await quietStep('datadog recorder start', () => rum.startSessionReplayRecording());
}

/**
 * Settles once a script has run or failed, or after STEP_HOLD_MS: a fetch that stalls must not keep
 * replay from ever starting. The next start then joins the pending import (or the runtime's own
 * retry after a failure), and RUM records in the chunk's task, as without these steps.
 */
const loaded = (script: HTMLScriptElement) =>
  new Promise<void>((resolve) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
    globalThis.setTimeout(resolve, STEP_HOLD_MS);
  });
