import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { DomainEntry, Place, TenantType } from '@/tenancy/types';
import { canonicalHostFor } from '@/tenancy/canonicalHost';
import type { Crumb } from './jsonLd';
import { linkToHost, type Scheme } from './urls';

export interface BreadcrumbMap {
  entries: readonly (Pick<DomainEntry, 'domain' | 'path' | 'locales'> & { canonical?: boolean })[];
  places: Readonly<Record<string, Place>>;
}

/**
 * Brand home → the parent city (when it has a city page of its own) → the page itself. Each step
 * links to its canonical host, in `locale` when that page offers it, else in English; names are
 * in the reader's language wherever places.json has one.
 */
export function breadcrumbTrail(
  page: { slug: string; type: TenantType },
  locale: WebsiteLocale,
  home: Crumb,
  map: BreadcrumbMap,
  scheme: Scheme = 'https',
): Crumb[] {
  const crumbFor = (slug: string, type: TenantType): Crumb | undefined => {
    const path = `/${slug}/${type}`;
    const host = canonicalHostFor(path, map.entries);
    const entry = map.entries.find((candidate) => candidate.domain === host);
    const place = map.places[slug];
    if (!host || !entry || !place) return undefined;
    const link = linkToHost(host, entry.locales, locale, scheme);
    return { name: place.name[locale] ?? place.name.en, url: link.href };
  };

  const parentCity = page.type === 'poi' ? map.places[page.slug]?.city : null;
  const trail = [home, parentCity ? crumbFor(parentCity, 'city') : undefined, crumbFor(page.slug, page.type)];
  return trail.filter((crumb): crumb is Crumb => crumb !== undefined);
}
