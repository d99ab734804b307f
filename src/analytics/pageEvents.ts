/** Spec §4: the name of the microsites' page view (constants.ts holds the other constants of spec §9). */
export const PAGE_VIEW_NAME = 'Microsites';

/**
 * The events the microsites' pages send, in a module of their own: the first load carries these
 * names and not the whole catalogue (events.ts, which takes them in), nor the SDKs' constants.
 */
export const PAGE_EVENTS = {
  consent: { cookieConsentUpdated: 'Cookie Consent Updated' },
  microsites: { ctaClicked: 'Book Storage Clicked', languageSwitched: 'Language Switched', faqOpened: 'FAQ Opened' },
} as const;
