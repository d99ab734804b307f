import { PAGE_EVENTS } from './pageEvents';

/**
 * The product's analytics events by spec §9 category. Call sites use these constants, so a name
 * cannot be misspelt; the spec does not give the exact names, so these are the catalogue's own.
 */
export const ANALYTICS_EVENTS = {
  login: { started: 'Login Started', completed: 'Login Completed' },
  verify: { codeSent: 'Verification Code Sent', completed: 'Verification Completed' },
  phone: { countryCodeChanged: 'Phone Country Code Changed' },
  search: { locationSearched: 'Location Searched', filterApplied: 'Filter Applied' },
  permissions: { requested: 'Permission Requested', answered: 'Permission Answered' },
  commerce: {
    productViewed: 'Product Viewed',
    paymentInfoEntered: 'Payment Info Entered',
    orderCompleted: 'Order Completed',
    orderUpdated: 'Order Updated',
    orderCancelled: 'Order Cancelled',
    bookingFailed: 'Booking Failed',
    lockerReservationFailed: 'Locker Reservation Failed',
    tipAdded: 'Tip Added',
    promotionViewed: 'Promotion Viewed',
  },
  reviews: { started: 'Review Started', submitted: 'Review Submitted', skipped: 'Review Skipped' },
  coupons: { entered: 'Coupon Entered', applied: 'Coupon Applied', denied: 'Coupon Denied', removed: 'Coupon Removed' },
  sharing: { reservationShared: 'Reservation Shared' },
  wallet: { applePassDownloaded: 'Apple Pass Downloaded' },
  calendar: { eventAdded: 'Calendar Event Added' },
  ui: { modalOpened: 'Modal Opened', modalClosed: 'Modal Closed', panelOpened: 'Panel Opened' },
  consent: PAGE_EVENTS.consent,
  support: { chatOpened: 'Support Chat Opened' },
  app: { updateAlertShown: 'App Update Alert Shown' },
  experiments: { assigned: 'Experiment Assigned', exposed: 'Experiment Exposed' },
  identity: { anonymousIdSet: 'Anonymous ID Set' },
  microsites: PAGE_EVENTS.microsites,
} as const;

type ValuesOf<T> = T[keyof T];
export type AnalyticsEventName = ValuesOf<{
  [Category in keyof typeof ANALYTICS_EVENTS]: ValuesOf<(typeof ANALYTICS_EVENTS)[Category]>;
}>;

/** Which booking button was clicked: the hero's, or its repeat after "how it works". */
export type CtaPlacement = 'hero' | 'steps';

/** Properties of the events the microsites send; other events take free-form properties. */
export interface MicrositesEventProperties {
  'Book Storage Clicked': { slug: string; type: string; locale: string; placement: CtaPlacement };
  'Language Switched': { from: string; to: string };
  'FAQ Opened': { topic: string; slug: string };
  'Cookie Consent Updated': { analytics: boolean; monitoring: boolean };
}
