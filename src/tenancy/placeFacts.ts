// Facts of a place that are each valid alone and wrong together: checked against maintained data
// (country-to-currency, countries-and-timezones, the eld language detector). Build time only
// (scripts/check-tenants.mts, through validateTenants.ts).
import countryToCurrency from 'country-to-currency';
import { getCountry, getTimezone } from 'countries-and-timezones';
import type { eld as Eld } from 'eld/large';
import { distanceKm, type LatLng } from '@/base/greatCircle';
import { PHRASE_LOCALES } from './placePhrases';
import { countryName } from './placeGeo';

/** Why a place's currency cannot be the one it is priced in, with the one to use where known. */
export function currencyProblem(
  country: string | undefined,
  currency: unknown,
  priced: readonly string[],
): string | undefined {
  const own = country === undefined ? undefined : (countryToCurrency as Record<string, string | undefined>)[country];
  const unpriced = typeof currency !== 'string' || !priced.includes(currency);
  if (!unpriced && (own === undefined || currency === own)) return undefined;
  const listed = `${JSON.stringify(currency)} is not a currency the site prices (${priced.join(', ')})`;
  if (country === undefined || own === undefined)
    return `${listed}; a new one is added to src/content/pricing.ts first`;
  const wrong = unpriced ? listed : `${JSON.stringify(currency)} is not the currency of ${countryName(country)}`;
  if (priced.includes(own))
    return `${wrong}: use ${JSON.stringify(own)}${unpriced ? `, the currency of ${countryName(country)}` : ''}`;
  return `${wrong}: ${countryName(country)} pays in ${JSON.stringify(own)}, which src/content/pricing.ts does not price yet; add it there first`;
}

/** Why a place's time zone is not one of its country's (when the country is known), naming the zones it has. */
export function timeZoneProblem(country: string | undefined, zone: unknown): string | undefined {
  const zones = (country && getCountry(country)?.timezones) || [];
  const named = (list: readonly string[]) => list.map((name) => JSON.stringify(name)).join(', ');
  const suggestion =
    zones.length === 0
      ? ''
      : zones.length === 1
        ? `; use ${named(zones)}`
        : zones.length <= 6
          ? `; one of ${named(zones)}`
          : `; one of its ${zones.length}, like ${named(zones.slice(0, 3))}`;
  const found = typeof zone === 'string' ? getTimezone(zone) : null;
  if (!found) return `${JSON.stringify(zone)} is not an IANA time zone${suggestion || ' like "Europe/London"'}`;
  if (country && !(found.countries as readonly string[]).includes(country))
    return `${JSON.stringify(zone)} is not a time zone of ${countryName(country)}${suggestion}`;
  return undefined;
}

/**
 * Two places of one kind closer than this are one place entered twice. The closest pair of today's
 * map that is two places: King's Cross and St Pancras stations, 258 m apart across one street.
 */
export const SAME_PLACE_WITHIN_M = 200;

/** The earlier place of the same kind within SAME_PLACE_WITHIN_M, as a problem of the later one. */
export function samePlaceProblem(
  kind: string,
  here: LatLng,
  earlier: ReadonlyArray<{ slug: string; kind: string } & LatLng>,
): string | undefined {
  for (const other of earlier) {
    if (other.kind !== kind) continue;
    const metres = Math.round(distanceKm(here, other) * 1000);
    if (metres < SAME_PLACE_WITHIN_M)
      return `${metres} m from ${JSON.stringify(other.slug)}, also a ${kind}: the same place twice? Give its domain that slug, or check lat and lng`;
  }
  return undefined;
}

/**
 * The widest a name or phrase may be, in Latin letters (a Chinese, Japanese or Korean character
 * counts as two): past it the headline at 390 px takes more than the gallery's three lines
 * (scripts/gallery/checks.mts). Today's widest: a phrase of 56 ("in der Nähe der Altstadt von
 * Dubrovnik und des Pile-Tors"), a name of 43.
 */
export const MAX_WIDTH = { name: 48, where: 60 } as const;

const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const widthOf = (text: string) => [...text].reduce((width, character) => width + (WIDE.test(character) ? 2 : 1), 0);

export function widthProblem(field: keyof typeof MAX_WIDTH, text: string): string | undefined {
  const width = widthOf(text);
  if (width <= MAX_WIDTH[field]) return undefined;
  return `${width} characters wide: at most ${MAX_WIDTH[field]}, so that the headline fits three lines on a phone; shorten it`;
}

/** A text's likeliest language and each language's score, 0 to 1. */
export type LanguageOf = (text: string) => { language: string; scores: Record<string, number> };

/**
 * eld (its large n-grams, 4 MB) choosing among the languages phrases are written in (or, for the
 * gallery's pages, all the site's). Handed in by the caller: eld is an ES module only, loaded with
 * `import()` by scripts/check-tenants.mts and scripts/gallery/cli.mts.
 */
export function languageReader(detector: typeof Eld, languages: readonly string[] = PHRASE_LOCALES): LanguageOf {
  detector.setLanguageSubset([...languages]);
  return (text) => {
    const result = detector.detect(text);
    return { language: result.language, scores: result.getScores() };
  };
}

/**
 * How much likelier another language must be than the filed one. Over today's map's 706 phrases the
 * widest such lead is 0.034 (the Polish "we Florencji", read as English); the German phrase filed
 * as Italian in issue 39 leads by 0.47.
 */
export const LANGUAGE_MARGIN = 0.2;

/** Scripts written without spaces between words: a name in them is cut out wherever it stands. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * The words of a text with the names (in any language) taken out: "in London" says nothing of its
 * language but "in", and a name is the same in every language. Prepared once per list of names:
 * the gallery reads every sentence of every page against all the places' names.
 */
export function nameRemover(names: readonly string[]): (text: string) => string {
  const nameWords = new Set(names.flatMap(wordsOf));
  // "Bagberthの安心保証", "ロンドンの荷物預かり": a Latin word ends where the script changes, and
  // a Japanese name is one part of a longer run of letters.
  const unspaced = names.filter((name) => UNSPACED.test(name)).sort((a, b) => b.length - a.length);
  return (text) => {
    const split = unspaced
      .reduce((left, name) => left.replaceAll(name, ' '), text)
      .replace(
        /(\p{Script=Latin})(?=[^\p{Script=Latin}\P{L}])|([^\p{Script=Latin}\P{L}])(?=\p{Script=Latin})/gu,
        '$1$2 ',
      );
    return wordsOf(split)
      .filter((word) => !nameWords.has(word))
      .join(' ');
  };
}

/** The language a text reads as when that is not the one it should be in, by LANGUAGE_MARGIN. */
export function otherLanguage(languageOf: LanguageOf, locale: string, text: string): string | undefined {
  const { language, scores } = languageOf(text);
  const margin = (scores[language] ?? 0) - (scores[locale] ?? 0);
  return language === locale || margin < LANGUAGE_MARGIN ? undefined : language;
}

/** A phrase filed under one language that reads as another. */
export function languageProblem(
  languageOf: LanguageOf,
  locale: string,
  phrase: string,
  names: readonly string[],
): string | undefined {
  const language = otherLanguage(languageOf, locale, nameRemover(names)(phrase));
  if (!language) return undefined;
  const named = new Intl.DisplayNames('en', { type: 'language' });
  return `reads as ${named.of(language)}, not ${named.of(locale)}: write it in the language it is filed under`;
}
