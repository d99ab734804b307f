// Issue 24 item 1 (docs/deploy.md, "Static files"): the build writes a brotli and a gzip copy beside
// each compressible static file, which the proxy sends as they are.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MIN_BYTES, precompress } from '../../scripts/precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'chunks', 'pages'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const script = 'export const answer = () => "luggage storage near the station";\n'.repeat(40);

describe('precompress', () => {
  it('writes a .br and a .gz beside each script and stylesheet, in folders too, each decompressing to the file', () => {
    writeFileSync(join(dir, 'chunks', 'app.js'), script);
    writeFileSync(join(dir, 'chunks', 'pages', 'page.css'), `.hero{color:#123456}\n`.repeat(60));
    const totals = precompress(dir);
    for (const file of [join(dir, 'chunks', 'app.js'), join(dir, 'chunks', 'pages', 'page.css')]) {
      const original = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(original);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(original);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(original.length);
    }
    expect(totals.files).toBe(2);
    expect(totals.brotliBytes).toBeLessThan(totals.gzipBytes);
  });

  it('leaves alone files that are compressed already or too small to gain, and never compresses its own copies', () => {
    writeFileSync(join(dir, 'font.woff2'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'image.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'tiny.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'app.js'), script);
    precompress(dir);
    precompress(dir);
    expect(readdirSync(dir).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'chunks',
      'font.woff2',
      'image.png',
      'tiny.js',
    ]);
  });
});
