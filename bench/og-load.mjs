// Issue 10 §1: share images must cost nothing to serve. A landing page's latency with the server
// otherwise idle, then while 100 connections ask for one share image, side by side, on loopback.
// Usage: npm run build && npm run bench:og
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3231);
const DURATION_S = 10;
const HOST = 'kingscross-bagberth.co.uk';
const base = `http://127.0.0.1:${PORT}`;

const landing = () => autocannon({ url: `${base}/`, connections: 10, duration: DURATION_S, headers: { host: HOST } });
const images = () => autocannon({ url: `${base}/og/kings-cross-station-poi-en.png`, connections: 100, duration: DURATION_S, headers: { host: HOST } });
const line = (name, r) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   non-2xx ${r.non2xx + r.errors}`;

const stop = await startServer(PORT);
try {
  const alone = await landing();
  const [loaded, flood] = await Promise.all([landing(), images()]);
  console.log(`autocannon, ${DURATION_S} s each, landing page at 10 connections:`);
  console.log(line('landing page, server idle', alone));
  console.log(line('landing page, during image flood', loaded));
  console.log(line('share image, 100 connections', flood));
  console.log(`landing p50 ratio (flood / idle): ${(loaded.latency.p50 / Math.max(alone.latency.p50, 1)).toFixed(1)}×, p99 ratio ${(loaded.latency.p99 / Math.max(alone.latency.p99, 1)).toFixed(1)}×`);
} finally {
  stop();
}
