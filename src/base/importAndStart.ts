import { inQuietMoment } from './idleWork';

// Apart from idleWork.ts, which is in the first load: only the SDKs' start modules, loaded later, use it.
/** A vendor's chunk fetched in one quiet moment, then started with it in the next. */
export async function importAndStart<M, T>(
  name: string,
  load: () => Promise<M>,
  start: (module: M) => T | Promise<T>,
): Promise<T> {
  const loaded = await inQuietMoment(load, `${name} chunk`);
  return inQuietMoment(() => start(loaded), `${name} start`);
}
