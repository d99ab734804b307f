/** Analytics constants of spec §9, in one place. Each SDK option that can carry one does. */

// Sessions and identity
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;
export const IDENTITY_COOKIE_DAYS = 365;
export const IDENTITY_COOKIE_SAME_SITE = 'Lax';
export const ANONYMOUS_ID_KEY = 'anonymous-id';
export const SESSION_ID_KEY = 'analytics-session-id';
export const SESSION_LAST_ACCESS_KEY = 'analytics-session-last-access';

// Delivery (Amplitude)
export const FLUSH_INTERVAL_MS = 1000;
export const FLUSH_QUEUE_SIZE = 30;
export const FLUSH_MAX_RETRIES = 5;
export const SERVER_ZONE = 'US';

// Delivery (Segment batching)
export const SEGMENT_BATCH_SIZE = 10;
export const SEGMENT_BATCH_TIMEOUT_MS = 5000;
export const SEGMENT_RETRY_QUEUE = true;

// Capture
export const TRACKED_ELEMENTS = [
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'video',
  'audio',
  '[contenteditable="true" i]',
];
export const ACTION_CLICK_ELEMENTS = ['div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const CAPTURED_STATUS_CODES = '500-599';

// The microsites flow (spec §4); its page view's name, PAGE_VIEW_NAME, is in pageEvents.ts with the first load's.
export const APP_NAME = 'microsites';
