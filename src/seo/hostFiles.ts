import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { normalizeHost } from '@/tenancy/normalizeHost';
import { NoMappingError } from '@/tenancy/resolveTenant';
import { routerContext } from '@/tenancy/router';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { robotsTxt } from './robots';
import { micrositesSitemap, tenantSitemap } from './sitemap';
import type { Scheme } from './urls';

export interface HostFile {
  status: number;
  contentType: string;
  body: string;
}

const notFound: HostFile = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'No mapping found for origin\n' };

/** Local previews are plain http on `{domain}.localhost:{port}`; live hosts are https. */
const schemeFor = (host: string): Scheme => (/(^|\.)localhost$/.test(normalizeHost(host)) ? 'http' : 'https');

/** What a host serves as /sitemap.xml (spec §2 hosts; generated from the tenant map). */
export function sitemapFor(rawHost: string): HostFile {
  const host = normalizeHost(rawHost);
  const scheme = schemeFor(rawHost);
  const publicHost = scheme === 'http' ? rawHost.toLowerCase() : host;
  const xml = (body: string): HostFile => ({ status: 200, contentType: 'application/xml; charset=utf-8', body });
  if (host === routerContext.micrositesHost) return xml(micrositesSitemap(publicHost, WEBSITE_LOCALES, scheme));
  try {
    return xml(tenantSitemap(routerContext.resolveTenant(host), DOMAIN_ENTRIES, { host: publicHost, scheme }));
  } catch (error) {
    if (error instanceof NoMappingError) return notFound;
    throw error;
  }
}

/** What a host serves as /robots.txt: every mapped host, and the microsites host, may be crawled. */
export function robotsFor(rawHost: string): HostFile {
  const host = normalizeHost(rawHost);
  const scheme = schemeFor(rawHost);
  try {
    if (host !== routerContext.micrositesHost) routerContext.resolveTenant(host);
  } catch (error) {
    if (error instanceof NoMappingError) return notFound;
    throw error;
  }
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: robotsTxt(scheme === 'http' ? rawHost.toLowerCase() : host, scheme) };
}
