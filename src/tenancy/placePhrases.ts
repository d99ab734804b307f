import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { Place } from '@/tenancy/types';

/**
 * Languages whose "near X" / "in X" phrase depends on the place itself: articles, elision and
 * contraction (fr "près de la tour Eiffel", it "vicino alla stazione", pt "perto da Torre de Belém"),
 * case after a preposition (de "in der Nähe des Bahnhofs …", pl "w pobliżu dworca …", ru "в Лондоне"),
 * and English articles ("near the London Eye"). Their phrases are data in tenants/places.json
 * (`where`), written by a translator; the tenant check requires one for every locale a page needs.
 */
export const PHRASE_LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'pl'] as const satisfies readonly WebsiteLocale[];
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

export const needsPhraseData = (locale: WebsiteLocale): locale is PhraseLocale => (PHRASE_LOCALES as readonly string[]).includes(locale);

/** Japanese, Korean and Chinese add a postposition to the name, the same for every place. */
const DERIVED: Record<Exclude<WebsiteLocale, PhraseLocale>, { near: (name: string) => string; in: (name: string) => string }> = {
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
  if (needsPhraseData(locale)) return locale === 'pl' ? keepOneLetterWords(place.where?.[locale]) : place.where?.[locale];
  const name = place.name[locale];
  if (!name) return undefined;
  return place.kind === 'city' ? DERIVED[locale].in(name) : DERIVED[locale].near(name);
}
