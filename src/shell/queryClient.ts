import { QueryClient } from '@tanstack/react-query';

/** Spec §9 and §8: failed queries retry 3 times in the browser, never on the server. */
const CLIENT_QUERY_RETRIES = 3;
const GC_TIME_MS = 5 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** The delay doubles per attempt (1 s, 2 s, 4 s, …) up to 30 s. */
export const retryDelay = (failureCount: number): number => Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);

export function createQueryClient(isServer = typeof window === 'undefined'): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        enabled: true,
        networkMode: 'offlineFirst',
        gcTime: GC_TIME_MS,
        retry: isServer ? false : CLIENT_QUERY_RETRIES,
        retryDelay,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The app's one data cache in the browser. Only live sections loaded on demand use it, so it is
 * created with the first of them and the library stays out of every page's first load.
 */
export function appQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
