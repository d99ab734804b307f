import {
  CONTENT_FETCH_DEFAULTS,
  collectResources,
  limitedRead,
  namespacePairs,
  type FetchNamespaceOptions,
  type NamespaceResult,
  type RemoteResources,
} from './contentService';
import { createLimiter } from './limitConcurrency';

export interface ContentSourceOptions extends FetchNamespaceOptions {
  baseUrl: string;
  /** How long a read (success or failure) is reused; the ISR interval suits. */
  maxAgeMs: number;
  maxParallelReads?: number;
  now?: () => number;
}

export interface ContentSource {
  /**
   * Every (locale, namespace) pair, at most `maxParallelReads` (10) at a time, each read once per
   * `maxAgeMs` (`fresh`: read again now, for an on-demand revalidation). A namespace that fails is left out of `resources` and listed in `errors`; never throws.
   */
  load(
    locales: readonly string[],
    namespaces: readonly string[],
    options?: { fresh?: boolean },
  ): Promise<RemoteResources>;
}

/**
 * The content service as a build sees it: about 900 pages need the same few dozen namespaces,
 * so each is read once per interval instead of once per page, all reads share the limit of 10,
 * and a service that is down costs its retries once rather than on every page. A failure is
 * reported only to the call that triggered the read, so it is logged once.
 */
export function createContentSource(options: ContentSourceOptions): ContentSource {
  const { maxAgeMs, now = Date.now } = options;
  const limit = createLimiter(options.maxParallelReads ?? CONTENT_FETCH_DEFAULTS.maxParallelReads);
  const cache = new Map<string, { readAt: number; result: Promise<NamespaceResult> }>();

  return {
    async load(locales, namespaces, { fresh = false } = {}) {
      const reads = namespacePairs(locales, namespaces).map(({ locale, namespace }) => {
        const key = `${locale}/${namespace}`;
        const cached = cache.get(key);
        if (!fresh && cached && now() - cached.readAt < maxAgeMs)
          return { locale, namespace, fresh: false, result: cached.result };
        const result = limitedRead(limit, options, locale, namespace);
        cache.set(key, { readAt: now(), result });
        return { locale, namespace, fresh: true, result };
      });
      const settled = await Promise.all(reads.map(async (read) => ({ ...read, result: await read.result })));
      return collectResources(settled.filter((read) => read.result.ok || read.fresh));
    },
  };
}
