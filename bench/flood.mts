// One client flooding each kind of URL that reaches an instance uncached (issue 41 item 3,
// docs/security.md "Floods"), side by side in one run: other visitors' uncached requests while
// nobody floods, then while one address (127.0.4.x, new for each flood) floods that URL with 100
// connections from its own process (bench/flood-client.mjs, at nice 19). The other visitors are 20
// addresses of their own (127.0.3.x), each asking for /api/is-bot, a 404 and the language switch in turn, 2 a second, as
// browsers would. Prints per flood: their p50 and p99, p99 against idle (goal ≤ 2×), how many of
// their requests failed, the flood's rate and how much of it the proxy refused, and how often nginx
// took an instance out (goal 0). One 30 s run moves a p99 by half an idle p99 on this machine, so
// `--rounds N` runs every flood N times, the floods in turn within a round, and prints each round's
// ratio and their median; `--only TEXT` keeps the floods whose name holds TEXT (the control always stays).
// Usage: npm run build && npm run bench:flood [-- --rounds 3] [-- --only is-bot]
//        (BENCH_SECONDS per flood, 30 by default)
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { deployPorts, proxyLog, start, stop } from '../deploy/local';
import { logSize, readFrom } from '../deploy/logFiles';
import { askLoopback } from '../deploy/loopback';
import { median } from './median.mts';

const { values: options } = parseArgs({
  options: { rounds: { type: 'string', default: '1' }, only: { type: 'string' } },
});
const ROUNDS = Number(options.rounds);
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
  readFrom(proxyLog, offset)
    .split('\n')
    .filter((line) => /upstream server temporarily disabled|no live upstreams/.test(line)).length;

const CONTROL = FLOODS[0]!;
const floods = FLOODS.filter((flood) => flood === CONTROL || !options.only || flood[0].includes(options.only));

interface Measured {
  idle: number[];
  flooded: number[];
  failed: number;
  rps: number;
  refusedShare: number;
  down: number;
}

/** One flood: the visitors idle, then while one new address floods; each round from an address of its own. */
async function measure([, path, host, connections]: (typeof FLOODS)[number], address: string): Promise<Measured> {
  const idle = await visitors(IDLE_SECONDS);
  const logged = logSize(proxyLog);
  // The flood starts a second before the visitors are measured and ends a second after them.
  const running = flood(SECONDS, path, host, address, connections);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const flooded = await visitors(SECONDS - 2);
  const result = await running;
  return {
    idle: idle.latencies,
    flooded: flooded.latencies,
    failed: idle.failed + flooded.failed,
    rps: result.rps,
    refusedShare: result.refused / Math.max(1, result.total),
    down: markedDown(logged),
  };
}

const p99Ratio = ({ idle, flooded }: Measured) => percentile(flooded, 0.99) / percentile(idle, 0.99);

await start();
try {
  // Warm: the pages the visitors ask for have been rendered once.
  await visitors(2);
  const runs = new Map(floods.map((flood) => [flood, [] as Measured[]]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, flood] of floods.entries()) {
      // An address the proxy has not limited yet: 127.0.4.x for the first round, 127.0.5.x for the next, ….
      runs.get(flood)!.push(await measure(flood, `127.0.${4 + round}.${index + 1}`));
    }
  }
  console.log(
    `\nother visitors: ${VISITORS} addresses, one uncached request each every ${EVERY_MS} ms; idle ${IDLE_SECONDS} s, then ${SECONDS} s of one address flooding with 100 connections unless named; ${ROUNDS} round(s), the floods in turn; p50/p99 and the rest of the first round, the ratio of every round and their median`,
  );
  console.log(
    `${'flood of'.padEnd(30)}  ${'idle p50/p99'.padStart(14)}  ${'flood p50/p99'.padStart(14)}  ${'p99 × by round'.padStart(20)}  ${'median'.padStart(7)}  ${'failed'.padStart(7)}  ${'flood/s'.padStart(8)}  ${'refused'.padStart(9)}  ${'down'.padStart(6)}`,
  );
  const medians: number[] = [];
  for (const [flood, measured] of runs) {
    const [first] = measured as [Measured];
    const ratios = measured.map(p99Ratio);
    if (flood !== CONTROL) medians.push(median(ratios));
    console.log(
      [
        flood[0].padEnd(30),
        `${percentile(first.idle, 0.5).toFixed(1)} / ${percentile(first.idle, 0.99).toFixed(1)}`.padStart(14),
        `${percentile(first.flooded, 0.5).toFixed(1)} / ${percentile(first.flooded, 0.99).toFixed(1)}`.padStart(14),
        ratios
          .map((ratio) => `${ratio.toFixed(2)}×`)
          .join(' ')
          .padStart(20),
        `${median(ratios).toFixed(2)}×`.padStart(7),
        String(measured.reduce((sum, run) => sum + run.failed, 0)).padStart(7),
        first.rps.toFixed(0).padStart(8),
        `${(100 * first.refusedShare).toFixed(1)} %`.padStart(9),
        String(measured.reduce((sum, run) => sum + run.down, 0)).padStart(6),
      ].join('  '),
    );
  }
  console.log(
    `worst median p99 under a flood of an uncached URL / idle: ${Math.max(...medians).toFixed(2)}× (goal ≤ 2×); times in ms; "failed" and "down" over every round; "flood/s": the flood's answered requests a second; "down": nginx took an instance out (goal 0)`,
  );
} finally {
  await stop();
}
