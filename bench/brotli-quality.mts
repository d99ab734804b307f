// What brotli's quality costs and saves on the landing pages, for the one setting the server and
// the proxy share (src/base/compression.ts): every landing page in every language is asked once,
// uncompressed, from the current build; then, rounds times, each quality compresses all of them
// (the qualities in turn, their order rotating each round). Prints, per quality, the main thread's
// time per page (median of the rounds) and the bodies' sizes, and both as ratios to quality 5.
// Bodies compressed here in one piece; the server's stream can differ by a few bytes, and the bytes
// on the wire, headers and all, are bench/first-round-trip.mts's.
// Usage: npm run build:e2e && npm run bench:brotli-quality [-- --rounds N]
import { brotliCompressSync, constants } from 'node:zlib';
import { askLoopback } from '../deploy/loopback.ts';
import { BROTLI_QUALITY } from '../src/base/compression.ts';
import { median } from './median.mts';
import { benchPort } from './port.mjs';
import { startServer } from './server.mjs';
import { LANDING_PAGES } from './site.mts';

const PORT = benchPort(21);
const at = process.argv.indexOf('--rounds');
const ROUNDS = at > 0 ? Number(process.argv[at + 1]) : 5;
const QUALITIES = [5, 6, 7];

async function page(host: string, path: string): Promise<Buffer> {
  const answer = await askLoopback(`http://${host}:${PORT}${path}`, {
    headers: { accept: 'text/html', 'accept-encoding': 'identity' },
  });
  if (answer.status !== 200) throw new Error(`${host}${path}: ${answer.status}`);
  return answer.body;
}

const stop = await startServer(PORT);
let pages: Array<{ url: string; html: Buffer }>;
try {
  pages = [];
  for (const { host, path } of LANDING_PAGES) pages.push({ url: `${host}${path}`, html: await page(host, path) });
} finally {
  stop();
}

const compress = (html: Buffer, quality: number) =>
  brotliCompressSync(html, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
  }).length;

const msPerPage = new Map<number, number[]>(QUALITIES.map((quality) => [quality, []]));
const sizes = new Map<number, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (let turn = 0; turn < QUALITIES.length; turn++) {
    const quality = QUALITIES[(round + turn) % QUALITIES.length]!;
    const start = process.cpuUsage();
    const bodies = pages.map(({ html }) => compress(html, quality));
    const used = process.cpuUsage(start);
    msPerPage.get(quality)!.push((used.user + used.system) / 1000 / pages.length);
    sizes.set(quality, bodies);
  }
}

const base = QUALITIES[0]!;
const largest = (quality: number) => Math.max(...sizes.get(quality)!);
const total = (quality: number) => sizes.get(quality)!.reduce((sum, size) => sum + size, 0);
const worst = pages[sizes.get(base)!.indexOf(largest(base))]!.url;
console.log(
  `${pages.length} landing pages, ${ROUNDS} rounds; the largest at quality ${base}: ${worst}. The server's setting: ${BROTLI_QUALITY}.`,
);
for (const quality of QUALITIES) {
  const ms = median(msPerPage.get(quality)!);
  console.log(
    `quality ${quality}: ${ms.toFixed(2)} ms of CPU per page (${(ms / median(msPerPage.get(base)!)).toFixed(2)}×), largest body ${largest(quality)} B (${largest(quality) - largest(base)} B), all pages ${(total(quality) / 1024).toFixed(0)} KiB (${(total(quality) / total(base)).toFixed(3)}×)`,
  );
}
