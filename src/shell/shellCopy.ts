import type { PageCopy } from '@/i18n/pageCopy';

/**
 * The copy every page renders: PageLayout's skip link, brand, consent banner and footer with its
 * legal links, and the error view, which pages/_error.tsx shows in the browser with the copy the
 * page already loaded when the page fails there.
 */
export const SHELL_COPY: PageCopy = {
  microsites: [
    'a11y.skipToContent',
    'brand.name',
    'consent',
    'footer',
    'errors.code',
    'errors.home',
    'errors.notFound',
    'errors.serverError',
  ],
  legal: ['links'],
};
