import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { Place } from '@/tenancy/types';

/**
 * Languages whose "near X" / "in X" phrase depends on the place itself: articles, elision and
 * contraction (fr "près de la tour Eiffel", it "vicino alla stazione", pt "perto da Torre de Belém"),
 * case after a preposition (de "in der Nähe des Bahnhofs …", pl "w pobliżu dworca …", ru "в Лондоне"),
 * and English articles ("near the London Eye"). Their phrases are data in tenants/places.json
 * (`where`), written by a translator; the tenant check requires one for every locale a page needs.
 */
export const PHRASE_LOCALES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'pl',
] as const satisfies readonly WebsiteLocale[];
export type PhraseLocale = (typeof PHRASE_LOCALES)[number];

/** Shown in the tenant check's message, so a marketer sees the shape a missing phrase takes. */
export const PHRASE_EXAMPLES: Record<PhraseLocale, { near: string; in: string }> = {
  en: { near: 'near the Eiffel Tower', in: 'in London' },
  es: { near: 'cerca de la Torre Eiffel', in: 'en Londres' },
  fr: { near: 'près de la tour Eiffel', in: 'à Londres' },
  de: { near: 'in der Nähe des Eiffelturms', in: 'in London' },
  it: { near: 'vicino alla Torre Eiffel', in: 'a Londra' },
  pt: { near: 'perto da Torre Eiffel', in: 'em Londres' },
  ru: { near: 'рядом с Эйфелевой башней', in: 'в Лондоне' },
  pl: { near: 'w pobliżu wieży Eiffla', in: 'w Londynie' },
};

export const needsPhraseData = (locale: WebsiteLocale): locale is PhraseLocale =>
  (PHRASE_LOCALES as readonly string[]).includes(locale);

/** Japanese, Korean and Chinese add a postposition to the name, the same for every place. */
const DERIVED: Record<
  Exclude<WebsiteLocale, PhraseLocale>,
  { near: (name: string) => string; in: (name: string) => string }
> = {
  ja: { near: (name) => `${name}周辺`, in: (name) => name },
  ko: { near: (name) => `${name} 근처`, in: (name) => name },
  zh: { near: (name) => `${name}附近`, in: (name) => name },
};

/** Polish typesetting never ends a line on a one-letter word ("w Pradze", "z dworca"): a no-break space follows it. */
const keepOneLetterWords = (phrase: string | undefined) => phrase?.replace(/(^|\s)([aiouwzAIOUWZ]) /g, '$1$2\u00a0');

/**
 * Where the storage is, as a phrase that fits mid-sentence in the page's language: "near X" for a
 * station, airport or landmark, "in X" for a city. Templates use it as `{{where}}`.
 */
export function placePhrase(place: Pick<Place, 'kind' | 'name' | 'where'>, locale: WebsiteLocale): string | undefined {
  if (needsPhraseData(locale))
    return locale === 'pl' ? keepOneLetterWords(place.where?.[locale]) : place.where?.[locale];
  const name = place.name[locale];
  if (!name) return undefined;
  return place.kind === 'city' ? DERIVED[locale].in(name) : DERIVED[locale].near(name);
}

/** "a" becomes "di", "alla" "della", "all’" "dell’": with the space that follows unless it ends in an apostrophe. */
function italianOf(preposition: string): string {
  const of = preposition === 'a' ? 'di' : `de${preposition.slice(1)}`;
  return /[’']$/.test(of) ? of : `${of} `;
}

/**
 * How a sentence refers to a station, airport or landmark, derived from its "near" phrase so the
 * article and its contraction are the translator's: English names it with its article ("the London
 * Eye"), the others say "of it" ("des Eiffelturms", "de la tour Eiffel", "della stazione", "del
 * Aeropuerto", "da Estação"). Undefined when the phrase is no "near" phrase (an area such as Fira
 * reads "in Fira"): the caller then names the place without a sentence around it.
 */
const REFERENCES: Partial<Record<WebsiteLocale, (where: string) => string | undefined>> = {
  en: (where) => /^near (.+)$/.exec(where)?.[1],
  de: (where) => /^in der Nähe ((?:des|der|von) .+)$/.exec(where)?.[1],
  fr: (where) => /^près (d(?:e |u |es |e l’|e l').+)$/.exec(where)?.[1],
  es: (where) => /^cerca (de(?:l)? .+)$/.exec(where)?.[1],
  pt: (where) => /^perto (d[aoe]s? .+)$/.exec(where)?.[1],
  // Italian turns "vicino alla stazione" into "della stazione": the same article after "di", and
  // so for a second place joined by "e" ("vicino al Vaticano e a San Pietro").
  it: (where) => {
    const match = /^vicino (a|al|allo|alla|ai|agli|alle|all’|all')(?: |(?<=’|'))(.+)$/.exec(where);
    if (!match) return undefined;
    const [, preposition = '', rest = ''] = match;
    return `${italianOf(preposition)}${rest.replace(/ e (a|al|allo|alla|ai|agli|alle|all’|all')(?: |(?<=’|'))/g, (_, joined: string) => ` e ${italianOf(joined)}`)}`;
  },
};

/** The place as the map caption refers to it in this language; the name itself where no article applies. */
export function placeReference(
  place: Pick<Place, 'kind' | 'name'>,
  where: string,
  locale: WebsiteLocale,
): string | undefined {
  const derive = REFERENCES[locale];
  if (derive) return place.kind === 'city' ? undefined : derive(where);
  return place.name[locale];
}
