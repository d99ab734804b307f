// Which pages the gallery shows (docs/gallery.md): every landing page in every language it is
// served in (one card per page: alias hosts serve the same page and are listed on it), or those a
// change of tenants/ and locales/ against a git base affects, including the pages that link to a
// changed place.
import { execFileSync } from 'node:child_process';
import { createNearbyFinder } from '../../src/content/nearby.ts';
import type { WebsiteLocale } from '../../src/i18n/websiteLocales.ts';
import { groupTenantPages } from '../../src/tenancy/tenantPages.ts';
import type { DomainEntry, Place, TenantType } from '../../src/tenancy/types.ts';

export interface GalleryPage {
  /** `<host>/<locale>`: the card's id, its files' names, the key a diff matches pages by. */
  id: string;
  /** The host the screenshots come from (the page's first), and every host that serves it. */
  host: string;
  hosts: string[];
  locale: WebsiteLocale;
  slug: string;
  type: TenantType;
  kind: Place['kind'];
  /** The place's name in English (cards are grouped by place). */
  place: string;
  country: string;
  /** The page's path on its host: `/` for English, else `/<locale>`. */
  path: string;
}

export interface TenantMap {
  domains: readonly DomainEntry[];
  places: Readonly<Record<string, Place>>;
}

const pathFor = (locale: WebsiteLocale) => (locale === 'en' ? '/' : `/${locale}`);

export function galleryPages({ domains, places }: TenantMap): GalleryPage[] {
  return groupTenantPages(domains).flatMap((page) => {
    const place = places[page.slug];
    if (!place) return [];
    const host = page.domains[0]!;
    return page.locales.map((locale) => ({
      id: `${host}/${locale}`,
      host,
      hosts: page.domains,
      locale,
      slug: page.slug,
      type: page.type,
      kind: place.kind,
      place: place.name.en,
      country: place.country,
      path: pathFor(locale),
    }));
  });
}

/** `--host` and `--locale` narrow the list (a host matches the page it serves, alias or not). */
export function narrow(
  pages: GalleryPage[],
  { hosts = [], locales = [] }: { hosts?: string[]; locales?: string[] },
): GalleryPage[] {
  return pages.filter(
    (page) =>
      (hosts.length === 0 || page.hosts.some((host) => hosts.includes(host))) &&
      (locales.length === 0 || locales.includes(page.locale)),
  );
}

/** A file of the working tree as the git base had it, or undefined when the base has none. */
function atBase(base: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `${base}:${file}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

const json = (text: string | undefined, fallback: object) =>
  text === undefined ? fallback : (JSON.parse(text) as object);

/** What differs between two versions of the tenant map and the copy: the places whose pages change, and the languages. */
export function changes(
  before: TenantMap & { copy: Record<string, string> },
  after: TenantMap & { copy: Record<string, string> },
): { places: Set<string>; locales: Set<string> } {
  const placeSet = new Set<string>();
  const key = (entry: DomainEntry) => JSON.stringify(entry);
  const beforeEntries = new Map(before.domains.map((entry) => [entry.domain, key(entry)]));
  const afterEntries = new Map(after.domains.map((entry) => [entry.domain, key(entry)]));
  for (const entry of after.domains) if (beforeEntries.get(entry.domain) !== key(entry)) placeSet.add(entry.slug);
  for (const entry of before.domains) if (afterEntries.get(entry.domain) !== key(entry)) placeSet.add(entry.slug);
  for (const slug of new Set([...Object.keys(before.places), ...Object.keys(after.places)])) {
    if (JSON.stringify(before.places[slug]) !== JSON.stringify(after.places[slug])) placeSet.add(slug);
  }
  const locales = new Set(
    Object.keys({ ...before.copy, ...after.copy }).filter((locale) => before.copy[locale] !== after.copy[locale]),
  );
  return { places: placeSet, locales };
}

/**
 * The pages a change affects: every page of a changed place, every page that links to one in
 * either version of the map (its neighbours, a city's places), every page in a language whose copy changed.
 */
export function affected(
  pages: GalleryPage[],
  maps: readonly TenantMap[],
  changed: { places: Set<string>; locales: Set<string> },
): GalleryPage[] {
  // Before and after: a page that stops linking to a changed place changes too.
  const finders = maps.map((map) => createNearbyFinder(map.domains, map.places));
  const linksToChanged = (page: GalleryPage) =>
    finders.some((finder) =>
      finder
        .pageNeighbours(page.slug, page.type, { locale: page.locale })
        .places.some((linked) => changed.places.has(linked.slug)),
    );
  return pages.filter(
    (page) => changed.places.has(page.slug) || changed.locales.has(page.locale) || linksToChanged(page),
  );
}

/** The tenant map and copy files as `base` had them (git show), for `--changed`. */
export function mapAtBase(base: string, locales: readonly string[]): TenantMap & { copy: Record<string, string> } {
  const domains = json(atBase(base, 'tenants/domains.json'), { domains: [] }) as { domains: DomainEntry[] };
  const places = json(atBase(base, 'tenants/places.json'), { places: {} }) as { places: Record<string, Place> };
  const copy = Object.fromEntries(
    locales.map((locale) => [
      locale,
      (atBase(base, `locales/${locale}/microsites.json`) ?? '') + (atBase(base, `locales/${locale}/legal.json`) ?? ''),
    ]),
  );
  return { domains: domains.domains, places: places.places, copy };
}
