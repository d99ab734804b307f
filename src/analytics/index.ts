/** Public API of the analytics capability; other modules import from here only. */
export { trackEvent } from './firstLoadBuffer';
export { ANALYTICS_EVENTS, type AnalyticsEventName } from './events';
export { useMicrositesAnalytics } from './useMicrositesAnalytics';
