// The load of bench/refresh-wave.mts, in a process of its own: `connections` clients, each asking
// the given pages in turn, one request at a time, over HTTP/1.1 (a kept-alive connection each) or
// HTTP/2 (a session each), through the deploy/ proxy for `seconds`. Prints one JSON line: requests
// per 5 s slice, p50 and p99 in ms, failed requests, and answers by cache status.
// Usage: node bench/wave-client.mjs <https port> <h1|h2> <connections> <seconds> <pages.json>
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { connect } from 'node:http2';

const [portArgument, protocol, connectionsArgument, secondsArgument, pagesFile] = process.argv.slice(2);
const [port, connections, seconds] = [Number(portArgument), Number(connectionsArgument), Number(secondsArgument)];
/** @type {Array<{ host: string; path: string }>} */
const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
const SLICE_MS = 5_000;
const started = performance.now();
const until = started + seconds * 1000;
const latencies = [];
const slices = Array.from({ length: Math.ceil((seconds * 1000) / SLICE_MS) }, () => 0);
const statuses = {};
let failed = 0;

function record(began, status, cache) {
  const now = performance.now();
  latencies.push(now - began);
  slices[Math.min(slices.length - 1, Math.floor((now - started) / SLICE_MS))] += 1;
  if (status !== 200) failed += 1;
  statuses[cache ?? 'none'] = (statuses[cache ?? 'none'] ?? 0) + 1;
}

function http1(agent, { host, path }) {
  return new Promise((resolve) => {
    const began = performance.now();
    const asked = request(
      {
        hostname: '127.0.0.1',
        port,
        path,
        agent,
        servername: 'localhost',
        rejectUnauthorized: false,
        headers: { host: `${host}:${port}`, 'accept-encoding': 'br' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(record(began, response.statusCode, response.headers['x-cache-status'])));
      },
    );
    asked.on('error', () => resolve(record(began, 0)));
    asked.end();
  });
}

function http2(session, { host, path }) {
  return new Promise((resolve) => {
    const began = performance.now();
    const stream = session.request({ ':path': path, ':authority': `${host}:${port}`, 'accept-encoding': 'br' });
    let status = 0;
    let cache;
    stream.on('response', (headers) => {
      status = headers[':status'];
      cache = headers['x-cache-status'];
    });
    stream.on('data', () => {});
    stream.on('end', () => resolve(record(began, status, cache)));
    stream.on('error', () => resolve(record(began, 0)));
    stream.end();
  });
}

/** An HTTP/2 session, opened again once nginx ends one (GOAWAY after keepalive_requests), as browsers do. */
function sessions() {
  let session;
  const open = () => {
    session = connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false, servername: 'localhost' });
    session.on('goaway', () => session.close());
    session.on('error', () => {});
  };
  open();
  return {
    get current() {
      if (session.closed || session.destroyed) open();
      return session;
    },
    close: () => session.close(),
  };
}

async function client(index) {
  const connection = protocol === 'h2' ? sessions() : new Agent({ keepAlive: true, maxSockets: 1 });
  // Each client starts at its own place in the list, so that all pages are asked about equally often.
  for (
    let at = Math.floor((index * pages.length) / connections);
    performance.now() < until;
    at = (at + 1) % pages.length
  ) {
    await (protocol === 'h2' ? http2(connection.current, pages[at]) : http1(connection, pages[at]));
  }
  if (protocol === 'h2') connection.close();
  else connection.destroy();
}

await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
latencies.sort((a, b) => a - b);
const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
console.log(
  JSON.stringify({
    total: latencies.length,
    failed,
    p50: at(0.5),
    p99: at(0.99),
    slices: slices.map((count) => count / (SLICE_MS / 1000)),
    statuses,
  }),
);
