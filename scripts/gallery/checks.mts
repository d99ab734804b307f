// The checks on every gallery card (docs/gallery.md, "Checks"): what a marketer's change can break
// that no schema sees. Pure: the capture (scripts/gallery/capture.ts) measures, this decides.
import { otherLanguage, UNSPACED, type LanguageOf } from '../../src/tenancy/placeFacts.ts';

/** What the browser measured on one page, and what the tenant map says it links to. */
export interface Measurements {
  /**
   * Bottom edge of the hero's booking button at each screen size (SCREENS), a first visit (banner
   * shown), in CSS pixels from the top of the page; null where there is none.
   */
  ctaBottom: Record<ScreenSize, number | null>;
  /** scrollWidth − innerWidth at each phone width. */
  overflow: Record<'320' | '360' | '390', number>;
  /** The headline's rendered lines at 390 px. */
  headlineLines: number;
  /** Texts the page renders that are copy of another language and not of its own. */
  foreignTexts: Array<{ text: string; languages: string[] }>;
  /** Sentences the page renders that read as another of the site's languages (foreignSentences). */
  foreignSentences: Array<{ text: string; language: string }>;
  /** The "near" list: what a station or landmark page calls near, with distances. */
  neighbours: Array<{ name: string; km: number }>;
  shareImage: { url: string | null; expected: string; status: number; contentType: string };
  consoleErrors: string[];
}

/** The first screens the booking button must be on: small, common and large phones, and a laptop. */
const SCREENS = { '320×568': 568, '360×640': 640, '390×844': 844, '1280×800': 800 } as const;
export type ScreenSize = keyof typeof SCREENS;

export type CheckId = 'fold' | 'overflow' | 'language' | 'headline' | 'neighbours' | 'shareImage' | 'console';

export interface CheckResult {
  id: CheckId;
  ok: boolean;
  /** One line a marketer reads: what is wrong, with the figures. */
  detail: string;
}

/** The limits, one place: docs/gallery.md names them. */
const LIMITS = { headlineLines: 3, neighbourKm: 10 } as const;

export const CHECK_LABELS: Record<CheckId, string> = {
  fold: `Booking button on the first screen (${Object.keys(SCREENS).join(', ')})`,
  overflow: 'No sideways scroll at 320, 360, 390 px',
  language: 'Only its own language',
  headline: `Headline in ${LIMITS.headlineLines} lines or fewer at 390 px`,
  neighbours: `Neighbours within ${LIMITS.neighbourKm} km`,
  shareImage: 'Its own share image',
  console: 'No console errors',
};

export function check(m: Measurements): CheckResult[] {
  const overflowing = Object.entries(m.overflow).filter(([, pixels]) => pixels > 0);
  const below = (Object.keys(SCREENS) as ScreenSize[])
    .map((size) => [size, m.ctaBottom[size] ?? null] as const)
    .filter(([size, bottom]) => bottom === null || bottom > SCREENS[size]);
  const far = m.neighbours.filter((neighbour) => neighbour.km > LIMITS.neighbourKm);
  const share = m.shareImage;
  const ownImage = share.url !== null && new URL(share.url, 'http://x').pathname === `/og/${share.expected}.png`;
  return [
    {
      id: 'fold',
      ok: below.length === 0,
      detail:
        below.length === 0
          ? 'on every first screen'
          : below
              .map(([size, bottom]) =>
                bottom === null
                  ? `no booking button at ${size}`
                  : `at ${size} the button ends at ${Math.round(bottom)} px of ${SCREENS[size]}`,
              )
              .join('; '),
    },
    {
      id: 'overflow',
      ok: overflowing.length === 0,
      detail:
        overflowing.length === 0
          ? 'none'
          : overflowing.map(([width, pixels]) => `${pixels} px too wide at ${width} px`).join(', '),
    },
    {
      id: 'language',
      ok: m.foreignTexts.length === 0 && m.foreignSentences.length === 0,
      detail:
        m.foreignTexts.length + m.foreignSentences.length === 0
          ? 'none'
          : [
              ...m.foreignTexts.map(({ text, languages }) => `"${text}" (copy of ${languages.join(', ')})`),
              ...m.foreignSentences.map(({ text, language }) => `"${text}" (reads as ${language})`),
            ].join('; '),
    },
    {
      id: 'headline',
      ok: m.headlineLines <= LIMITS.headlineLines,
      detail: `${m.headlineLines} line${m.headlineLines === 1 ? '' : 's'}`,
    },
    {
      id: 'neighbours',
      ok: far.length === 0,
      detail:
        m.neighbours.length === 0
          ? 'no "near" list'
          : m.neighbours.map(({ name, km }) => `${name} ${km.toFixed(1)} km`).join(', '),
    },
    {
      id: 'shareImage',
      ok: ownImage && share.status === 200 && share.contentType === 'image/png',
      detail: !share.url
        ? 'no og:image'
        : !ownImage
          ? `${share.url} is not /og/${share.expected}.png`
          : share.status === 200
            ? 'ok'
            : `${share.url} answers ${share.status}`,
    },
    {
      id: 'console',
      ok: m.consoleErrors.length === 0,
      detail: m.consoleErrors.length === 0 ? 'none' : m.consoleErrors.join(' | '),
    },
  ];
}

/**
 * The copy strings of each language, for the language check: a text the page renders that is a
 * string of another language's copy and of none of its own is a fallback or a paste. Strings that
 * read the same in several languages (brand names, "OK") count for each.
 */
export function foreignTexts(
  rendered: readonly string[],
  locale: string,
  copyByLocale: Readonly<Record<string, ReadonlySet<string>>>,
): Array<{ text: string; languages: string[] }> {
  const own = copyByLocale[locale] ?? new Set<string>();
  const found = new Map<string, string[]>();
  for (const text of new Set(rendered)) {
    if (own.has(text)) continue;
    const languages = Object.entries(copyByLocale)
      .filter(([other, strings]) => other !== locale && strings.has(text))
      .map(([other]) => other);
    if (languages.length > 0) found.set(text, languages);
  }
  return [...found].map(([text, languages]) => ({ text, languages }));
}

/** Every leaf string of a copy file that a page could show as it is: no placeholders, at least two letters. */
export function copyStrings(copy: unknown): Set<string> {
  const strings = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (!text.includes('{{') && !text.includes('<') && /\p{L}.*\p{L}/u.test(text)) strings.add(text);
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(copy);
  return strings;
}

/**
 * Too short to tell its language by: fewer letters than this once names are out (a Chinese,
 * Japanese or Korean character counts for three, as it carries about a word). Measured over every
 * page of today's map: docs/gallery.md, "Checks".
 */
const SENTENCE_MIN_LETTERS = 16;

const lettersOf = (text: string) =>
  [...text].reduce((count, character) => count + (UNSPACED.test(character) ? 3 : /\p{L}/u.test(character) ? 1 : 0), 0);

/**
 * Every sentence of the page's blocks that reads as another of the site's languages: a phrase
 * pasted from another language, or copy that fell back to English. Names of places (in any
 * language) say nothing of a sentence's language and are left out (`withoutNames`, placeFacts.ts's
 * nameRemover) before it is read.
 */
export function foreignSentences(
  blocks: readonly string[],
  locale: string,
  languageOf: LanguageOf,
  withoutNames: (text: string) => string,
): Array<{ text: string; language: string }> {
  const sentences = new Set(
    blocks.flatMap((block) => block.split(/(?<=[.!?。！？])\s*/u)).map((sentence) => sentence.trim()),
  );
  const found: Array<{ text: string; language: string }> = [];
  for (const text of sentences) {
    const rest = withoutNames(text);
    if (lettersOf(rest) < SENTENCE_MIN_LETTERS) continue;
    const language = otherLanguage(languageOf, locale, rest);
    if (language) found.push({ text, language });
  }
  return found;
}
