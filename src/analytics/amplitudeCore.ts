import * as core from '@amplitude/analytics-core';

/**
 * Amplitude's core package, evaluated in a step of its own: the browser SDK with its autocapture
 * plugins and core was one chunk whose evaluation (all its modules instantiated at once) took
 * 45–65 ms at 4× CPU. Imported from here, the next chunks (amplitudePlugins.ts, then the
 * destination) hold only what core does not (docs/performance.md, "The SDKs' set-up in tasks under 50 ms").
 */
export const coreExports = Object.keys(core).length;

export const importAmplitudePlugins = () => import('./amplitudePlugins');
