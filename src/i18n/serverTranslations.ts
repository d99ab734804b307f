import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '../../next-i18next.config.js';
import { DEFAULT_LOCALE } from './websiteLocales';

/** Server-only: the translations a page needs, as props for appWithTranslation. */
export function loadTranslations(locale: string | undefined) {
  return serverSideTranslations(locale ?? DEFAULT_LOCALE, nextI18nConfig.ns, nextI18nConfig);
}
