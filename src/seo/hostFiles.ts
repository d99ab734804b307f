import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { publicEnv } from '@/config/builtEnv';
import { previewUrl } from '@/tenancy/previewUrl';
import { NoMappingError } from '@/tenancy/resolveTenant';
import { routingContext } from '@/tenancy/routingContext';
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

const notFound: HostFile = {
  status: 404,
  contentType: 'text/plain; charset=utf-8',
  body: 'No mapping found for origin\n',
};

interface ServedHost {
  /** The host as written into URLs: with its port on a local preview. */
  publicHost: string;
  scheme: Scheme;
  /** The tenant entry, or null for the shared microsites host. */
  entry: DomainEntry | null;
}

/** An origin's host and scheme, as URLs in the files are written. */
function servedAt(origin: string, entry: DomainEntry | null): ServedHost {
  const url = new URL(origin);
  return { publicHost: url.host, scheme: url.protocol === 'http:' ? 'http' : 'https', entry };
}

/**
 * The host a request is for (normalized), or undefined when no tenant maps to it. URLs in the files
 * come from the tenant map and the configured base URL, never from the request's Host.
 */
function servedHost(host: string): ServedHost | undefined {
  const base = publicEnv.micrositesBaseUrl;
  if (host === routingContext.micrositesHost) return servedAt(base, null);
  try {
    const entry = routingContext.resolveTenant(host);
    return host === entry.domain
      ? { publicHost: entry.domain, scheme: 'https', entry }
      : servedAt(previewUrl(entry.domain, base), entry);
  } catch (error) {
    if (error instanceof NoMappingError) return undefined;
    throw error;
  }
}

/** What a host serves as /sitemap.xml (spec §2 hosts; generated from the tenant map). */
export function sitemapFor(host: string): HostFile {
  const served = servedHost(host);
  if (!served) return notFound;
  const { publicHost, scheme, entry } = served;
  const body = entry
    ? tenantSitemap(entry, DOMAIN_ENTRIES, { host: publicHost, scheme })
    : micrositesSitemap(publicHost, WEBSITE_LOCALES, scheme);
  return { status: 200, contentType: 'application/xml; charset=utf-8', body };
}

/** What a host serves as /robots.txt: every mapped host, and the microsites host, may be crawled. */
export function robotsFor(host: string): HostFile {
  const served = servedHost(host);
  if (!served) return notFound;
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: robotsTxt(served.publicHost, served.scheme) };
}
