// Translation config shared by next.config.js (routing) and next-i18next (loading).
// The locale list must equal WEBSITE_LOCALES in src/i18n/websiteLocales.ts; a unit test checks it.
/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'pl'],
    localeDetection: false,
  },
  // Resolved from the working directory, as `next build` and `next start` run from the project root.
  localePath: './locales',
  ns: ['microsites', 'legal'],
  defaultNS: 'microsites',
  fallbackLng: 'en',
  // Spec §9: the translation library retries up to 5 times from 350 ms, with 10 parallel reads.
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  // Props carry translations only; _app passes this config itself.
  serializeConfig: false,
  // Pages ship only the copy they declare (src/i18n/pageCopy.ts): a text left out would show as its
  // bare key, so rendering on the server (the build, a regeneration) stops instead and names it.
  ...(typeof window === 'undefined' && {
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      throw new Error(`Missing translation ${namespace}:${key}: add it to the page's copy (PageCopy) or to locales/`);
    },
  }),
  reloadOnPrerender: process.env.NODE_ENV === 'development',
};
