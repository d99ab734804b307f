/** Public API of the analytics capability; other modules import from here only. */
export { trackEvent } from './client';
export { ANALYTICS_EVENTS, type AnalyticsEventName } from './events';
export { useMicrositesAnalytics } from './useMicrositesAnalytics';
