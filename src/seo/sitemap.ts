import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { DomainEntry } from '@/tenancy/types';
import { canonicalHostFor, type CanonicalCandidate } from '@/tenancy/canonicalHost';
import { alternates, type Alternate, type Scheme } from './urls';
import { escapeXml } from './xml';

/** One `<url>` of a sitemap: the page and its hreflang alternates. */
export interface SitemapUrl {
  loc: string;
  alternates: readonly Alternate[];
}

/** A sitemap (sitemaps.org 0.9) with `xhtml:link` hreflang alternates. */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const body = urls.map((url) => {
    const links = url.alternates.map(
      (link) =>
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(link.hrefLang)}" href="${escapeXml(link.href)}"/>`,
    );
    return ['  <url>', `    <loc>${escapeXml(url.loc)}</loc>`, ...links, '  </url>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...body,
    '</urlset>',
    '',
  ].join('\n');
}

/** A host's page in each of its locales, each listing all of them as alternates. */
function hostSitemapUrls(host: string, locales: readonly WebsiteLocale[], scheme: Scheme = 'https'): SitemapUrl[] {
  const links = alternates(host, locales, scheme);
  return links.filter((link) => link.hrefLang !== 'x-default').map((link) => ({ loc: link.href, alternates: links }));
}

export interface TenantSitemapOptions {
  /** The host to write into the URLs; a local preview passes `{domain}.localhost:3000`. Defaults to the entry's domain. */
  host?: string;
  scheme?: Scheme;
}

/**
 * The sitemap of a tenant host: its page in each of its locales. An alias host lists nothing,
 * because its page is canonical on another host and a sitemap may only list its own host's URLs.
 */
export function tenantSitemap(
  entry: CanonicalCandidate & Pick<DomainEntry, 'locales'>,
  entries: readonly CanonicalCandidate[],
  options: TenantSitemapOptions = {},
): string {
  const isCanonical = canonicalHostFor(entry.path, entries) === entry.domain;
  return sitemapXml(isCanonical ? hostSitemapUrls(options.host ?? entry.domain, entry.locales, options.scheme) : []);
}

/**
 * The sitemap of the shared microsites host: its directory at `/` in each locale it is built in.
 * Its `/{slug}/{type}` pages are left out: each is canonical on its tenant host.
 */
export function micrositesSitemap(host: string, locales: readonly WebsiteLocale[], scheme: Scheme = 'https'): string {
  return sitemapXml(hostSitemapUrls(host, locales, scheme));
}

/** Where a host's sitemap lives; robots.txt points here. */
export function sitemapUrl(host: string, scheme: Scheme = 'https'): string {
  return `${scheme}://${host}/sitemap.xml`;
}
