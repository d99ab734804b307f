// After `next build`: the share image of every page in every locale it is served in, as static
// PNGs in .next/share-images/, served from memory by server.ts (by pages/api/og/[page].ts under
// `next dev`). Drawn once here, never per request, and only when its text, fonts or drawing changed
// since the last build (node_modules/.cache/share-images: build:e2e builds twice).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { ImageResponse } from 'next/og';
import { createElement } from 'react';
import { landingPaths, landingProps } from '../src/landing/server';
import { titleKeys } from '../src/landing/titleKeys';
import { parseFontFaces, subsetsFor, type FontSubset } from '../src/seo/fontSubsets';
import { SHARE_IMAGE_SIZE, ShareImage, type ShareImageText } from '../src/seo/shareImage';
import { SHARE_IMAGE_DIR, shareImageName } from '../src/seo/shareImageFiles';
import { spelledFor } from '../src/i18n/regionalLocale';
import type { WebsiteLocale } from '../src/i18n/websiteLocales';
import { fileCache } from './fileCache';

const root = resolve(__dirname, '..');

/** Noto Sans for Latin, Greek and Cyrillic; the CJK families for their scripts. */
const FAMILIES = ['noto-sans', 'noto-sans-jp', 'noto-sans-kr', 'noto-sans-sc'].map((pkg) => {
  const cssPath = require.resolve(`@fontsource/${pkg}/700.css`);
  return { pkg, dir: dirname(cssPath), faces: parseFontFaces(readFileSync(cssPath, 'utf8')) };
});
const CJK_FAMILY: Partial<Record<WebsiteLocale, string>> = {
  ja: 'noto-sans-jp',
  ko: 'noto-sans-kr',
  zh: 'noto-sans-sc',
};

const fontData = new Map<string, Buffer>();
function fontsFor(text: string, locale: WebsiteLocale) {
  const families = FAMILIES.filter((family) => family.pkg === 'noto-sans' || family.pkg === CJK_FAMILY[locale]);
  // A glyph no font has would make the renderer fetch one from the internet: stop the build instead.
  const missing = [...text].filter(
    (char) => char.trim() && families.every(({ faces }) => subsetsFor(faces, char).length === 0),
  );
  if (missing.length)
    throw new Error(`No font for ${JSON.stringify(missing.join(''))} in the ${locale} share image text: ${text}`);
  return families.flatMap(({ dir, faces }) =>
    subsetsFor(faces, text).map((face: FontSubset) => {
      const path = join(dir, face.file);
      if (!fontData.has(path)) fontData.set(path, readFileSync(path));
      // A name per subset: the renderer looks for a glyph through the families listed, not through files of one name.
      return {
        name: face.file.replace(/^.*\//, ''),
        data: fontData.get(path)!,
        weight: 700 as const,
        style: 'normal' as const,
      };
    }),
  );
}

const translators = new Map<string, TFunction>();
async function translator(locale: string): Promise<TFunction> {
  if (!translators.has(locale)) {
    const i18n = createInstance();
    const microsites = JSON.parse(readFileSync(join(root, 'locales', locale, 'microsites.json'), 'utf8'));
    await i18n.init({
      lng: locale,
      ns: ['microsites'],
      defaultNS: 'microsites',
      resources: { [locale]: { microsites } },
      interpolation: { escapeValue: false },
    });
    translators.set(locale, i18n.t);
  }
  return translators.get(locale)!;
}

/** What draws an image besides its text: this script, the component and its theme, the fonts' and the renderer's releases. */
const DRAWING = [
  __filename,
  join(root, 'src/seo/shareImage.tsx'),
  join(root, 'src/theme/theme.ts'),
  require.resolve('next/package.json'),
  ...FAMILIES.map(({ pkg }) => require.resolve(`@fontsource/${pkg}/package.json`)),
]
  .reduce((hash, file) => hash.update(readFileSync(file)), createHash('sha256'))
  .digest('hex');

async function main() {
  const started = Date.now();
  mkdirSync(join(root, SHARE_IMAGE_DIR), { recursive: true });
  const cache = fileCache(join(root, 'node_modules/.cache/share-images'), DRAWING);
  let drawn = 0;
  const pages = landingPaths().filter((path) => typeof path !== 'string');
  for (const { params, locale } of pages) {
    const props = landingProps(params, locale);
    if (!props) throw new Error(`No landing page for ${params.slug}/${params.type} in ${locale}`);
    const t = await translator(props.locale);
    // Narrow no-break spaces (French digit groups) are in no Noto subset; a no-break space looks the same.
    const say = (text: string) => text.replace(/\u202f/g, '\u00a0');
    // Spelled as the page is (pages/[slug]/[type].tsx): no ß on a Swiss German image either.
    const text: ShareImageText = spelledFor(props.format.locale, {
      kindLabel: say(t(`kind.${props.place.kind}`)),
      headline: say(t(titleKeys(props.type, props.place.kind).headline, { where: props.place.where })),
      price: say(t('hero.priceFrom', { price: props.price.dailyFrom })),
    });
    const fonts = fontsFor(`Bagberth B ${Object.values(text).join(' ')}`, props.locale);
    const fontFamily = fonts.map((font) => `'${font.name}'`).join(', ');
    const file = join(root, SHARE_IMAGE_DIR, `${shareImageName(props.slug, props.type, props.locale)}.png`);
    const inputs = { text, fonts: fonts.map((font) => font.name), size: SHARE_IMAGE_SIZE };
    const made = await cache.file(file, inputs, async () => {
      const image = new ImageResponse(createElement(ShareImage, { ...text, fontFamily }), {
        ...SHARE_IMAGE_SIZE,
        fonts,
      });
      writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    });
    if (made === 'made') drawn += 1;
  }
  cache.prune();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `Share images: ${pages.length} pages × locales in ${seconds} s (${drawn} drawn, ${pages.length - drawn} unchanged) → ${SHARE_IMAGE_DIR}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
