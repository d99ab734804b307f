// The gallery's visual diff (docs/gallery.md, "Against a base"): a page's screenshot against the
// base gallery's, pixel by pixel with pixelmatch. Shots of different heights (a line more in a
// headline) are compared on a canvas of the larger size, the missing part counting as changed.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface PixelDiff {
  /** Pixels that differ beyond the colour threshold. */
  changed: number;
  /** The difference drawn in red over a faded copy of the new shot, as a PNG. */
  image: Buffer;
}

/** Both images on one canvas size, transparent where one is smaller. */
function onCanvas(png: PNG, width: number, height: number): Uint8Array {
  if (png.width === width && png.height === height) return png.data;
  const canvas = new PNG({ width, height });
  PNG.bitblt(png, canvas, 0, 0, png.width, png.height, 0, 0);
  return canvas.data;
}

/** `threshold`: pixelmatch's colour distance, 0 (exact) to 1; 0.1 ignores anti-aliasing noise. */
export function diffPngs(before: Buffer, after: Buffer, threshold: number): PixelDiff {
  const [a, b] = [PNG.sync.read(before), PNG.sync.read(after)];
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const output = new PNG({ width, height });
  const changed = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), output.data, width, height, {
    threshold,
    includeAA: false,
  });
  return { changed, image: PNG.sync.write(output) };
}
