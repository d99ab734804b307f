// The gallery's visual diff and its page (docs/gallery.md, "Against a base"): changed pixels
// counted with pixelmatch, shots of different heights compared whole, and a changed card showing
// before, after and the difference.
import { PNG } from 'pngjs';
import { diffPngs } from '../../scripts/gallery/diff.mts';
import { galleryHtml, type Card } from '../../scripts/gallery/html.mts';
import { check } from '../../scripts/gallery/checks.mts';

/** A width × height PNG, white, with an optional black square at (x, y). */
function png(width: number, height: number, square?: { x: number; y: number; size: number }): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside =
        square && x >= square.x && x < square.x + square.size && y >= square.y && y < square.y + square.size;
      const at = (y * width + x) * 4;
      image.data.set(inside ? [0, 0, 0, 255] : [255, 255, 255, 255], at);
    }
  }
  return PNG.sync.write(image);
}

describe('diffPngs', () => {
  it('counts nothing for the same picture', () => expect(diffPngs(png(40, 30), png(40, 30), 0.1).changed).toBe(0));
  it('counts the pixels that changed, and draws them', () => {
    const { changed, image } = diffPngs(png(40, 30), png(40, 30, { x: 5, y: 5, size: 4 }), 0.1);
    expect(changed).toBe(16);
    expect(PNG.sync.read(image)).toMatchObject({ width: 40, height: 30 });
  });
  it('compares shots of different heights whole: the extra rows count as changed', () => {
    const { changed, image } = diffPngs(png(10, 10), png(10, 12), 0.1);
    expect(changed).toBe(20);
    expect(PNG.sync.read(image).height).toBe(12);
  });
});

describe('galleryHtml', () => {
  const page = {
    id: 'kingscross-bagberth.co.uk/de',
    host: 'kingscross-bagberth.co.uk',
    hosts: ['kingscross-bagberth.co.uk'],
    locale: 'de' as const,
    slug: 'kings-cross-station',
    type: 'poi' as const,
    kind: 'station' as const,
    place: "King's Cross Station",
    country: 'GB',
    path: '/de',
  };
  const checks = check({
    ctaBottom: { '320×568': 500, '360×640': 700, '390×844': 600, '1280×800': 500 },
    overflow: { '320': 0, '360': 0, '390': 0 },
    headlineLines: 2,
    foreignTexts: [],
    foreignSentences: [],
    neighbours: [],
    shareImage: {
      url: '/og/kings-cross-station-poi-de.png',
      expected: 'kings-cross-station-poi-de',
      status: 200,
      contentType: 'image/png',
    },
    consoleErrors: [],
  });
  const card: Card = {
    page,
    checks,
    files: {
      phone: 'shots/new-phone.png',
      desktop: 'shots/new-desktop.png',
      share: null,
      saved: 'shots/new-page.mhtml',
    },
    diff: {
      state: 'changed',
      before: { phone: 'shots/old-phone.png', desktop: 'shots/old-desktop.png' },
      diffImages: { phone: 'shots/old-new-phone-diff.png' },
      changedPixels: 321,
    },
  };
  const html = galleryHtml({
    cards: [card],
    removed: [{ ...page, id: 'gone.example/en' }],
    madeAt: '2026-11-28T09:05:00Z',
    scope: 'every page',
    against: 'gallery-before',
  });

  it('counts each failed check at the top, and the badge links to its evidence on the card', () => {
    expect(html).toContain('<h1>Tenant gallery: 1 pages, 1 with a failed check</h1>');
    expect(html).toContain(
      '<li class="fail">Booking button on the first screen (320×568, 360×640, 390×844, 1280×800): 1 failing</li>',
    );
    expect(html).toContain('href="#kingscross-bagberth.co.uk/de-fold"');
    expect(html).toContain(
      '<dt id="kingscross-bagberth.co.uk/de-fold">Booking button on the first screen (320×568, 360×640, 390×844, 1280×800)</dt><dd>at 360×640 the button ends at 700 px of 640</dd>',
    );
  });

  it('shows a changed page before, after and the difference, with relative links only', () => {
    expect(html).toContain('changed (321 px)');
    for (const file of ['shots/old-phone.png', 'shots/new-phone.png', 'shots/old-new-phone-diff.png'])
      expect(html).toContain(`href="${file}"`);
    expect(html).toContain('<li>gone.example/en</li>');
    // Issue 39 item 3: the host links to the page as it was saved, which opens after the run.
    expect(html).toContain('<a href="shots/new-page.mhtml"');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('says when it was made in words, in UTC', () =>
    expect(html).toContain('made <time datetime="2026-11-28T09:05:00Z">28 November 2026 at 09:05 UTC</time>'));
});
