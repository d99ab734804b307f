// Requests per second and latency for one landing page, asked for through a tenant Host header
// (the Edge middleware resolves the host and rewrites) and by its path on the microsites host (the
// middleware passes it on), on one instance: issue 42's "host-routed ≥ 0.85× by-path". 50
// connections, loopback only; both warmed first, then in alternation, rounds times; medians.
// Usage: npm run build:e2e && npm run bench:throughput [-- --rounds N --seconds S]
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { startServer } from './server.mjs';
import { median } from './median.mts';
import { benchPort } from './port.mjs';

const { values: options } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '10' } },
});
const PORT = benchPort(0);
const CONNECTIONS = 50;
const ROUNDS = Number(options.rounds);
const SECONDS = Number(options.seconds);
const GOAL = 0.85;

const cases = [
  { name: 'tenant host  kingscross-bagberth.co.uk /', path: '/', host: 'kingscross-bagberth.co.uk' },
  {
    name: 'by path      localhost /kings-cross-station/poi',
    path: '/kings-cross-station/poi',
    host: `localhost:${PORT}`,
  },
];

const load = ({ path, host }: (typeof cases)[number], duration: number) =>
  autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: CONNECTIONS, duration, headers: { host } });

const stop = await startServer(PORT);
try {
  // The first seconds of a fresh server are its JIT and its page cache warming, not the route.
  for (const entry of cases) await load(entry, 3);
  const runs = cases.map((): autocannon.Result[] => []);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [index, entry] of cases.entries()) runs[index].push(await load(entry, SECONDS));
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per case, ${ROUNDS} alternating rounds after a 3 s warm-up each; medians`,
  );
  for (const [index, { name }] of cases.entries()) {
    const results = runs[index];
    const failed = results.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
    console.log(
      `${name.padEnd(50)} ${median(results.map((r) => r.requests.average))
        .toFixed(0)
        .padStart(
          6,
        )} req/s [${results.map((r) => r.requests.average.toFixed(0)).join(' ')}]   p50 ${median(results.map((r) => r.latency.p50))} ms   p99 ${median(results.map((r) => r.latency.p99))} ms   failed ${failed}`,
    );
  }
  const ratios = runs[0].map((result, round) => result.requests.average / runs[1][round].requests.average);
  console.log(
    `host-routed / by-path: ${median(ratios).toFixed(2)}× (each round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal ≥ ${GOAL}×)`,
  );
} finally {
  stop();
}
