import type { SSRConfig } from 'next-i18next/pages';
import type { PageCopy, Resources } from '@/i18n/pageCopy';
import { loadEmbeddedTranslations, onlyRendered } from '@/i18n/serverTranslations';
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
 * service's namespaces when CONTENT_SERVICE_URL is set; of both, only the page's locale and the
 * `copy` it renders. A namespace the service cannot give keeps its embedded copy and is logged;
 * a page never fails because the service is down. `fresh` reads the service again rather than
 * this interval's copy (an on-demand revalidation).
 */
export async function loadPageContent(
  locale: string | undefined,
  copy: PageCopy,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<PageContent> {
  const embedded = await loadEmbeddedTranslations(locale, copy);
  const { contentServiceUrl, revalidateSeconds } = serverEnv;
  const loaded = embedded._nextI18Next;
  if (!contentServiceUrl || !loaded) return { translations: onlyRendered(embedded, copy) };

  source ??= createContentSource({ baseUrl: contentServiceUrl, maxAgeMs: revalidateSeconds * 1000 });
  const { resources, errors } = await source.load([loaded.initialLocale], Object.keys(copy), { fresh });
  errors.forEach((error) => appLogger.error(formatContentError(error)));
  // The service sends whole namespaces; the page still ships only what it renders, trimmed once.
  const merged = {
    _nextI18Next: { ...loaded, initialI18nStore: mergeOverEmbedded(loaded.initialI18nStore as Resources, resources) },
  };
  return { translations: onlyRendered(merged, copy), revalidate: revalidateSeconds };
}
