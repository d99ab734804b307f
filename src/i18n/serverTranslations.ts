import type { SSRConfig } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '../../next-i18next.config.js';
import { keepRendered, type PageCopy } from './pageCopy';
import { DEFAULT_LOCALE } from './websiteLocales';

/** Server-only: the embedded copy a page renders, in its locale, as props for appWithTranslation. */
export async function loadTranslations(locale: string | undefined, copy: PageCopy): Promise<SSRConfig> {
  const pageLocale = locale ?? DEFAULT_LOCALE;
  const translations = await serverSideTranslations(pageLocale, Object.keys(copy), nextI18nConfig);
  const loaded = translations._nextI18Next;
  return loaded ? { _nextI18Next: { ...loaded, initialI18nStore: keepRendered(loaded.initialI18nStore, pageLocale, copy) } } : translations;
}
