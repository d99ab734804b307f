import { isWebsiteLocale, type WebsiteLocale } from '@/i18n/websiteLocales';
import { needsPhraseData } from '@/tenancy/placePhrases';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { DomainEntry, Place, TenantProblem } from '@/tenancy/types';
import { createNearbyFinder, DEFAULT_NEARBY_LIMIT } from './nearby';

/**
 * Names a page shows of other places, checked in the page's language: every neighbour it links to
 * and its parent city need a name in that locale, and an airport's city the "in …" phrase its
 * "into the city" heading uses. Runs on a structurally valid map (see scripts/check-tenants.mts),
 * with the same neighbour rules the pages use, so only names a reader would see are required.
 */
export function linkedNameProblems(
  entries: readonly DomainEntry[],
  places: Readonly<Record<string, Place>>,
): TenantProblem[] {
  const finder = createNearbyFinder(entries, places);
  const missing = new Map<string, { entry: string; field: string; readers: string[] }>();
  const flag = (slug: string, field: string, reader: string) => {
    const key = `${slug}\u0000${field}`;
    const found = missing.get(key) ?? { entry: slug, field, readers: [] };
    if (!found.readers.includes(reader)) found.readers.push(reader);
    missing.set(key, found);
  };

  for (const page of groupTenantPages(entries)) {
    const place = places[page.slug];
    if (!place) continue;
    for (const locale of page.locales.filter(isWebsiteLocale)) {
      const reader = `the ${locale} page ${page.path}`;
      const city = place.city ? places[place.city] : undefined;
      const hasName = (target: Place | undefined, l: WebsiteLocale) => Boolean(target?.name[l]?.trim());
      if (place.city && city && !hasName(city, locale)) flag(place.city, `name.${locale}`, `${reader} (its city)`);
      const { heading, places: neighbours } = finder.pageNeighbours(page.slug, page.type, {
        locale,
        limit: DEFAULT_NEARBY_LIMIT,
      });
      for (const neighbour of neighbours) {
        if (!hasName(places[neighbour.slug], locale)) flag(neighbour.slug, `name.${locale}`, `${reader} (linked)`);
      }
      if (heading === 'intoCity' && place.city && city && needsPhraseData(locale) && !city.where?.[locale]?.trim()) {
        flag(place.city, `where.${locale}`, `${reader} (its "into the city" heading)`);
      }
    }
  }

  return [...missing.values()].map(({ entry, field, readers }) => ({
    file: 'places.json',
    entry: JSON.stringify(entry),
    field,
    message: `missing: shown on ${readers.slice(0, 3).join(', ')}${readers.length > 3 ? ` and ${readers.length - 3} more` : ''}`,
  }));
}
