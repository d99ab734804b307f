import type { SSRConfig } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '../../next-i18next.config.js';
import { keepRendered, type PageCopy } from './pageCopy';
import { DEFAULT_LOCALE } from './websiteLocales';

/**
 * Server-only: the embedded namespaces a page's copy draws on, whole, as appWithTranslation's
 * props. Trim them with onlyRendered before a page ships them; src/content/pageContent.ts first
 * lays the content service's copy over them.
 */
export function loadEmbeddedTranslations(locale: string | undefined, copy: PageCopy): Promise<SSRConfig> {
  return serverSideTranslations(locale ?? DEFAULT_LOCALE, Object.keys(copy), nextI18nConfig);
}

/** What a page ships of its translations: its own locale, and only the copy it renders. */
export function onlyRendered(translations: SSRConfig, copy: PageCopy): SSRConfig {
  const loaded = translations._nextI18Next;
  return loaded
    ? {
        _nextI18Next: {
          ...loaded,
          initialI18nStore: keepRendered(loaded.initialI18nStore, loaded.initialLocale, copy),
        },
      }
    : translations;
}

/** Server-only: the embedded copy a page renders, in its locale, as props for appWithTranslation. */
export async function loadTranslations(locale: string | undefined, copy: PageCopy): Promise<SSRConfig> {
  return onlyRendered(await loadEmbeddedTranslations(locale, copy), copy);
}
