import { WEBSITE_LOCALES, isWebsiteLocale } from '@/i18n/websiteLocales';
import type { LatLng } from '@/base/greatCircle';
import { canonicalProblems } from './canonicalHost';
import { cityDistanceProblem, countryProblem, isCityPart, isCountryCode } from './placeGeo';
import {
  currencyProblem,
  languageProblem,
  samePlaceProblem,
  timeZoneProblem,
  widthProblem,
  type LanguageOf,
} from './placeFacts';
import { needsPhraseData, PHRASE_EXAMPLES, PHRASE_LOCALES } from './placePhrases';
import { PLACE_KINDS, TENANT_TYPES, type JsonPath, type TenantProblem } from './types';
import { isObject } from '@/base/isObject';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DOMAIN_FIELDS = new Set(['domain', 'type', 'slug', 'path', 'locales', 'canonical']);
const PLACE_FIELDS = new Set(['kind', 'name', 'where', 'city', 'country', 'currency', 'lat', 'lng', 'timeZone']);

type Json = Record<string, unknown>;
const show = (value: unknown) => JSON.stringify(value) ?? String(value);
/** A problem's field as a path below its entry: none for the entry itself or a pair of fields. */
const fieldPath = (field: string): JsonPath => (/^\(|, /.test(field) ? [] : field.split('.'));
const isLatitude = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 90;
const isLongitude = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 180;

export interface ValidationOptions {
  /** Currencies the site can price; a place in any other currency could not render its page. */
  currencies: readonly string[];
  /** Reads the language of the phrases (placeFacts.ts's languageReader); without it, their language is not checked. */
  languageOf?: LanguageOf;
}

/** Checks both tenant files together; returns every problem rather than stopping at the first. */
export function validateTenants(
  domainsFile: unknown,
  placesFile: unknown,
  options: ValidationOptions,
): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const places = isObject(placesFile) && isObject(placesFile.places) ? placesFile.places : undefined;
  if (!places)
    problems.push({
      file: 'places.json',
      entry: '(file)',
      field: 'places',
      message: 'must be an object keyed by slug',
    });
  const entries = isObject(domainsFile) && Array.isArray(domainsFile.domains) ? domainsFile.domains : undefined;
  if (!entries) {
    problems.push({
      file: 'domains.json',
      entry: '(file)',
      field: 'domains',
      message: 'must be an array of domain entries',
    });
    return problems;
  }

  const seenDomains = new Map<string, number>();
  const localesByPath = new Map<string, { domain: string; locales: string }>();
  const servedLocales = new Map<string, Set<string>>();

  entries.forEach((raw, index) => {
    const entryName =
      isObject(raw) && typeof raw.domain === 'string' && raw.domain ? show(raw.domain) : `#${index + 1}`;
    const report = (field: string, message: string, clashesWith?: JsonPath) =>
      problems.push({
        file: 'domains.json',
        entry: entryName,
        field,
        message,
        at: ['domains', index, ...fieldPath(field)],
        ...(clashesWith && { clashesWith }),
      });
    if (!isObject(raw)) return report('(entry)', 'must be an object');

    for (const key of Object.keys(raw)) {
      if (!DOMAIN_FIELDS.has(key) && key !== '$comment')
        report(key, `unknown field; allowed: ${[...DOMAIN_FIELDS].join(', ')}`);
    }

    const { domain, type, slug, path, locales } = raw;
    if (typeof domain !== 'string' || !HOST_NAME.test(domain)) {
      report(
        'domain',
        `${show(domain)} is not a lower-case host name (like "prague-bagberth.cz", no port or trailing dot)`,
      );
    } else {
      const first = seenDomains.get(domain);
      if (first === undefined) seenDomains.set(domain, index);
      else
        report('domain', `a second entry for this host: remove this one or the earlier one, #${first + 1}`, [
          'domains',
          first,
          'domain',
        ]);
    }

    if (typeof slug !== 'string' || !KEBAB_CASE.test(slug))
      report('slug', `${show(slug)} is not kebab-case (like "kings-cross-station")`);
    if (!(TENANT_TYPES as readonly unknown[]).includes(type)) report('type', `${show(type)} must be "poi" or "city"`);
    const expectedPath = `/${String(slug)}/${String(type)}`;
    if (path !== expectedPath) report('path', `${show(path)} must equal "${expectedPath}" (/{slug}/{type})`);

    if (!Array.isArray(locales)) {
      report('locales', 'must be a list of locale codes that includes "en"');
    } else {
      // Only the website's locales count as served: an unknown one is one mistake, not also a
      // missing name and phrase in it.
      const seen = new Set<string>();
      for (const locale of locales) {
        if (!isWebsiteLocale(locale))
          report('locales', `${show(locale)} is not one of the website locales (${WEBSITE_LOCALES.join(', ')})`);
        else if (seen.has(locale)) report('locales', `${show(locale)} is repeated`);
        else seen.add(locale);
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
    const earlier: Array<{ slug: string; kind: string } & LatLng> = [];
    for (const [slug, place] of Object.entries(places)) {
      problems.push(...validatePlace(slug, place, servedLocales.get(slug), places, options, earlier));
      const here = located(place);
      if (here && isObject(place) && typeof place.kind === 'string') earlier.push({ slug, kind: place.kind, ...here });
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
  earlier: ReadonlyArray<{ slug: string; kind: string } & LatLng>,
): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const report = (field: string, message: string) =>
    problems.push({
      file: 'places.json',
      entry: show(slug),
      field,
      message,
      at: ['places', slug, ...fieldPath(field)],
    });
  if (!served) report('(entry)', 'no domain entry uses this slug; remove it or add a domain');
  if (!isObject(place)) {
    report('(entry)', 'must be an object');
    return problems;
  }
  for (const key of Object.keys(place)) {
    if (!PLACE_FIELDS.has(key)) report(key, `unknown field; allowed: ${[...PLACE_FIELDS].join(', ')}`);
  }
  if (!(PLACE_KINDS as readonly unknown[]).includes(place.kind))
    report('kind', `${show(place.kind)} must be one of ${PLACE_KINDS.join(', ')}`);

  if (!isObject(place.name)) {
    report('name', 'must be an object of display names by locale');
  } else {
    const names = place.name;
    // Every city is listed, in the reader's language, on the page an unknown host gets (pages/unknown-host.tsx).
    const needed = place.kind === 'city' ? WEBSITE_LOCALES : new Set(['en', ...(served ?? [])]);
    for (const locale of needed) {
      if (typeof names[locale] === 'string' && String(names[locale]).trim()) continue;
      report(
        `name.${locale}`,
        served?.has(locale) || locale === 'en'
          ? 'missing: the place is served in this locale'
          : 'missing: every city is listed in each language on the page an unknown host gets',
      );
    }
    for (const [locale, name] of Object.entries(names)) {
      if (!isWebsiteLocale(locale)) report(`name.${locale}`, 'is not a website locale');
      const wide = typeof name === 'string' && widthProblem('name', name);
      if (wide) report(`name.${locale}`, wide);
    }
  }

  validateWhere(place, served, report, { names: namesOf(place, places), languageOf: options.languageOf });

  if (place.city !== null && (typeof place.city !== 'string' || !isObject(places[place.city]))) {
    report('city', `${show(place.city)} must be null or the slug of a city in places.json`);
  }
  const country = typeof place.country === 'string' && isCountryCode(place.country) ? place.country : undefined;
  if (!country) report('country', `${show(place.country)} must be an ISO country code like "GB"`);
  if (!isLatitude(place.lat)) report('lat', `${show(place.lat)} must be a latitude from -90 to 90`);
  if (!isLongitude(place.lng)) report('lng', `${show(place.lng)} must be a longitude from -180 to 180`);
  const here = located(place);
  const outside = here && countryProblem(here);
  const misplaced =
    outside ||
    (here &&
      (cityProblem(place, here, places) ||
        (typeof place.kind === 'string' && samePlaceProblem(place.kind, here, earlier))));
  if (misplaced) report('lat, lng', misplaced);
  // Judged against the country only once the coordinates agree with it: a wrong country is one mistake.
  const trusted = outside ? undefined : country;
  const currency = currencyProblem(trusted, place.currency, options.currencies);
  if (currency) report('currency', currency);
  const zone = timeZoneProblem(trusted, place.timeZone);
  if (zone) report('timeZone', zone);
  return problems;
}

/** A place whose lat, lng and country are each well formed. */
function located(place: unknown): (LatLng & { country: string }) | undefined {
  if (
    !isObject(place) ||
    !isLatitude(place.lat) ||
    !isLongitude(place.lng) ||
    typeof place.country !== 'string' ||
    !isCountryCode(place.country)
  )
    return undefined;
  return { lat: place.lat, lng: place.lng, country: place.country };
}

/** A station, airport or landmark too far from its parent city, judged once the city stands in its country. */
function cityProblem(place: Json, here: LatLng, places: Json): string | undefined {
  if (typeof place.city !== 'string' || !isCityPart(place.kind)) return undefined;
  const city = located(places[place.city]);
  return city && !countryProblem(city) ? cityDistanceProblem(place.kind, here, place.city, city) : undefined;
}

/** The place's names and its city's, in every language: the words a phrase may share with any language. */
function namesOf(place: Json, places: Json): string[] {
  const city = typeof place.city === 'string' ? places[place.city] : undefined;
  return [place, city].flatMap((holder) =>
    isObject(holder) && isObject(holder.name)
      ? Object.values(holder.name).filter((name): name is string => typeof name === 'string')
      : [],
  );
}

/**
 * `where`: the "near X" / "in X" phrase, required in every served locale whose grammar depends on
 * the place, in that language and short enough for the headline.
 */
function validateWhere(
  place: Json,
  served: Set<string> | undefined,
  report: (field: string, message: string) => void,
  { names, languageOf }: { names: readonly string[]; languageOf?: LanguageOf },
): void {
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
      report(
        `where.${locale}`,
        `missing: the page is served in ${locale}; write how "${form} …" reads there mid-sentence, like "${PHRASE_EXAMPLES[locale][form]}"`,
      );
    }
  }
  for (const [locale, phrase] of Object.entries(where)) {
    if (!isWebsiteLocale(locale) || !needsPhraseData(locale)) {
      report(
        `where.${locale}`,
        `is not used: phrases are written for ${PHRASE_LOCALES.join(', ')}; ja, ko and zh derive theirs from the name`,
      );
    } else if (typeof phrase === 'string') {
      const wrong = widthProblem('where', phrase) ?? (languageOf && languageProblem(languageOf, locale, phrase, names));
      if (wrong) report(`where.${locale}`, wrong);
    }
  }
}
