import * as autocapture from '@amplitude/plugin-autocapture-browser';

/**
 * Amplitude's autocapture plugin and its element selector, evaluated in a step of their own after
 * core (amplitudeCore.ts) and before the browser SDK (docs/performance.md, "The SDKs' set-up in
 * tasks under 50 ms"). Imported from here, the destination's chunk holds only what neither holds.
 */
export const autocaptureExports = Object.keys(autocapture).length;

export const importAmplitudeDestination = () => import('./amplitudeDestination');
