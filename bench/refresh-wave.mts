// Refreshes at the proxy's default freshness (issue 43 item 1, docs/deploy.md "Refreshes"): every
// host's landing page in every language (887), each filled into the cache once (as a cold start or
// a deploy fills them, all at once), then asked in turn by 50 clients through the deploy/ proxy for
// several minutes, over HTTP/1.1 and over HTTP/2 (bench/wave-client.mjs, its own process), with the
// copies' freshness spread (DEPLOY_PROXY_FRESH_SPREAD, 25 %) and, for comparison, not spread (0).
// Prints per case: req/s per 5 s slice (the lowest slice against the run's median: goal ≥ 0.5×),
// p50, p99 and HTTP/1.1's p99 against HTTP/2's (goal ≤ 2×), failed requests, answers by cache status.
// Usage: npm run build && npm run bench:refresh-wave [-- --seconds 300 --spreads 25,0]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployPorts, start, stop } from '../deploy/local';
import { askLoopback } from '../deploy/loopback';
import { median } from './median.mts';
import { LANDING_PAGES } from './site.mts';

const option = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const SECONDS = Number(option('seconds', '300'));
const SPREADS = option('spreads', '25,0').split(',').map(Number);
const CONNECTIONS = 50;
const { https: port } = deployPorts();
const pagesFile = join(tmpdir(), 'microsites-wave-pages.json');
writeFileSync(pagesFile, JSON.stringify(LANDING_PAGES));

interface Run {
  total: number;
  failed: number;
  p50: number;
  p99: number;
  slices: number[];
  statuses: Record<string, number>;
}

function load(protocol: 'h1' | 'h2'): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['bench/wave-client.mjs', String(port), protocol, String(CONNECTIONS), String(SECONDS), pagesFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Run) : reject(new Error(`wave client exited ${code}`)),
    ),
  );
}

/** Every page into the cache at once, as a cold start or a deploy fills it. */
async function fill() {
  for (let at = 0; at < LANDING_PAGES.length; at += 50) {
    await Promise.all(
      LANDING_PAGES.slice(at, at + 50).map(({ host, path }) =>
        askLoopback(`https://127.0.0.1:${port}${path}`, {
          headers: { host: `${host}:${port}`, 'accept-encoding': 'br' },
        }),
      ),
    );
  }
}

const rows: string[] = [];
for (const spread of SPREADS) {
  process.env.DEPLOY_PROXY_FRESH_SPREAD = String(spread);
  const results: Partial<Record<'h1' | 'h2', Run>> = {};
  for (const protocol of ['h1', 'h2'] as const) {
    // A fresh topology for each: an empty cache, filled at once.
    await start();
    try {
      await fill();
      results[protocol] = await load(protocol);
    } finally {
      await stop();
    }
  }
  for (const protocol of ['h1', 'h2'] as const) {
    const run = results[protocol]!;
    const slices = run.slices.slice(0, -1);
    const middle = median(slices);
    const lowest = Math.min(...slices);
    rows.push(
      [
        `${spread} %`.padStart(6),
        protocol === 'h1' ? 'HTTP/1.1' : 'HTTP/2  ',
        String(Math.round(middle)).padStart(7),
        `${Math.round(lowest)} (${(lowest / middle).toFixed(2)}×)`.padStart(14),
        run.p50.toFixed(1).padStart(6),
        run.p99.toFixed(1).padStart(7),
        protocol === 'h1' ? `${(run.p99 / results.h2!.p99).toFixed(2)}×`.padStart(8) : ''.padStart(8),
        String(run.failed).padStart(7),
        `  ${Object.entries(run.statuses)
          .sort(([, a], [, b]) => b - a)
          .map(([status, count]) => `${status} ${count}`)
          .join(', ')}`,
      ].join('  '),
    );
    console.log(`spread ${spread} %, ${protocol}: req/s by 5 s slice: ${run.slices.map(Math.round).join(' ')}`);
  }
}
console.log(
  `\n887 pages, ${CONNECTIONS} clients one request at a time, ${SECONDS} s each case; default freshness (${process.env.DEPLOY_PROXY_FRESH_SECONDS ?? 60} s)`,
);
console.log(
  `${'spread'.padStart(6)}  protocol  ${'req/s'.padStart(7)}  ${'lowest slice'.padStart(14)}  ${'p50'.padStart(6)}  ${'p99 ms'.padStart(7)}  ${'h1/h2'.padStart(8)}  ${'failed'.padStart(7)}  cache`,
);
for (const row of rows) console.log(row);
console.log('goals: lowest 5 s slice ≥ 0.5× the median; HTTP/1.1 p99 ≤ 2× HTTP/2');
