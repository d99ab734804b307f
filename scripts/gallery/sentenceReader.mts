// How the gallery reads a sentence's language (checks.mts, foreignSentences): eld over the site's
// languages, with the brand and every place's name in every language taken out first. Shared by the
// gallery (cli.mts) and bench/gallery-languages.mts, which measures how close it comes to a false alarm.
import { WEBSITE_LOCALES } from '../../src/i18n/websiteLocales.ts';
import { BRAND_NAME } from '../../src/seo/jsonLd.ts';
import { languageReader, nameRemover } from '../../src/tenancy/placeFacts.ts';
import type { Place } from '../../src/tenancy/types.ts';

export async function sentenceReader(places: Record<string, Place>) {
  // eld is an ES module of 4 MB of n-grams: loaded only where a gallery is checked.
  const { eld } = await import('eld/large');
  return {
    languageOf: languageReader(eld, WEBSITE_LOCALES),
    withoutNames: nameRemover([BRAND_NAME, ...Object.values(places).flatMap((place) => Object.values(place.name))]),
  };
}
