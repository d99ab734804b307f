import { inWebsiteOrder } from '@/i18n/websiteLocales';
import type { DomainEntry, TenantPage } from './types';

/**
 * Groups entries by landing path. Alias hosts share a page; the validator makes them share
 * their locale set too, because one statically built page serves every alias.
 */
export function groupTenantPages(entries: readonly DomainEntry[]): TenantPage[] {
  const pages = new Map<string, TenantPage>();
  for (const entry of entries) {
    const page = pages.get(entry.path);
    if (page) {
      page.domains.push(entry.domain);
      page.locales = inWebsiteOrder([...page.locales, ...entry.locales]);
    } else {
      pages.set(entry.path, {
        slug: entry.slug,
        type: entry.type,
        path: entry.path,
        locales: inWebsiteOrder(entry.locales),
        domains: [entry.domain],
      });
    }
  }
  return [...pages.values()];
}
