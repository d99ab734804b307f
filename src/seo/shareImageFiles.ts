import { isWebsiteLocale } from '@/i18n/websiteLocales';
import type { DomainEntry } from '@/tenancy/types';

/** Where the build writes the share images (scripts/generate-share-images.ts) and the route reads them. */
export const SHARE_IMAGE_DIR = '.next/share-images';

/** A page's share image in one locale: `/og/{slug}-{type}-{locale}.png`. */
export const shareImageName = (slug: string, type: string, locale: string) => `${slug}-${type}-${locale}`;

/**
 * Which prebuilt image `/og/{name}.png` answers with on a host, or null (404, nothing rendered):
 * a tenant host only has the images of its own page in its own locales; the microsites host, every one.
 */
export function shareImageFor(
  name: string,
  host: DomainEntry | 'microsites',
  entries: readonly DomainEntry[],
): string | null {
  const match = /^([a-z0-9-]+)-(poi|city)-([a-z]{2})$/.exec(name);
  if (!match) return null;
  const [, slug, type, locale] = match as unknown as [string, string, string, string];
  if (!isWebsiteLocale(locale)) return null;
  const path = `/${slug}/${type}`;
  const pages =
    host === 'microsites' ? entries.filter((entry) => entry.path === path) : host.path === path ? [host] : [];
  return pages.some((entry) => entry.locales.includes(locale)) ? name : null;
}
