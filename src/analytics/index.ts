/** Public API of the analytics capability; other modules import from here only. */
export { trackEvent } from './firstLoadBuffer';
export type { AnalyticsEventName, CtaPlacement } from './events';
export { PAGE_EVENTS } from './pageEvents';
export { useMicrositesAnalytics } from './useMicrositesAnalytics';
