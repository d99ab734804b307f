// Types for what TypeScript code imports from cache-handler.mjs (Next loads that file itself, untyped).
export function redisForLogs(url: string): string;
