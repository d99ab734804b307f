// Share images must cost nothing to serve. A landing page's latency with the server
// otherwise idle, then while 100 connections ask for one share image, side by side, on loopback.
// Usage: npm run build:e2e && npm run bench:og
import autocannon from 'autocannon';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const PORT = benchPort(31);
const DURATION_S = 10;
const HOST = 'kingscross-bagberth.co.uk';
const base = `http://127.0.0.1:${PORT}`;

const landing = () => autocannon({ url: `${base}/`, connections: 10, duration: DURATION_S, headers: { host: HOST } });
const flood = (path) =>
  autocannon({ url: `${base}${path}`, connections: 100, duration: DURATION_S, headers: { host: HOST } });
const line = (name, r) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   non-2xx ${r.non2xx + r.errors}`;

const stop = await startServer(PORT);
try {
  const alone = await landing();
  const [loaded, images] = await Promise.all([landing(), flood('/og/kings-cross-station-poi-en.png')]);
  // The control: the same flood of a static file of about the same size (a 44 kB hero picture,
  // served by Next's static handler) shows what moving that many bytes costs on this machine.
  const [control, statics] = await Promise.all([landing(), flood('/images/hero/landmark.png')]);
  console.log(`autocannon, ${DURATION_S} s each, landing page at 10 connections:`);
  console.log(line('landing page, server idle', alone));
  console.log(line('landing page, during image flood', loaded));
  console.log(line('share image, 100 connections', images));
  console.log(line('landing page, during static flood', control));
  console.log(line('44 kB static file, 100 connections', statics));
  const ratio = (a, b) => (a / Math.max(b, 1)).toFixed(1);
  console.log(
    `landing p50 during the image flood: ${ratio(loaded.latency.p50, alone.latency.p50)}× idle; during the same flood of a static file: ${ratio(control.latency.p50, alone.latency.p50)}× idle`,
  );
} finally {
  stop();
}
