// How many landing pages arrive, headers and all, in the first round trip of a new connection
// (docs/performance.md, "The page in one round trip"). A server may send 10 segments before the
// first acknowledgement (RFC 6928), 14,600 bytes at the usual 1,460; a byte more costs a phone on
// a slow network one more round trip before the first paint. Counted on the wire (status line,
// headers, body, chunk framing) for every host in every language, on the current build, with
// brotli (what the server sends a current browser) and with gzip only (what Next alone sends).
// A size, not a timing: the same build gives the same bytes.
// Usage: npm run build:e2e && npx tsx bench/first-round-trip.mts [--check]
// --check exits 1 when a page sent with brotli is over: part of `npm run size:check` in `npm test`.
import { request } from 'node:http';
import { LANDING_PAGES } from './site.mts';
import { startServer } from './server.mjs';
import { benchPort } from './port.mjs';

const PORT = benchPort(20);
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** A first visit: a new connection, no cookie. Resolves to the bytes sent. */
function firstVisit(host: string, path: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        agent: false,
        headers: { host, accept: 'text/html', 'accept-encoding': acceptEncoding },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(res.socket.bytesRead)
            : reject(new Error(`${host}${path}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const ENCODINGS = [
  ['brotli', 'gzip, deflate, br, zstd'],
  ['gzip only', 'gzip, deflate'],
] as const;
const check = process.argv.includes('--check');
let over: string[] = [];

const stop = await startServer(PORT);
try {
  for (const [name, acceptEncoding] of ENCODINGS) {
    const sizes: Array<{ url: string; bytes: number }> = [];
    for (const { host, path } of LANDING_PAGES)
      sizes.push({ url: `${host}${path}`, bytes: await firstVisit(host, path, acceptEncoding) });
    sizes.sort((a, b) => a.bytes - b.bytes);
    const within = sizes.filter((size) => size.bytes <= FIRST_ROUND_TRIP_BYTES).length;
    const at = (share: number) => sizes[Math.min(sizes.length - 1, Math.floor(share * sizes.length))]!.bytes;
    console.log(
      `${name}: ${within} of ${sizes.length} landing pages within ${FIRST_ROUND_TRIP_BYTES} B; bytes on the wire min ${sizes[0]!.bytes}, median ${at(0.5)}, p90 ${at(0.9)}, max ${sizes.at(-1)!.bytes} (${sizes.at(-1)!.url})`,
    );
    if (name === 'brotli')
      over = sizes.filter((size) => size.bytes > FIRST_ROUND_TRIP_BYTES).map((size) => `${size.url} (${size.bytes} B)`);
  }
} finally {
  stop();
}
if (check && over.length > 0) {
  console.error(`\nOver the first round trip (${FIRST_ROUND_TRIP_BYTES} B with headers, brotli): ${over.join(', ')}.`);
  process.exitCode = 1;
}
