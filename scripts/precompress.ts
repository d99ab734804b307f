// A step of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy beside every compressible
// file in .next/static, at the highest quality, once per build. The caching proxy sends them as
// they are (brotli_static, gzip_static in deploy/nginx.conf.template), with a Content-Length and
// no compression per request, so a first visit's scripts cost what any static file costs; a CDN
// in front gets the same files (docs/deploy.md, "Static files").
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What nginx would compress on the fly (gzip_types in deploy/nginx.conf.template); fonts and images are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Below this, a compressed copy saves less than a packet's headers (gzip_min_length in the template). */
export const MIN_BYTES = 512;

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside each compressible file of `dir` of MIN_BYTES or more. */
export function precompress(dir: string): Precompressed {
  const totals: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
    totals.gzipBytes += gzip.length;
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  const dir = resolve(__dirname, '..', '.next', 'static');
  const { files, bytes, brotliBytes, gzipBytes } = precompress(dir);
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `Precompressed ${files} files in ${relative(process.cwd(), dir)}: ${kB(bytes)} → ${kB(brotliBytes)} brotli, ${kB(gzipBytes)} gzip.`,
  );
}
