import { readPositiveInt, readUrl } from '@/config/parse';

/** Where page copy comes from (server-only, read at build time and on revalidation). */
export interface ContentEnv {
  /** The content service; unset means the embedded JSON under locales/ only. */
  contentServiceUrl: string | undefined;
  /** How often a statically built page is regenerated to pick up new content (ISR). */
  revalidateSeconds: number;
}

export const DEFAULT_CONTENT_REVALIDATE_SECONDS = 3600;

export function parseContentEnv(env: Record<string, string | undefined>): ContentEnv {
  return {
    contentServiceUrl: readUrl('CONTENT_SERVICE_URL', env.CONTENT_SERVICE_URL),
    revalidateSeconds: readPositiveInt('CONTENT_REVALIDATE_SECONDS', env.CONTENT_REVALIDATE_SECONDS, DEFAULT_CONTENT_REVALIDATE_SECONDS),
  };
}

export const contentEnv: ContentEnv = parseContentEnv({
  CONTENT_SERVICE_URL: process.env.CONTENT_SERVICE_URL,
  CONTENT_REVALIDATE_SECONDS: process.env.CONTENT_REVALIDATE_SECONDS,
});
