import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '../../next-i18next.config.js';
import { DEFAULT_LOCALE } from './websiteLocales';

/** The namespaces every page loads (spec §1): page copy and legal text. */
export const TRANSLATION_NAMESPACES: readonly string[] = nextI18nConfig.ns;

/** Server-only: the embedded translations a page needs, as props for appWithTranslation. */
export function loadTranslations(locale: string | undefined) {
  return serverSideTranslations(locale ?? DEFAULT_LOCALE, [...TRANSLATION_NAMESPACES], nextI18nConfig);
}
