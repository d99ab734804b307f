// Types for what TypeScript code imports from cache-handler.mjs (Next loads that file itself, untyped).
export function redisForLogs(url: string): string;
/** The build's prerendered copy of the page under a Next cache key, as the cache handlers return it; null when the build has none. */
export function builtPage(serverDistDir: string, key: string): Promise<{ lastModified: number; tags: string[]; value: { kind: 'PAGES'; html: string; pageData: unknown } } | null>;
