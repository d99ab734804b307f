// One client flooding each kind of URL that reaches an instance uncached (issue 41 item 3,
// docs/security.md "Floods"), side by side in one run: other visitors' uncached requests while
// nobody floods, then while one address (127.0.4.x, new for each flood) floods that URL with 100
// connections from its own process (bench/flood-client.mjs, at nice 19). The other visitors are 20
// addresses of their own (127.0.3.x), each asking for /api/is-bot, a 404 and the language switch in turn, 2 a second, as
// browsers would. Prints per flood: their p50 and p99, p99 against idle (goal ≤ 2×), how many of
// their requests failed, the flood's rate and how much of it the proxy refused, and how often nginx
// took an instance out (goal 0).
// Usage: npm run build && npm run bench:flood   (BENCH_SECONDS per flood, 30 by default)
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { deployPorts, proxyLog, start, stop } from '../deploy/local';
import { askLoopback } from '../deploy/loopback';
import { median } from './median.mts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IDLE_SECONDS = 10;
const VISITORS = 20;
const EVERY_MS = 500;
const { https: port } = deployPorts();
const HOST = `kingscross-bagberth.co.uk.localhost:${port}`;
const VISITOR_PATHS = ['/api/is-bot', '/no-such-page', '/?language=de'];

const FLOODS: Array<[name: string, path: string, host: string, connections?: number]> = [
  // The control: cached answers, which no limit holds back, cost the machine what a flood costs by itself.
  ['cached page (never limited)', '/de', HOST],
  ['share image by the API', '/api/og/kings-cross-station-poi-en', HOST],
  ['404 page', '/no-such-page', HOST],
  ['unknown host', '/', `unknown.example:${port}`],
  ['/api/is-bot', '/api/is-bot', HOST],
  ['page data of another build', '/_next/data/no-such-build/de.json', HOST],
  ['image, a width Next refuses', '/_next/image?url=%2Fimages%2Fhero%2Fstation.png&w=77&q=75', HOST],
  // More connections than the 200 requests the proxy lets wait: the rest are answered 429 at once.
  ['404 page, 300 connections', '/no-such-page', HOST, 300],
];

/** The other visitors for `seconds`: each request's time in ms, and how many were not answered as asked. */
async function visitors(seconds: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const visitor = async (index: number) => {
    // Spread over the interval, so that the visitors do not ask in step.
    await new Promise((resolve) => setTimeout(resolve, (EVERY_MS * index) / VISITORS));
    for (let request = 0; Date.now() < until; request += 1) {
      const started = performance.now();
      const path = VISITOR_PATHS[(index + request) % VISITOR_PATHS.length]!;
      const answer = await askLoopback(`https://127.0.0.1:${port}${path}`, {
        headers: { host: HOST },
        localAddress: `127.0.3.${index + 1}`,
      }).catch(() => ({ status: 0 }));
      latencies.push(performance.now() - started);
      if (![200, 303, 404].includes(answer.status)) failed += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, EVERY_MS - (performance.now() - started))));
    }
  };
  await Promise.all(Array.from({ length: VISITORS }, (_, index) => visitor(index)));
  return { latencies, failed };
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? NaN;

function flood(
  seconds: number,
  path: string,
  host: string,
  from: string,
  connections = 100,
): Promise<{ total: number; refused: number; rps: number }> {
  // At the lowest priority: a flood from elsewhere costs this machine only the proxy's answers, and on
  // 2 CPUs the client's own work (a full CPU) would otherwise be counted against the server.
  const child = spawn(
    'nice',
    [
      '-n',
      '19',
      process.execPath,
      'bench/flood-client.mjs',
      String(port),
      String(seconds),
      path,
      host,
      from,
      String(connections),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood client exited ${code}`)),
    ),
  );
}

/** nginx's error-log lines since `offset` that say an instance was taken out (or none was left). */
const markedDown = (offset: number) =>
  readFileSync(proxyLog)
    .subarray(offset)
    .toString()
    .split('\n')
    .filter((line) => /upstream server temporarily disabled|no live upstreams/.test(line)).length;

await start();
try {
  // Warm: the pages the visitors ask for have been rendered once.
  await visitors(2);
  const rows: string[] = [];
  const ratios: number[] = [];
  for (const [index, [name, path, host, connections]] of FLOODS.entries()) {
    const idle = await visitors(IDLE_SECONDS);
    const logged = statSync(proxyLog).size;
    // The flood starts a second before the visitors are measured and ends a second after them.
    // Each flood from an address of its own, which the proxy has not limited yet.
    const running = flood(SECONDS, path, host, `127.0.4.${index + 1}`, connections);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const flooded = await visitors(SECONDS - 2);
    const result = await running;
    const [idleP99, floodP99] = [percentile(idle.latencies, 0.99), percentile(flooded.latencies, 0.99)];
    if (path !== FLOODS[0]![1]) ratios.push(floodP99 / idleP99);
    rows.push(
      [
        name.padEnd(30),
        `${percentile(idle.latencies, 0.5).toFixed(1)} / ${idleP99.toFixed(1)}`.padStart(14),
        `${percentile(flooded.latencies, 0.5).toFixed(1)} / ${floodP99.toFixed(1)}`.padStart(14),
        `${(floodP99 / idleP99).toFixed(2)}×`.padStart(7),
        String(idle.failed + flooded.failed).padStart(7),
        result.rps.toFixed(0).padStart(8),
        `${((100 * result.refused) / Math.max(1, result.total)).toFixed(1)} %`.padStart(9),
        String(markedDown(logged)).padStart(6),
      ].join('  '),
    );
  }
  console.log(
    `\nother visitors: ${VISITORS} addresses, one uncached request each every ${EVERY_MS} ms; idle ${IDLE_SECONDS} s, then ${SECONDS} s of one address flooding with 100 connections unless named`,
  );
  console.log(
    `${'flood of'.padEnd(30)}  ${'idle p50/p99'.padStart(14)}  ${'flood p50/p99'.padStart(14)}  ${'p99 ×'.padStart(7)}  ${'failed'.padStart(7)}  ${'flood/s'.padStart(8)}  ${'refused'.padStart(9)}  ${'down'.padStart(6)}`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `worst p99 under a flood of an uncached URL / idle: ${Math.max(...ratios).toFixed(2)}× (goal ≤ 2×), median ${median(ratios).toFixed(2)}×; times in ms; "flood/s": the flood's answered requests a second; "down": nginx took an instance out (goal 0)`,
  );
} finally {
  await stop();
}
