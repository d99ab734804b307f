import type { DestinationLoader } from './Analytics';
import type { AnalyticsLogger, Destination } from './types';

/**
 * Each SDK is its own lazy chunk, fetched only when its key is set. A client that fails to
 * load is logged and left out; the other still runs.
 */
export function createDestinationLoader(enrich: () => Record<string, string>, logger: AnalyticsLogger): DestinationLoader {
  return async (config, context) => {
    const loads: Array<Promise<Destination>> = [];
    if (config.amplitude) {
      const amplitude = config.amplitude;
      loads.push(import('./amplitudeDestination').then(({ loadAmplitude }) => loadAmplitude(amplitude, context, enrich, logger)));
    }
    if (config.segment) {
      const segment = config.segment;
      loads.push(import('./segmentDestination').then(({ loadSegment }) => loadSegment(segment, context, enrich)));
    }
    const results = await Promise.allSettled(loads);
    const loaded: Destination[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') loaded.push(result.value);
      else logger.error(`analytics: a client failed to load: ${(result.reason as Error)?.message ?? result.reason}`);
    }
    if (loaded.length === 0) throw new Error('no analytics client could be loaded');
    return loaded;
  };
}
