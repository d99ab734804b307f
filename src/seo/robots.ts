import { sitemapUrl } from './sitemap';
import type { Scheme } from './urls';

/**
 * robots.txt for any host we serve: crawl everything, find the pages in the host's sitemap.
 * Alias hosts are crawlable too; their pages name the canonical host in `<link rel="canonical">`.
 */
export function robotsTxt(host: string, scheme: Scheme = 'https'): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemapUrl(host, scheme)}`, ''].join('\n');
}
