/**
 * A page's first `Intl.DateTimeFormat` loads ICU's locale, calendar and time-zone data: one task of
 * 60–120 ms on the main thread at 4× CPU. Datadog RUM makes one in the task that starts it (each
 * view's `device.time_zone`) and Segment one for each event's `context.timezone`. ICU keeps that
 * data for the whole renderer process, so a worker that makes one first leaves the main thread's at
 * a few ms (docs/performance.md, "The SDKs' set-up in tasks under 50 ms"). The policy allows blob:
 * workers (src/security/policy.ts). Resolves once the worker has done it, failed, or after
 * WARM_TIMEOUT_MS: never rejects, and the SDKs start either way.
 */
export const WARM_TIMEOUT_MS = 2000;

const SOURCE = 'new Intl.DateTimeFormat().resolvedOptions();postMessage(0)';

let warmed: Promise<void> | undefined;

export function warmDateFormats(): Promise<void> {
  warmed ??= new Promise<void>((resolve) => {
    try {
      const url = URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' }));
      const worker = new Worker(url);
      const done = () => {
        clearTimeout(timer);
        worker.terminate();
        URL.revokeObjectURL(url);
        resolve();
      };
      worker.onmessage = done;
      worker.onerror = done;
      // A worker never answers before this task ends, so `timer` is set when `done` reads it.
      const timer = setTimeout(done, WARM_TIMEOUT_MS);
    } catch {
      resolve();
    }
  });
  return warmed;
}
