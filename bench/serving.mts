// One landing page served five ways, measured side by side in one run (docs/deploy.md):
//   proxy        through the deploy/ topology (nginx, TLS, cache warm, Accept-Encoding: gzip, br)
//   next         the standalone server as `npm run serve` runs it alone (ETags, gzip by Next)
//   next behind  the same server with BEHIND_PROXY=true (no ETags, no compression), asked directly
//   + redis      a topology instance as the proxy reaches it: also its pages from Redis
//   static       a 20-line Node file server sending the proxy's bytes from memory
// autocannon, 50 connections, 10 s per case, cases alternated, median of 2 rounds.
// Usage: npm run build:e2e && npm run bench:serving
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { deployPorts, start, startInstance, stop, waitForHealth } from '../deploy/local';
import { askUntilCached } from '../deploy/loopback';
import { median } from './median.mts';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const HOST = 'kingscross-bagberth.co.uk';
const NEXT_PORT = benchPort(0);
const STATIC_PORT = NEXT_PORT + 2;
const ENCODINGS = 'gzip, br';

async function measure(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    total: result.requests.total,
  };
}

const ports = deployPorts();
await start();
const stopNext = await startServer(NEXT_PORT);
// A third instance with the behind-proxy switches but Next's own file cache, outside the proxy's
// pool, to ask directly: the switches alone.
const behindPort = NEXT_PORT + 1;
const behindPid = startInstance(behindPort, { REDIS_URL: '' });
let staticServer;
try {
  // autocannon, like Node, resolves no *.localhost name: it asks 127.0.0.1 with the preview Host.
  const proxyUrl = `https://127.0.0.1:${ports.https}/`;
  const proxyHeaders = { host: `${HOST}.localhost:${ports.https}`, 'accept-encoding': ENCODINGS };
  const cached = await askUntilCached(proxyUrl, { headers: proxyHeaders });
  staticServer = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': cached.headers['content-encoding'],
      'content-length': cached.body.length,
    });
    res.end(cached.body);
  }).listen(STATIC_PORT, '127.0.0.1');
  await waitForHealth(behindPort);

  const cases = [
    { name: 'proxy (nginx, TLS, cached, br)', url: proxyUrl, headers: proxyHeaders },
    {
      name: 'next alone (npm run serve)',
      url: `http://127.0.0.1:${NEXT_PORT}/`,
      headers: { host: HOST, 'accept-encoding': ENCODINGS },
    },
    {
      name: 'next, BEHIND_PROXY=true',
      url: `http://127.0.0.1:${behindPort}/`,
      headers: { host: HOST, 'accept-encoding': ENCODINGS },
    },
    {
      name: 'next, BEHIND_PROXY + Redis',
      url: `http://127.0.0.1:${ports.instances[0]}/`,
      headers: { host: HOST, 'accept-encoding': ENCODINGS },
    },
    {
      name: 'static file server, same bytes',
      url: `http://127.0.0.1:${STATIC_PORT}/`,
      headers: { 'accept-encoding': ENCODINGS },
    },
  ];
  const runs = new Map(cases.map(({ name }) => [name, []]));
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per case, ${ROUNDS} rounds alternated; page ${HOST}/ (${cached.body.length} bytes ${cached.headers['content-encoding']})`,
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { name, url, headers } of cases) runs.get(name).push(await measure(url, headers));
  }
  const rows = cases.map(({ name }) => {
    const list = runs.get(name);
    return {
      name,
      rps: median(list.map((run) => run.rps)),
      p50: median(list.map((run) => run.p50)),
      p99: median(list.map((run) => run.p99)),
      failed: list.reduce((sum, run) => sum + run.total - run.ok, 0),
    };
  });
  const staticRps = rows[4].rps;
  const nextRps = rows[1].rps;
  console.log('case                               req/s    p50 ms  p99 ms   non-2xx   vs static   vs next alone');
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)}${row.rps.toFixed(0).padStart(6)}${String(row.p50).padStart(9)}${String(row.p99).padStart(8)}${String(row.failed).padStart(10)}${(row.rps / staticRps).toFixed(2).padStart(11)}${(row.rps / nextRps).toFixed(2).padStart(15)}`,
    );
  }
} finally {
  staticServer?.close();
  try {
    process.kill(-behindPid, 'SIGTERM');
  } catch {
    // already stopped
  }
  stopNext();
  await stop();
}
