/**
 * The events the microsites' pages send, in a module of their own: the first load carries these
 * names and not the whole catalogue (events.ts, which takes them in).
 */
export const PAGE_EVENTS = {
  consent: { cookieConsentUpdated: 'Cookie Consent Updated' },
  microsites: { ctaClicked: 'Book Storage Clicked', languageSwitched: 'Language Switched', faqOpened: 'FAQ Opened' },
} as const;
