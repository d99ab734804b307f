import { inQuietMoment } from './idleWork';

// Apart from idleWork.ts, which is in the first load: only the SDKs' start modules, loaded later, use these.

/**
 * `step` in a quiet moment of its own (idleWork.ts), marking where it begins on the page's timeline
 * (User Timing, `step: name`), so a trace tells which step a task belongs to (bench/sdk-steps.mts).
 * The two steps queued from the first load (the start modules of analytics and monitoring) are not
 * marked, so that it does not grow.
 */
export const quietStep = <T>(name: string, step: () => T | Promise<T>): Promise<T> =>
  inQuietMoment(() => {
    performance.mark(`step: ${name}`);
    return step();
  });

/** A vendor's chunk fetched in one quiet moment, then started with it in the next. */
export async function importAndStart<M, T>(
  name: string,
  load: () => Promise<M>,
  start: (module: M) => T | Promise<T>,
): Promise<T> {
  const loaded = await quietStep(`${name} chunk`, load);
  return quietStep(`${name} start`, () => start(loaded));
}
