import { inQuietMoment } from './idleWork';

// Apart from idleWork.ts, which is in the first load: only the SDKs' start modules, loaded later, use these.

/**
 * `step`, marking where it begins on the page's timeline (User Timing, `step: name`), so a trace
 * tells which step a task belongs to (bench/sdk-steps.mts). The two steps queued from the first
 * load (the start modules of analytics and monitoring) are not marked, so that it does not grow.
 */
export const named =
  <T>(name: string, step: () => T | Promise<T>) =>
  (): T | Promise<T> => {
    performance.mark(`step: ${name}`);
    return step();
  };

/** A vendor's chunk fetched in one quiet moment, then started with it in the next. */
export async function importAndStart<M, T>(
  name: string,
  load: () => Promise<M>,
  start: (module: M) => T | Promise<T>,
): Promise<T> {
  const loaded = await inQuietMoment(named(`${name} chunk`, load));
  return inQuietMoment(named(`${name} start`, () => start(loaded)));
}
