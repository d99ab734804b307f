import type { SSRConfig } from 'next-i18next/pages';
import { loadTranslations, TRANSLATION_NAMESPACES } from '@/i18n/serverTranslations';
import { appLogger } from '@/base/logger';
import { serverEnv } from '@/config/serverEnv';
import { formatContentError, mergeOverEmbedded } from './contentService';
import { createContentSource, type ContentSource } from './contentSource';

export interface PageContent {
  translations: SSRConfig;
  /** Seconds until the page is rebuilt with fresh content (ISR); absent without a content service. */
  revalidate?: number;
}

let source: ContentSource | undefined;

/**
 * A page's copy (spec §1, §7): the embedded JSON under locales/, overlaid with the content
 * service's namespaces when CONTENT_SERVICE_URL is set. A namespace the service cannot give keeps
 * its embedded copy and is logged; a page never fails because the service is down. `fresh` reads
 * the service again rather than this interval's copy (an on-demand revalidation).
 */
export async function loadPageContent(locale: string | undefined, { fresh = false }: { fresh?: boolean } = {}): Promise<PageContent> {
  const translations = await loadTranslations(locale);
  const { contentServiceUrl, revalidateSeconds } = serverEnv;
  const store = translations._nextI18Next?.initialI18nStore as Record<string, Record<string, object>> | undefined;
  if (!contentServiceUrl || !translations._nextI18Next || !store) return { translations };

  source ??= createContentSource({ baseUrl: contentServiceUrl, maxAgeMs: revalidateSeconds * 1000 });
  const { resources, errors } = await source.load(Object.keys(store), TRANSLATION_NAMESPACES, { fresh });
  errors.forEach((error) => appLogger.error(formatContentError(error)));
  translations._nextI18Next.initialI18nStore = mergeOverEmbedded(store, resources);
  return { translations, revalidate: revalidateSeconds };
}
