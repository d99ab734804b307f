// Mozilla HTTP Observatory's own tests (@mdn/mdn-http-observatory 1.4.8) on a landing page
// of the production server (.next/standalone/server.js), twice: on plain http as a local preview gets it, and behind
// a TLS terminator played here (one port, http and https; http redirects to https, https forwards
// with X-Forwarded-Proto, TRUST_PROXY=1), with a self-signed certificate the scanner trusts.
// Redirect and HSTS count only in the second run, where TLS is configured (docs/security.md).
// The scanner is installed on first use without its install scripts (they download lists from the
// internet); its preload and TLD lists are empty here. Usage: npm run build && npm run bench:observatory
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, createServer as createHttp } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { createServer as createNet } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchPort } from './port.mjs';

const HOST = 'kingscross-bagberth.co.uk';
const APP_PORT = benchPort(41);
const EDGE_PORT = APP_PORT + 1;
const cache = resolve('node_modules/.cache/observatory');
const pkg = join(cache, 'node_modules/@mdn/mdn-http-observatory');

if (!existsSync(pkg)) {
  mkdirSync(cache, { recursive: true });
  writeFileSync(join(cache, 'package.json'), '{"private":true}');
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '@mdn/mdn-http-observatory@1.4.8'], {
    cwd: cache,
    stdio: 'inherit',
  });
}
// Lists its install scripts would download: none offline, so no domain counts as preloaded.
for (const [file, empty] of [
  ['hsts-preload.json', '{}'],
  ['tld-list.json', '[]'],
]) {
  if (!existsSync(join(pkg, 'conf', file))) writeFileSync(join(pkg, 'conf', file), empty);
}

// A certificate for the tenant host, trusted by the scanner only.
const certDir = mkdtempSync(join(tmpdir(), 'observatory-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${HOST}`,
    '-addext',
    `subjectAltName=DNS:${HOST}`,
    '-keyout',
    join(certDir, 'key.pem'),
    '-out',
    join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);

const app = spawn(process.execPath, ['.next/standalone/server.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
  env: { ...process.env, PORT: String(APP_PORT), HOSTNAME: '0.0.0.0', TRUST_PROXY: '1' },
});

/** The TLS terminator: forwards to the app with the proxy headers a real one adds. */
const forward = (proto) => (req, res) => {
  const upstream = httpRequest(
    {
      host: '127.0.0.1',
      port: APP_PORT,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-proto': proto, 'x-forwarded-for': '127.0.0.1' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
};
const https = createHttps(
  { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
  forward('https'),
);
// Plain http: the terminator's redirect, as an nginx `return 301 https://$host$request_uri` does.
const http = createHttp((req, res) => res.writeHead(301, { location: `https://${req.headers.host}${req.url}` }).end());
/** The socket as a plain stream, its first bytes put back: TLS reads a net socket's handle, not what was unshifted. */
function streamOf(socket, first) {
  const stream = new Duplex({
    read() {},
    write: (chunk, encoding, done) => socket.write(chunk, encoding, done),
    final: (done) => (socket.end(), done()),
  });
  stream.push(first);
  socket.on('data', (chunk) => stream.push(chunk));
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  socket.on('error', () => stream.destroy());
  return stream;
}
// One port for both, as the scanner asks for http:// and https:// on the same host:port.
const edge = createNet((socket) =>
  socket.once('data', (first) => {
    if (first[0] === 0x16) return https.emit('connection', streamOf(socket, first));
    socket.pause();
    socket.unshift(first);
    http.emit('connection', socket);
    socket.resume();
  }),
).listen(EDGE_PORT);

async function waitForApp() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://localhost:${APP_PORT}/`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error('the standalone server did not start (did you run `npm run build`?)');
}

/** Runs the scanner in a child process (this one must stay free to proxy) that resolves the tenant host to loopback and trusts the certificate. */
async function scan(target) {
  const script = `
    import dns from 'node:dns';
    const lookup = dns.lookup;
    dns.lookup = (host, options, callback) => {
      if (typeof options === 'function') [callback, options] = [options, {}];
      if (host !== ${JSON.stringify(HOST)}) return lookup(host, options, callback);
      return options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
    };
    const { scan } = await import(${JSON.stringify(join(pkg, 'src/scanner/index.js'))});
    const result = await scan(${JSON.stringify(target)});
    console.log(JSON.stringify({ grade: result.scan.grade, score: result.scan.score, tests: Object.fromEntries(Object.entries(result.tests).map(([name, test]) => [name, [test.pass, test.scoreModifier, test.result]])) }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem') },
    encoding: 'utf8',
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

try {
  await waitForApp();
  for (const [name, target] of [
    ['plain http (a local preview: no TLS, so no redirect and no HSTS)', `${HOST}:${APP_PORT}`],
    ['behind TLS (https, http redirected, HSTS from the app)', `${HOST}:${EDGE_PORT}`],
  ]) {
    const result = await scan(target);
    console.log(`\n${name}: ${result.grade}, ${result.score}/100`);
    for (const [test, [pass, modifier, outcome]] of Object.entries(result.tests))
      console.log(`  ${test.padEnd(32)} ${pass ? 'pass' : 'FAIL'} ${String(modifier).padStart(4)}  ${outcome}`);
  }
} finally {
  edge.close();
  process.kill(-app.pid, 'SIGTERM');
}
