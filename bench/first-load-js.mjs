// Prints each route's first-load JavaScript, raw and gzipped, from Next's build diagnostics.
// Usage: npm run build && node bench/first-load-js.mjs [--chunks] [--budget KIB]
// Sizes are KiB (1,024 bytes; docs/performance.md's older figures say "kB" for the same unit).
// --budget fails (exit 1) when a page's gzipped first load is over KIB KiB: `npm run size:check`
// in `npm test` holds the budget of docs/performance.md. A size is deterministic: no timing.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const STATS = '.next/diagnostics/route-bundle-stats.json';
let routes;
try {
  routes = JSON.parse(readFileSync(STATS, 'utf8'));
} catch {
  console.error(`Cannot read ${STATS}: run \`npm run build\` first.`);
  process.exit(1);
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipped = new Map();
const gzipSize = (path) => {
  if (!gzipped.has(path)) gzipped.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipped.get(path);
};

const rows = routes.map(({ route, firstLoadChunkPaths }) => {
  const raw = firstLoadChunkPaths.reduce((sum, path) => sum + readFileSync(path).length, 0);
  const gz = firstLoadChunkPaths.reduce((sum, path) => sum + gzipSize(path), 0);
  return { route, chunks: firstLoadChunkPaths.length, raw, gz, paths: firstLoadChunkPaths };
});

console.log('route                 chunks        raw    gzipped');
for (const row of rows) {
  console.log(
    `${row.route.padEnd(22)}${String(row.chunks).padStart(6)}${kB(row.raw).padStart(11)}${kB(row.gz).padStart(11)}`,
  );
  if (process.argv.includes('--chunks')) {
    for (const path of row.paths) console.log(`    ${path.padEnd(50)}${kB(gzipSize(path)).padStart(10)}`);
  }
}

const budgetAt = process.argv.indexOf('--budget');
if (budgetAt > 0) {
  const budget = Number(process.argv[budgetAt + 1]);
  if (!(budget > 0)) {
    console.error('--budget needs a size in KiB, e.g. --budget 140');
    process.exit(2);
  }
  // API routes send no script to a browser; Next lists the shared chunks against them anyway.
  const over = rows.filter((row) => !row.route.startsWith('/api/') && row.gz > budget * 1024);
  if (over.length > 0) {
    console.error(
      `\nOver the first-load budget of ${budget} KiB gzipped: ${over.map((row) => `${row.route} (${kB(row.gz)})`).join(', ')}.`,
    );
    process.exit(1);
  }
  console.log(`\nEvery page's first load is within the budget of ${budget} KiB gzipped.`);
}
