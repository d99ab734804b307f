// Hostile traffic through the deploy/ topology, measured side by side in one run (docs/security.md):
//   fuzz    12,000 generated requests (tests/e2e/support/fuzzRequests.ts: random Host, path, query
//           up to 8 kB, method and headers), 8 at a time: answers by status; the goal is 0 × 5xx.
//   flood   other visitors' uncached pages (a new query each, so the proxy's cache never answers)
//           while one client floods the telemetry proxy with 100 connections (bench/flood-client.mjs,
//           its own process), against the same visitors with no flood: p50/p99 and their ratio,
//           rounds alternated, medians. The goal is p99 ≤ 2× idle.
// Usage: npm run build && npm run bench:hostile   (BENCH_SECONDS per round, 10 by default)
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { deployPorts, start, stop } from '../deploy/local';
import { fuzzRequests, sendThroughProxy, visitorAddress } from '../tests/e2e/support/fuzzRequests';
import { median } from './median.mts';

const FUZZ_REQUESTS = 12_000;
const FUZZ_CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const VISITORS = 8;
const PAGES = ['/', '/de', '/fr'];

const { https: port } = deployPorts();

async function fuzz(): Promise<Map<number, number>> {
  const requests = fc.sample(fuzzRequests(port), { numRuns: FUZZ_REQUESTS, seed: 20 });
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      // A request that fails or times out counts as status 0.
      const index = next++;
      const status = await sendThroughProxy(port, requests[index]!, visitorAddress(index)).then(
        ({ status: answered }) => answered,
        () => 0,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: FUZZ_CONCURRENCY }, worker));
  return statuses;
}

/** Other visitors for one round: every request a page the proxy has not cached yet. */
async function visitors(round: string) {
  let counter = 0;
  const result = await autocannon({
    url: `https://127.0.0.1:${port}/`,
    connections: VISITORS,
    duration: SECONDS,
    headers: { host: `kingscross-bagberth.co.uk.localhost:${port}`, 'accept-encoding': 'br' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `${PAGES[counter % PAGES.length]}?visitor=${round}-${counter++}`,
        }),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failed: result.requests.total - result['2xx'],
  };
}

function flood(seconds: number): Promise<{ total: number; refused: number; rps: number }> {
  const child = spawn(process.execPath, ['bench/flood-client.mjs', String(port), String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood client exited ${code}`)),
    ),
  );
}

await start();
try {
  const started = Date.now();
  const statuses = await fuzz();
  const serverErrors = [...statuses]
    .filter(([status]) => status >= 500 || status === 0)
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `fuzz: ${FUZZ_REQUESTS} generated requests through the proxy in ${((Date.now() - started) / 1000).toFixed(0)} s, ${FUZZ_CONCURRENCY} at a time`,
  );
  console.log(
    `  by status: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status || 'failed'} × ${count}`)
      .join(', ')}`,
  );
  console.log(`  5xx or failed: ${serverErrors}`);

  const idle: Awaited<ReturnType<typeof visitors>>[] = [];
  const flooded: Awaited<ReturnType<typeof visitors>>[] = [];
  const floods: Awaited<ReturnType<typeof flood>>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    idle.push(await visitors(`idle${round}`));
    // The flood starts a second before the visitors and ends a second after them.
    const running = flood(SECONDS + 2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    flooded.push(await visitors(`flood${round}`));
    floods.push(await running);
  }
  const row = (name: string, runs: typeof idle) =>
    `${name.padEnd(30)}${median(runs.map((run) => run.rps))
      .toFixed(0)
      .padStart(
        7,
      )}${String(median(runs.map((run) => run.p50))).padStart(8)}${String(median(runs.map((run) => run.p99))).padStart(8)}${String(runs.reduce((sum, run) => sum + run.failed, 0)).padStart(9)}`;
  console.log(
    `\nother visitors' uncached pages, ${VISITORS} connections, ${SECONDS} s a round, ${ROUNDS} rounds alternated (medians):`,
  );
  console.log(`${'case'.padEnd(30)}  req/s  p50 ms  p99 ms  non-2xx`);
  console.log(row('idle', idle));
  console.log(row('one client flooding telemetry', flooded));
  const ratio = median(flooded.map((run) => run.p99)) / median(idle.map((run) => run.p99));
  console.log(
    `p99 under the flood / idle: ${ratio.toFixed(2)}× (goal ≤ 2×); p50: ${(median(flooded.map((run) => run.p50)) / median(idle.map((run) => run.p50))).toFixed(2)}×`,
  );
  console.log(
    `the flood: ${median(floods.map((run) => run.rps)).toFixed(0)} req/s, ${floods.reduce((sum, run) => sum + run.refused, 0)} of ${floods.reduce((sum, run) => sum + run.total, 0)} answered 429`,
  );
} finally {
  await stop();
}
