import { importAndStart, quietStep } from '@/base/importAndStart';
import type { DestinationLoader } from './Analytics';
import type { AnalyticsLogger, Destination } from './types';

/**
 * Each SDK is its own lazy chunk, fetched only when its key is set, then started: one SDK after
 * the other and each of those steps in its own quiet moment (src/base/idleWork.ts). A client that
 * fails to load is logged and left out; the other still runs.
 */
export function createDestinationLoader(
  enrich: () => Record<string, string>,
  logger: AnalyticsLogger,
): DestinationLoader {
  return async (config, context, started = () => undefined) => {
    const loads: Array<() => Promise<Destination>> = [];
    const { amplitude, segment } = config;
    if (amplitude)
      loads.push(async () => {
        // Amplitude's core, then its autocapture plugin, each in a step of its own (amplitudeCore.ts).
        const core = await quietStep('amplitude core chunk', () => import('./amplitudeCore'));
        const plugins = await quietStep('amplitude plugins chunk', core.importAmplitudePlugins);
        return importAndStart('amplitude', plugins.importAmplitudeDestination, ({ loadAmplitude }) =>
          loadAmplitude(amplitude, context, enrich, logger),
        );
      });
    if (segment)
      loads.push(() =>
        importAndStart(
          'segment',
          () => import('./segmentDestination'),
          ({ loadSegment }) => loadSegment(segment, context, enrich),
        ),
      );
    const loaded: Destination[] = [];
    for (const load of loads) {
      try {
        const destination = await load();
        started(destination);
        loaded.push(destination);
      } catch (error) {
        logger.error(`analytics: a client failed to load: ${(error as Error)?.message ?? error}`);
      }
    }
    if (loaded.length === 0) throw new Error('no analytics client could be loaded');
    return loaded;
  };
}
