// `npx tsx bench/gallery-languages.mts [DIR]`: how close the gallery's sentence check (scripts/gallery/checks.mts,
// foreignSentences) comes to a false alarm, over a gallery already made (`npm run gallery -- --out DIR`;
// default gallery/). Prints the sentences judged, those flagged, and per locale the widest lead any other
// language had over the page's own, against LANGUAGE_MARGIN.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGE_MARGIN, type LanguageOf } from '../src/tenancy/placeFacts.ts';
import type { Place } from '../src/tenancy/types.ts';
import { foreignSentences } from '../scripts/gallery/checks.mts';
import { sentenceReader } from '../scripts/gallery/sentenceReader.mts';

const dir = resolve(process.argv[2] ?? 'gallery');
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
  pages: Array<{ page: { id: string; locale: string }; key: string }>;
};
const places = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'tenants/places.json'), 'utf8')) as {
    places: Record<string, Place>;
  }
).places;
const { languageOf: read, withoutNames } = await sentenceReader(places);

let judged = 0;
let flagged = 0;
const widest = new Map<string, { lead: number; text: string; as: string; page: string }>();
for (const { page, key } of manifest.pages) {
  const { blocks } = JSON.parse(readFileSync(join(dir, 'shots', `${key}.json`), 'utf8')) as { blocks: string[] };
  // The check's own reader, watched: each sentence it judges passes through here once.
  const languageOf: LanguageOf = (text) => {
    const result = read(text);
    judged += 1;
    const [as, best] = Object.entries(result.scores)
      .filter(([language]) => language !== page.locale)
      .sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const lead = best - (result.scores[page.locale] ?? 0);
    if (lead > (widest.get(page.locale)?.lead ?? -Infinity)) widest.set(page.locale, { lead, text, as, page: page.id });
    return result;
  };
  flagged += foreignSentences(blocks, page.locale, languageOf, withoutNames).length;
}
console.log(
  `${manifest.pages.length} pages, ${judged} sentences judged, ${flagged} flagged (margin ${LANGUAGE_MARGIN})`,
);
console.log('| locale | widest lead of another language | as | sentence (names out) | page |\n|---|---|---|---|---|');
for (const [locale, { lead, text, as, page }] of [...widest].sort())
  console.log(`| ${locale} | ${lead.toFixed(3)} | ${as} | ${text.slice(0, 60)} | ${page} |`);
