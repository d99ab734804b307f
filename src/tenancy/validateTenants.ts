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
import { needsPhraseData, PHRASE_EXAMPLES } from './placePhrases';
import { DOMAIN_ENTRY, fieldIssues, PLACE, type FieldIssue } from './tenantSchemas';
import type { DomainEntry, JsonPath, Place, TenantProblem } from './types';
import { isObject } from '@/base/isObject';

type Json = Record<string, unknown>;
const show = (value: unknown) => JSON.stringify(value) ?? String(value);
/** A problem's field as a path below its entry: none for the entry itself or a pair of fields. */
const fieldPath = (field: string): JsonPath => (/^\(|, /.test(field) ? [] : field.split('.'));

export interface ValidationOptions {
  /** Currencies the site can price; a place in any other currency could not render its page. */
  currencies: readonly string[];
  /** Reads the language of the phrases (placeFacts.ts's languageReader); without it, their language is not checked. */
  languageOf?: LanguageOf;
}

/** A mistake in one field of an entry. */
interface Finding {
  field: string;
  message: string;
  clashesWith?: JsonPath;
}

/**
 * An entry's findings: the schema's, then the rules'. A rule that reports a field speaks for it
 * alone, since it knows what other fields, entries and files ask of it (the path the slug makes,
 * the names a served locale needs, the country's currency), which the schema's message cannot say.
 */
function merged(schema: readonly Finding[], rules: readonly Finding[]): Finding[] {
  const ruled = new Set(rules.map(({ field }) => field));
  return [...schema.filter(({ field }) => !ruled.has(field)), ...rules];
}

/** The fields of an entry that the schema accepts: what the rules across entries and files build on. */
function validFields(raw: unknown, issues: readonly FieldIssue[]): Json {
  const refused = new Set(issues.map(({ path }) => path[0]));
  return isObject(raw) ? Object.fromEntries(Object.entries(raw).filter(([key]) => !refused.has(key))) : {};
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
  const trusted: Array<Partial<DomainEntry>> = [];

  entries.forEach((raw, index) => {
    const entryName =
      isObject(raw) && typeof raw.domain === 'string' && raw.domain ? show(raw.domain) : `#${index + 1}`;
    const issues = fieldIssues(DOMAIN_ENTRY, raw);
    // An entry's fields are flat: a wrong item of its locales is the list's mistake, its message naming the item.
    const schema = issues.map(({ path, message }) => ({
      field: path.length > 0 ? String(path[0]) : '(entry)',
      message,
    }));
    const rules: Finding[] = [];
    const rule = (field: string, message: string, clashesWith?: JsonPath) =>
      rules.push({ field, message, ...(clashesWith && { clashesWith }) });
    const valid: Partial<DomainEntry> = validFields(raw, issues);
    trusted.push(valid);

    if (valid.domain !== undefined) {
      const first = seenDomains.get(valid.domain);
      if (first === undefined) seenDomains.set(valid.domain, index);
      else
        rule('domain', `a second entry for this host: remove this one or the earlier one, #${first + 1}`, [
          'domains',
          first,
          'domain',
        ]);
    }
    if (isObject(raw)) {
      const expectedPath = `/${String(raw.slug)}/${String(raw.type)}`;
      if (raw.path !== expectedPath) rule('path', `${show(raw.path)} must equal "${expectedPath}" (/{slug}/{type})`);
      // Only the website's locales count as served: an unknown one is one mistake, not also a
      // missing name and phrase in it.
      if (valid.slug !== undefined && Array.isArray(raw.locales)) {
        const served = servedLocales.get(valid.slug) ?? new Set<string>();
        raw.locales.filter(isWebsiteLocale).forEach((locale) => served.add(locale));
        servedLocales.set(valid.slug, served);
      }
    }
    if (valid.path !== undefined && valid.locales !== undefined) {
      const key = valid.locales.slice().sort().join(',');
      const first = localesByPath.get(valid.path);
      if (!first) localesByPath.set(valid.path, { domain: String(valid.domain), locales: key });
      else if (first.locales !== key)
        rule('locales', `must equal the locales of ${show(first.domain)}, which shares the page ${valid.path}`);
    }
    if (places && valid.slug !== undefined && !isObject(places[valid.slug])) {
      rule('slug', `no place data for ${show(valid.slug)} in tenants/places.json`);
    }

    for (const { field, message, clashesWith } of merged(schema, rules))
      problems.push({
        file: 'domains.json',
        entry: entryName,
        field,
        message,
        at: ['domains', index, ...fieldPath(field)],
        ...(clashesWith && { clashesWith }),
      });
  });

  // Which alias host is canonical for a shared page (see src/seo/canonicalHost.ts).
  problems.push(...canonicalProblems(trusted));

  if (places) {
    // The place schema with what it needs data for: the borders country-coder knows, the other places.
    const placeSchema = PLACE.extend({
      country: PLACE.shape.country.refine(isCountryCode),
      city: PLACE.shape.city
        .unwrap()
        .refine((city) => isObject(places[city]))
        .nullable(),
    });
    const checked = Object.entries(places).map(([slug, place]) => {
      const issues = fieldIssues(placeSchema, place);
      return { slug, place, issues, valid: validFields(place, issues) as Partial<Place> };
    });
    const valid = new Map(checked.map((each) => [each.slug, each.valid]));
    const earlier: Array<{ slug: string; kind: string } & LatLng> = [];
    for (const each of checked) {
      problems.push(...validatePlace(each, servedLocales.get(each.slug), { places, valid, options, earlier }));
      const here = located(each.valid);
      if (here && each.valid.kind) earlier.push({ slug: each.slug, kind: each.valid.kind, ...here });
    }
  }
  return problems;
}

interface PlaceContext {
  places: Json;
  /** Each place's fields that its schema accepts, by slug. */
  valid: ReadonlyMap<string, Partial<Place>>;
  options: ValidationOptions;
  earlier: ReadonlyArray<{ slug: string; kind: string } & LatLng>;
}

function validatePlace(
  { slug, place, issues, valid }: { slug: string; place: unknown; issues: FieldIssue[]; valid: Partial<Place> },
  served: Set<string> | undefined,
  context: PlaceContext,
): TenantProblem[] {
  const rules: Finding[] = [];
  const rule = (field: string, message: string) => rules.push({ field, message });
  if (isObject(place)) {
    if (isObject(place.name)) validateNames(place.kind, place.name, served, rule);
    validateWhere(place, served, rule, {
      names: namesOf(place, context.places),
      languageOf: context.options.languageOf,
    });
    const here = located(valid);
    const outside = here && countryProblem(here);
    const misplaced =
      outside ||
      (here &&
        (cityProblem(valid, here, context.valid) ||
          (valid.kind !== undefined && samePlaceProblem(valid.kind, here, context.earlier))));
    if (misplaced) rule('lat, lng', misplaced);
    // Judged against the country only once the coordinates agree with it: a wrong country is one mistake.
    const trusted = outside ? undefined : valid.country;
    const currency = currencyProblem(trusted, place.currency, context.options.currencies);
    if (currency) rule('currency', currency);
    const zone = timeZoneProblem(trusted, place.timeZone);
    if (zone) rule('timeZone', zone);
  }
  const unused = served
    ? []
    : [{ field: '(entry)', message: 'no domain entry uses this slug; remove it or add a domain' }];
  const schema = issues.map(({ path, message }) => ({ field: path.length > 0 ? path.join('.') : '(entry)', message }));
  return [...unused, ...merged(schema, rules)].map(({ field, message }) => ({
    file: 'places.json',
    entry: show(slug),
    field,
    message,
    at: ['places', slug, ...fieldPath(field)],
  }));
}

/** A place's name in every locale a page needs it in, each short enough for the headline. */
function validateNames(
  kind: unknown,
  names: Json,
  served: Set<string> | undefined,
  rule: (field: string, message: string) => void,
): void {
  // Every city is listed, in the reader's language, on the page an unknown host gets (pages/unknown-host.tsx).
  const needed = kind === 'city' ? WEBSITE_LOCALES : new Set(['en', ...(served ?? [])]);
  for (const locale of needed) {
    const name = names[locale];
    if (typeof name !== 'string' || !name.trim())
      rule(
        `name.${locale}`,
        served?.has(locale) || locale === 'en'
          ? 'missing: the place is served in this locale'
          : 'missing: every city is listed in each language on the page an unknown host gets',
      );
  }
  for (const [locale, name] of Object.entries(names)) {
    const wide = isWebsiteLocale(locale) && typeof name === 'string' && widthProblem('name', name);
    if (wide) rule(`name.${locale}`, wide);
  }
}

/** A place whose lat, lng and country its schema accepts. */
function located(place: Partial<Place> | undefined): (LatLng & { country: string }) | undefined {
  if (place?.lat === undefined || place.lng === undefined || place.country === undefined) return undefined;
  return { lat: place.lat, lng: place.lng, country: place.country };
}

/** A station, airport or landmark too far from its parent city, judged once the city stands in its country. */
function cityProblem(
  place: Partial<Place>,
  here: LatLng,
  valid: ReadonlyMap<string, Partial<Place>>,
): string | undefined {
  if (!place.city || !isCityPart(place.kind)) return undefined;
  const city = located(valid.get(place.city));
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
  rule: (field: string, message: string) => void,
  { names, languageOf }: { names: readonly string[]; languageOf?: LanguageOf },
): void {
  const where = place.where ?? {};
  if (!isObject(where)) return;
  const form = place.kind === 'city' ? 'in' : 'near';
  for (const locale of served ?? []) {
    if (!isWebsiteLocale(locale) || !needsPhraseData(locale)) continue;
    const phrase = where[locale];
    if (typeof phrase !== 'string' || !phrase.trim()) {
      rule(
        `where.${locale}`,
        `missing: the page is served in ${locale}; write how "${form} …" reads there mid-sentence, like "${PHRASE_EXAMPLES[locale][form]}"`,
      );
    }
  }
  for (const [locale, phrase] of Object.entries(where)) {
    if (!isWebsiteLocale(locale) || !needsPhraseData(locale) || typeof phrase !== 'string') continue;
    const wrong = widthProblem('where', phrase) ?? (languageOf && languageProblem(languageOf, locale, phrase, names));
    if (wrong) rule(`where.${locale}`, wrong);
  }
}
