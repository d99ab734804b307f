/** Public API of the analytics capability; other modules import from here only. */
export { trackEvent } from './firstLoadBuffer';
export type { CtaPlacement } from './events';
export { PAGE_EVENTS } from './pageEvents';
export { useMicrositesAnalytics } from './useMicrositesAnalytics';
// The privacy policy names what the SDKs are set up with.
export { ANONYMOUS_ID_KEY, SERVER_ZONE } from './constants';
