// The tenant gallery's checks and page selection (docs/gallery.md; issue 26): what a marketer's
// change can break that no schema sees, decided from what the browser measured.
import { eld } from 'eld/large';
import {
  check,
  copyStrings,
  foreignSentences,
  foreignTexts,
  type Measurements,
} from '../../scripts/gallery/checks.mts';
import { affected, changes, galleryPages, narrow } from '../../scripts/gallery/pages.mts';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { languageReader, nameRemover } from '@/tenancy/placeFacts';
import { PLACES } from '@/tenancy/placeData';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import type { Place } from '@/tenancy/types';

const good: Measurements = {
  ctaBottom: { '320×568': 540, '360×640': 560, '390×844': 600, '1280×800': 520 },
  overflow: { '320': 0, '360': 0, '390': 0 },
  headlineLines: 2,
  foreignTexts: [],
  foreignSentences: [],
  neighbours: [{ name: 'St Pancras', km: 0.3 }],
  shareImage: {
    url: 'https://kingscross-bagberth.co.uk/og/kings-cross-station-poi-en.png',
    expected: 'kings-cross-station-poi-en',
    status: 200,
    contentType: 'image/png',
  },
  consoleErrors: [],
};
const failing = (m: Partial<Measurements>) =>
  check({ ...good, ...m })
    .filter((result) => !result.ok)
    .map((result) => [result.id, result.detail]);

describe('the gallery checks', () => {
  it('pass a page with nothing wrong', () => expect(failing({})).toEqual([]));

  it.each([
    [
      'the booking button below 640 px at 360×640',
      { ctaBottom: { ...good.ctaBottom, '360×640': 702 } },
      [['fold', 'at 360×640 the button ends at 702 px of 640']],
    ],
    // Issue 39 item 3: a desktop button at 838 px of an 800 px screen passed when only 360×640 was measured.
    [
      'the booking button below a laptop’s first screen',
      { ctaBottom: { ...good.ctaBottom, '1280×800': 838 } },
      [['fold', 'at 1280×800 the button ends at 838 px of 800']],
    ],
    [
      'the button below two screens, and gone on one',
      { ctaBottom: { '320×568': 600, '360×640': 560, '390×844': null, '1280×800': 801 } },
      [
        [
          'fold',
          'at 320×568 the button ends at 600 px of 568; no booking button at 390×844; at 1280×800 the button ends at 801 px of 800',
        ],
      ],
    ],
    [
      'sideways scroll at 320',
      { overflow: { '320': 14, '360': 0, '390': 0 } },
      [['overflow', '14 px too wide at 320 px']],
    ],
    ['a four-line headline', { headlineLines: 4 }, [['headline', '4 lines']]],
    [
      'English on a Polish page',
      { foreignTexts: [{ text: 'Find storage', languages: ['en'] }] },
      [['language', '"Find storage" (copy of en)']],
    ],
    [
      'a German sentence on an Italian page',
      { foreignSentences: [{ text: 'Gepäckaufbewahrung in der Nähe des Bahnhofs', language: 'de' }] },
      [['language', '"Gepäckaufbewahrung in der Nähe des Bahnhofs" (reads as de)']],
    ],
    ['a neighbour 12 km away', { neighbours: [{ name: 'Heathrow', km: 12.04 }] }, [['neighbours', 'Heathrow 12.0 km']]],
    [
      'the fallback share image',
      { shareImage: { ...good.shareImage, url: 'https://x/og/default.png' } },
      [['shareImage', 'https://x/og/default.png is not /og/kings-cross-station-poi-en.png']],
    ],
    [
      'a missing share image',
      { shareImage: { ...good.shareImage, status: 404 } },
      [['shareImage', 'https://kingscross-bagberth.co.uk/og/kings-cross-station-poi-en.png answers 404']],
    ],
    ['no share image at all', { shareImage: { ...good.shareImage, url: null } }, [['shareImage', 'no og:image']]],
    ['a console error', { consoleErrors: ['TypeError: x is undefined'] }, [['console', 'TypeError: x is undefined']]],
  ])('fail on %s, saying what', (_, measured, expected) =>
    expect(failing(measured as Partial<Measurements>)).toEqual(expected),
  );

  it('take a button ending on the screen’s last pixel, 3 lines and 10 km as still fine', () => {
    expect(
      failing({
        ctaBottom: { '320×568': 568, '360×640': 640, '390×844': 844, '1280×800': 800 },
        headlineLines: 3,
        neighbours: [{ name: 'Edge', km: 10 }],
      }),
    ).toEqual([]);
  });
});

describe('the language check', () => {
  const copy = {
    en: copyStrings({ cta: 'Find storage', brand: 'Bagberth', hello: 'Hello {{name}}' }),
    pl: copyStrings({ cta: 'Znajdź przechowalnię', brand: 'Bagberth' }),
  };
  it("finds another language's copy the page renders, never its own or a shared name", () => {
    expect(foreignTexts(['Znajdź przechowalnię', 'Bagberth', 'Find storage', 'Kraków'], 'pl', copy)).toEqual([
      { text: 'Find storage', languages: ['en'] },
    ]);
  });
  it('leaves out copy with placeholders, markup or no letters', () => {
    expect([...copyStrings({ a: 'Hello {{name}}', b: '<b>x</b> y', c: '£5', d: 'Book now' })]).toEqual(['Book now']);
  });
});

// Issue 39 item 3: the language of every sentence, not only whether it is a copy string.
describe('the sentence language check', () => {
  const languageOf = languageReader(eld, WEBSITE_LOCALES);
  const names = nameRemover(['Bagberth', ...Object.values(PLACES).flatMap((place) => Object.values(place.name))]);
  it('finds a phrase pasted from another language among the page’s own sentences', () => {
    const blocks = [
      'Przechowalnia bagażu w pobliżu dworca King’s Cross',
      'Gepäckaufbewahrung in der Nähe des Salzburger Hauptbahnhofs. Zostaw bagaż w zaufanym sklepie lub hotelu.',
    ];
    expect(foreignSentences(blocks, 'pl', languageOf, names)).toEqual([
      { text: 'Gepäckaufbewahrung in der Nähe des Salzburger Hauptbahnhofs.', language: 'de' },
    ]);
  });
  it('reads a Korean sentence on a Japanese page, with the place names taken out', () => {
    expect(
      foreignSentences(['ロンドンの荷物預かり', '킹스크로스역 근처에서 짐을 맡기세요'], 'ja', languageOf, names),
    ).toEqual([{ text: '킹스크로스역 근처에서 짐을 맡기세요', language: 'ko' }]);
  });
  it('leaves short labels and names alone: too little to tell a language by', () => {
    expect(
      foreignSentences(
        ['Cookie設定', 'Reserva online', 'Bagberth', 'Gare de Genève-Cornavin'],
        'fr',
        languageOf,
        names,
      ),
    ).toEqual([]);
    expect(foreignSentences(['Bagberthの安心保証'], 'ja', languageOf, names)).toEqual([]);
  });
});

describe('the pages a change affects', () => {
  const map = { domains: DOMAIN_ENTRIES, places: PLACES };
  const pages = galleryPages(map);

  it('one card per page and language, alias hosts listed on it', () => {
    const kingsCross = pages.filter((page) => page.slug === 'kings-cross-station');
    expect(kingsCross.map((page) => page.locale)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'ja',
      'ko',
      'zh',
      'ru',
      'pl',
    ]);
    expect(kingsCross[0]).toMatchObject({
      id: 'kingscross-bagberth.co.uk/en',
      path: '/',
      hosts: expect.arrayContaining(['kingscross-bagberth.co.uk', 'kingscross-bagberth.com']),
    });
    expect(narrow(pages, { hosts: ['kingscross-bagberth.com'], locales: ['de'] }).map((page) => page.id)).toEqual([
      'kingscross-bagberth.co.uk/de',
    ]);
  });

  it("a place's change reaches its pages and the pages that list it as a neighbour, in the map before and after", () => {
    const moved: Record<string, Place> = {
      ...PLACES,
      'st-pancras-international': { ...PLACES['st-pancras-international']!, lat: 48.8566, lng: 2.3522 },
    };
    const after = { domains: DOMAIN_ENTRIES, places: moved };
    const changed = changes({ ...map, copy: {} }, { ...after, copy: {} });
    expect([...changed.places]).toEqual(['st-pancras-international']);
    const hit = new Set(affected(pages, [map, after], changed).map((page) => page.slug));
    // Its own pages, King's Cross (which listed it before the move) and whoever is near its new place.
    expect(hit).toContain('st-pancras-international');
    expect(hit).toContain('kings-cross-station');
    expect(hit.has('kyoto-station')).toBe(false);
  });

  it("a language's copy change reaches every page in that language only", () => {
    const changed = changes({ ...map, copy: { de: 'a', fr: 'b' } }, { ...map, copy: { de: 'A', fr: 'b' } });
    const hit = affected(pages, [map], changed);
    expect(new Set(hit.map((page) => page.locale))).toEqual(new Set(['de']));
    expect(hit).toHaveLength(pages.filter((page) => page.locale === 'de').length);
  });
});
