// No page scrolls sideways on a phone, in any language, and no headline word is cut in two. For
// each locale, the page whose place name has the longest word in that locale (a German compound, a
// Polish declension, an unbroken Japanese run), at 1280, 390 and 320 px. bench/overflow.mjs sweeps
// every page.
import { readFileSync } from 'node:fs';
import { expect, hostUrl, test } from './support/fixtures';

type Entry = { domain: string; slug: string; locales: string[] };
const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Entry[] };
const { places } = JSON.parse(readFileSync('tenants/places.json', 'utf8')) as {
  places: Record<string, { name: Record<string, string> }>;
};

const longestWord = (text: string) => Math.max(...text.split(/[\s\u00a0-]+/).map((word) => [...word].length));
const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'pl'];

for (const locale of LOCALES) {
  const served = domains.filter((entry) => entry.locales.includes(locale));
  const name = (entry: Entry) => places[entry.slug]?.name[locale] ?? '';
  const hardest = served.reduce((best, entry) => {
    const [a, b] = [longestWord(name(entry)), longestWord(name(best))];
    return a > b || (a === b && name(entry).length > name(best).length) ? entry : best;
  });

  test(`${locale}: ${hardest.domain} (“${name(hardest)}”) stays inside a 320 and a 390 px screen, headline words whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(hostUrl(hardest.domain, locale === 'en' ? '/' : `/${locale}`));
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        headlineRight: document.querySelector('h1')!.getBoundingClientRect().right,
        offerRight: document.querySelector('#offer-price')!.parentElement!.getBoundingClientRect().right,
        // The language pill in the header: one line of 44 px, not "Language:" above the name.
        languagePill: document.querySelector('header summary')?.getBoundingClientRect().height ?? 0,
        // Words of the headline drawn on more than one line: "Gepäckaufbewahrun" + "g" reads as a typo.
        // Chinese and Japanese break between any two characters, so they have no words to keep.
        cutWords: (() => {
          const title = document.querySelector('h1')!;
          const text = title.firstChild;
          if (!text || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(title.textContent ?? ''))
            return [];
          return [...(text.textContent ?? '').matchAll(/[^\s\-]+/gu)]
            .filter((word) => {
              const range = document.createRange();
              range.setStart(text, word.index);
              range.setEnd(text, word.index + word[0].length);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            })
            .map((word) => word[0]);
        })(),
      }));
      expect(layout.scrollWidth, `${width} px: page width`).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.headlineRight, `${width} px: headline`).toBeLessThanOrEqual(width);
      expect(layout.offerRight, `${width} px: price card`).toBeLessThanOrEqual(width);
      expect(layout.languagePill, `${width} px: language pill`).toBeLessThanOrEqual(46);
      expect(layout.cutWords, `${width} px: headline words cut in two`).toEqual([]);
    }
  });
}
