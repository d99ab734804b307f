/**
 * Share images are drawn at build time from @fontsource's Noto fonts, which come split into
 * subsets by Unicode range (a Japanese font is 124 files). Only the subsets a text needs are loaded.
 */

export interface FontSubset {
  /** The .woff file, relative to the package's CSS file. */
  file: string;
  ranges: Array<[number, number]>;
}

/** The @font-face rules of a @fontsource CSS file (e.g. `700.css`), with their woff file and ranges. */
export function parseFontFaces(css: string): FontSubset[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body = '']) => {
    const file = /url\(([^)]+\.woff)\)\s*format\('woff'\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file || !range) return [];
    const ranges = range.split(',').map((part): [number, number] => {
      const [start = '0', end] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(start, 16), parseInt(end ?? start, 16)];
    });
    return [{ file, ranges }];
  });
}

/** The subsets that hold at least one character of `text`, in the CSS file's order. */
export function subsetsFor(faces: readonly FontSubset[], text: string): FontSubset[] {
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0) ?? 0))];
  return faces.filter((face) =>
    codePoints.some((point) => face.ranges.some(([start, end]) => point >= start && point <= end)),
  );
}
