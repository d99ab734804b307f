// A share image in the page's language draws its text from the font subsets it needs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFontFaces, subsetsFor } from '@/seo/fontSubsets';

const css = (pkg: string) => readFileSync(require.resolve(`@fontsource/${pkg}/700.css`), 'utf8');

describe('font subsets', () => {
  it('reads every @font-face of a @fontsource file with its woff file and ranges', () => {
    const faces = parseFontFaces(css('noto-sans'));
    const latin = faces.find((face) => face.file.endsWith('noto-sans-latin-700-normal.woff'));
    expect(latin?.ranges).toContainEqual([0x0000, 0x00ff]);
    expect(faces.length).toBeGreaterThan(5);
  });

  it('picks only the subsets a text needs', () => {
    const latin = parseFontFaces(css('noto-sans'));
    const english = subsetsFor(latin, 'Luggage storage').map((face) => face.file);
    expect(english).toContain('./files/noto-sans-latin-700-normal.woff');
    expect(english).not.toContain('./files/noto-sans-cyrillic-700-normal.woff');
    const russian = subsetsFor(latin, 'Камера').map((face) => face.file);
    expect(russian).toEqual(['./files/noto-sans-cyrillic-700-normal.woff']);
    const japanese = subsetsFor(parseFontFaces(css('noto-sans-jp')), '京都駅周辺の荷物預かり');
    expect(japanese.length).toBeGreaterThan(0);
    expect(japanese.length).toBeLessThan(12);
  });
});
