import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { normalizeHost } from '@/tenancy/normalizeHost';
import { NoMappingError } from '@/tenancy/resolveTenant';
import { routerContext } from '@/tenancy/router';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { robotsTxt } from './robots';
import { micrositesSitemap, tenantSitemap } from './sitemap';
import type { Scheme } from './urls';
import type { DomainEntry } from '@/tenancy/types';

export interface HostFile {
  status: number;
  contentType: string;
  body: string;
}

const notFound: HostFile = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'No mapping found for origin\n' };

/** Local previews are plain http on `{domain}.localhost:{port}`; live hosts are https. */
const schemeFor = (host: string): Scheme => (/(^|\.)localhost$/.test(normalizeHost(host)) ? 'http' : 'https');

interface ServedHost {
  /** The host as written into URLs: with its port on a local preview. */
  publicHost: string;
  scheme: Scheme;
  /** The tenant entry, or null for the shared microsites host. */
  entry: DomainEntry | null;
}

/** The host a request is for, or undefined when no tenant maps to it. */
function servedHost(rawHost: string): ServedHost | undefined {
  const host = normalizeHost(rawHost);
  const scheme = schemeFor(rawHost);
  const publicHost = scheme === 'http' ? rawHost.toLowerCase() : host;
  if (host === routerContext.micrositesHost) return { publicHost, scheme, entry: null };
  try {
    return { publicHost, scheme, entry: routerContext.resolveTenant(host) };
  } catch (error) {
    if (error instanceof NoMappingError) return undefined;
    throw error;
  }
}

/** What a host serves as /sitemap.xml (spec §2 hosts; generated from the tenant map). */
export function sitemapFor(rawHost: string): HostFile {
  const served = servedHost(rawHost);
  if (!served) return notFound;
  const { publicHost, scheme, entry } = served;
  const body = entry ? tenantSitemap(entry, DOMAIN_ENTRIES, { host: publicHost, scheme }) : micrositesSitemap(publicHost, WEBSITE_LOCALES, scheme);
  return { status: 200, contentType: 'application/xml; charset=utf-8', body };
}

/** What a host serves as /robots.txt: every mapped host, and the microsites host, may be crawled. */
export function robotsFor(rawHost: string): HostFile {
  const served = servedHost(rawHost);
  if (!served) return notFound;
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: robotsTxt(served.publicHost, served.scheme) };
}
