/**
 * Datadog monitoring for the browser (spec §2, §3, §4, §8, §9). Only the trigger is in the first
 * load; the SDKs and their setup are fetched with import() when monitoring should begin. The
 * Safari proxy's server side lives in `proxyHandler` and `proxyLimits` (settings in
 * src/config/serverEnv.ts), outside this API.
 */
/** @public For app code to throw (spec §8): nothing throws one yet. */
export { IgnorableError } from './beforeSend';
export { useMonitoring } from './useMonitoring';
