// Requests per second and latency for one landing page, asked for through a tenant Host header
// and by its path on the microsites host. 50 connections for 10 s each, on loopback only.
// Usage: npm run build:e2e && node bench/throughput.mjs
import autocannon from 'autocannon';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const PORT = benchPort(0);
const CONNECTIONS = 50;
const DURATION_S = 10;

const cases = [
  { name: 'tenant host  kingscross-bagberth.co.uk /', path: '/', host: 'kingscross-bagberth.co.uk' },
  {
    name: 'by path      localhost /kings-cross-station/poi',
    path: '/kings-cross-station/poi',
    host: `localhost:${PORT}`,
  },
];

const stop = await startServer(PORT);
try {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per case`);
  for (const { name, path, host } of cases) {
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}${path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { host },
    });
    const ok = result['2xx'];
    console.log(
      `${name.padEnd(50)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   2xx ${ok}/${result.requests.total}   errors ${result.errors + result.non2xx}`,
    );
  }
} finally {
  stop();
}
