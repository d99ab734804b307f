import { WEBSITE_LOCALES, isWebsiteLocale } from '@/i18n/websiteLocales';
import type { LatLng } from '@/base/greatCircle';
import { canonicalProblems } from './canonicalHost';
import { cityDistanceProblem, countryProblem, isCityPart, isCountryCode } from './placeGeo';
import { needsPhraseData, PHRASE_EXAMPLES, PHRASE_LOCALES } from './placePhrases';
import { PLACE_KINDS, TENANT_TYPES, type TenantProblem } from './types';
import { isObject } from '@/base/isObject';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DOMAIN_FIELDS = new Set(['domain', 'type', 'slug', 'path', 'locales', 'canonical']);
const PLACE_FIELDS = new Set(['kind', 'name', 'where', 'city', 'country', 'currency', 'lat', 'lng', 'timeZone']);

type Json = Record<string, unknown>;
const show = (value: unknown) => JSON.stringify(value) ?? String(value);
const isLatitude = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 90;
const isLongitude = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 180;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface ValidationOptions {
  /** Currencies the site can price; a place in any other currency could not render its page. */
  currencies: readonly string[];
}

/** Checks both tenant files together; returns every problem rather than stopping at the first. */
export function validateTenants(domainsFile: unknown, placesFile: unknown, options: ValidationOptions): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const places = isObject(placesFile) && isObject(placesFile.places) ? placesFile.places : undefined;
  if (!places) problems.push({ file: 'places.json', entry: '(file)', field: 'places', message: 'must be an object keyed by slug' });
  const entries = isObject(domainsFile) && Array.isArray(domainsFile.domains) ? domainsFile.domains : undefined;
  if (!entries) {
    problems.push({ file: 'domains.json', entry: '(file)', field: 'domains', message: 'must be an array of domain entries' });
    return problems;
  }

  const seenDomains = new Map<string, number>();
  const localesByPath = new Map<string, { domain: string; locales: string }>();
  const servedLocales = new Map<string, Set<string>>();

  entries.forEach((raw, index) => {
    const entryName = isObject(raw) && typeof raw.domain === 'string' && raw.domain ? show(raw.domain) : `#${index + 1}`;
    const report = (field: string, message: string) => problems.push({ file: 'domains.json', entry: entryName, field, message });
    if (!isObject(raw)) return report('(entry)', 'must be an object');

    for (const key of Object.keys(raw)) {
      if (!DOMAIN_FIELDS.has(key) && key !== '$comment') report(key, `unknown field; allowed: ${[...DOMAIN_FIELDS].join(', ')}`);
    }

    const { domain, type, slug, path, locales } = raw;
    if (typeof domain !== 'string' || !HOST_NAME.test(domain)) {
      report('domain', `${show(domain)} is not a lower-case host name (like "prague-bagberth.cz", no port or trailing dot)`);
    } else if (seenDomains.has(domain)) {
      report('domain', `duplicate of entry #${seenDomains.get(domain)}`);
    } else {
      seenDomains.set(domain, index + 1);
    }

    if (typeof slug !== 'string' || !KEBAB_CASE.test(slug)) report('slug', `${show(slug)} is not kebab-case (like "kings-cross-station")`);
    if (typeof type !== 'string' || !(TENANT_TYPES as readonly string[]).includes(type)) {
      report('type', `${show(type)} must be "poi" or "city"`);
    }
    const expectedPath = `/${String(slug)}/${String(type)}`;
    if (path !== expectedPath) report('path', `${show(path)} must equal "${expectedPath}" (/{slug}/{type})`);

    if (!Array.isArray(locales)) {
      report('locales', 'must be a list of locale codes that includes "en"');
    } else {
      const seen = new Set<string>();
      for (const locale of locales) {
        if (!isWebsiteLocale(locale)) report('locales', `${show(locale)} is not one of the website locales (${WEBSITE_LOCALES.join(', ')})`);
        else if (seen.has(locale)) report('locales', `${show(locale)} is repeated`);
        seen.add(String(locale));
      }
      if (!seen.has('en')) report('locales', 'must include "en": English is on every site');

      if (typeof path === 'string') {
        const key = [...seen].sort().join(',');
        const first = localesByPath.get(path);
        if (first && first.locales !== key) {
          report('locales', `must equal the locales of ${show(first.domain)}, which shares the page ${path}`);
        } else if (!first) {
          localesByPath.set(path, { domain: String(domain), locales: key });
        }
      }
      if (typeof slug === 'string') {
        const served = servedLocales.get(slug) ?? new Set<string>();
        seen.forEach((locale) => served.add(locale));
        servedLocales.set(slug, served);
      }
    }

    if (places && typeof slug === 'string' && !isObject(places[slug])) {
      report('slug', `no place data for ${show(slug)} in tenants/places.json`);
    }
  });

  // Which alias host is canonical for a shared page (see src/seo/canonicalHost.ts).
  problems.push(...canonicalProblems(entries));

  if (places) {
    for (const [slug, place] of Object.entries(places)) {
      problems.push(...validatePlace(slug, place, servedLocales.get(slug), places, options));
    }
  }
  return problems;
}

function validatePlace(
  slug: string,
  place: unknown,
  served: Set<string> | undefined,
  places: Json,
  options: ValidationOptions,
): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const report = (field: string, message: string) => problems.push({ file: 'places.json', entry: show(slug), field, message });
  if (!served) report('(entry)', 'no domain entry uses this slug; remove it or add a domain');
  if (!isObject(place)) {
    report('(entry)', 'must be an object');
    return problems;
  }
  for (const key of Object.keys(place)) {
    if (!PLACE_FIELDS.has(key)) report(key, `unknown field; allowed: ${[...PLACE_FIELDS].join(', ')}`);
  }
  if (!(PLACE_KINDS as readonly unknown[]).includes(place.kind)) report('kind', `${show(place.kind)} must be one of ${PLACE_KINDS.join(', ')}`);

  if (!isObject(place.name)) {
    report('name', 'must be an object of display names by locale');
  } else {
    const names = place.name;
    for (const locale of new Set(['en', ...(served ?? [])])) {
      if (typeof names[locale] !== 'string' || !String(names[locale]).trim()) report(`name.${locale}`, 'missing: the place is served in this locale');
    }
    for (const locale of Object.keys(names)) {
      if (!isWebsiteLocale(locale)) report(`name.${locale}`, 'is not a website locale');
    }
  }

  validateWhere(place, served, report);

  if (place.city !== null && (typeof place.city !== 'string' || !isObject(places[place.city]))) {
    report('city', `${show(place.city)} must be null or the slug of a city in places.json`);
  }
  if (typeof place.country !== 'string' || !isCountryCode(place.country)) report('country', `${show(place.country)} must be an ISO country code like "GB"`);
  if (typeof place.currency !== 'string' || !options.currencies.includes(place.currency)) {
    report('currency', `${show(place.currency)} must be a priced currency (${options.currencies.join(', ')}); add it to src/content/pricing.ts first`);
  }
  if (!isLatitude(place.lat)) report('lat', `${show(place.lat)} must be a latitude from -90 to 90`);
  if (!isLongitude(place.lng)) report('lng', `${show(place.lng)} must be a longitude from -180 to 180`);
  const misplaced = coordinatesProblem(place, places);
  if (misplaced) report('lat, lng', misplaced);
  if (typeof place.timeZone !== 'string' || !isTimeZone(place.timeZone)) report('timeZone', `${show(place.timeZone)} is not an IANA time zone like "Europe/London"`);
  return problems;
}

/** A place whose lat, lng and country are each well formed. */
function located(place: unknown): (LatLng & { country: string }) | undefined {
  if (!isObject(place) || !isLatitude(place.lat) || !isLongitude(place.lng) || typeof place.country !== 'string' || !isCountryCode(place.country)) return undefined;
  return { lat: place.lat, lng: place.lng, country: place.country };
}

/**
 * Coordinates that contradict the country, or put a station, airport or landmark too far from its
 * parent city. The distance is judged only once both places stand in their countries, so one slip
 * is reported once.
 */
function coordinatesProblem(place: Json, places: Json): string | undefined {
  const here = located(place);
  if (!here) return undefined;
  const outside = countryProblem(here);
  if (outside || typeof place.city !== 'string' || !isCityPart(place.kind)) return outside;
  const city = located(places[place.city]);
  return city && !countryProblem(city) ? cityDistanceProblem(place.kind, here, place.city, city) : undefined;
}

/** `where`: the "near X" / "in X" phrase, required in every served locale whose grammar depends on the place. */
function validateWhere(place: Json, served: Set<string> | undefined, report: (field: string, message: string) => void): void {
  const where = place.where ?? {};
  if (!isObject(where)) {
    report('where', 'must be an object of phrases by locale, like { "en": "near the Eiffel Tower" }');
    return;
  }
  const form = place.kind === 'city' ? 'in' : 'near';
  for (const locale of served ?? []) {
    if (!isWebsiteLocale(locale) || !needsPhraseData(locale)) continue;
    const phrase = where[locale];
    if (typeof phrase !== 'string' || !phrase.trim()) {
      report(`where.${locale}`, `missing: the page is served in ${locale}; write how "${form} …" reads there mid-sentence, like "${PHRASE_EXAMPLES[locale][form]}"`);
    }
  }
  for (const locale of Object.keys(where)) {
    if (!isWebsiteLocale(locale) || !needsPhraseData(locale)) {
      report(`where.${locale}`, `is not used: phrases are written for ${PHRASE_LOCALES.join(', ')}; ja, ko and zh derive theirs from the name`);
    }
  }
}
