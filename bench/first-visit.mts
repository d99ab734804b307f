// A first visit as a traveller from a search result makes it: the landing page and every script
// of its first load, brotli, over TLS on a new keep-alive connection, served three ways side by
// side in one run (issue 24, docs/deploy.md "Static files"):
//   proxy          the deploy/ topology (nginx, cache warm, the build's precompressed scripts)
//   static         a second nginx, in the proxy's image, serving the same bytes as plain files (the
//                  page's cached brotli copy and .next/static, brotli_static): what a file server does
//   on the fly     that nginx compressing the same files per request (brotli level 6), as the
//                  proxy did before the build wrote compressed copies
// autocannon, 50 connections, each asking for the page then each script in turn; figures in
// visits/s (requests/s ÷ requests per visit), cases alternated, medians.
// Usage: npm run build && npm run bench:first-visit [-- --rounds N]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { USERS } from '../deploy/containers';
import { builtRelease, imageRefs } from '../deploy/images';
import { deployPorts, start, stop, TLS_DIR } from '../deploy/local';
import { askLoopback, askUntilCached } from '../deploy/loopback';
import { median } from './median.mts';
import { benchPort } from './port.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;
const HOST = 'kingscross-bagberth.co.uk';
const STATIC_PORT = benchPort(40);
const ON_THE_FLY_PORT = STATIC_PORT + 1;
/** Issue 24's bound: a first visit through the proxy at 0.9× a file server or better. */
const LIMIT = 0.9;
const ROOT = resolve(import.meta.dirname, '..');
const FILE_SERVER = 'microsites-bench-file-server';
const builtImages = () => imageRefs(builtRelease().tag);

/** Polls until `url` answers at all (the file server's container is up). */
async function waitForAnswer(url: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await askLoopback(url).catch(() => ({ status: 0 }))).status > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/** A file server for the page's bytes and .next/static, over TLS with the proxy's certificate, both ways. */
function fileServerConf(dir: string): string {
  const server = (port: number, compression: string) => `
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${TLS_DIR}/cert.pem;
    ssl_certificate_key ${TLS_DIR}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:bench_tls_${port}:10m;
${compression}
    location = / { default_type "text/html; charset=utf-8"; try_files /index.html =404; }
    location /_next/static/ { alias ${ROOT}/.next/static/; add_header Cache-Control "public, max-age=31536000, immutable"; }
  }`;
  return `load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes auto;
pid ${dir}/tmp/nginx.pid;
error_log ${dir}/tmp/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 30s;
  root ${dir}/root;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
${server(STATIC_PORT, '    brotli_static on;\n    gzip_static on;')}
${server(ON_THE_FLY_PORT, '    brotli on;\n    brotli_comp_level 6;\n    brotli_types text/html application/javascript text/css application/json;')}
}
`;
}

const ports = deployPorts();
await start();
const dir = mkdtempSync(join(tmpdir(), 'first-visit-'));
try {
  const proxyUrl = `https://127.0.0.1:${ports.https}`;
  const headers = { host: `${HOST}.localhost:${ports.https}`, 'accept-encoding': 'br' };
  const plain = await askLoopback(`${proxyUrl}/`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const scripts = [
    ...new Set([...plain.body.toString().matchAll(/"(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!)),
  ];
  if (scripts.length === 0) throw new Error('no first-load scripts found in the page');
  const page = await askUntilCached(`${proxyUrl}/`, { headers });
  if (page.headers['content-encoding'] !== 'br')
    throw new Error(`the proxy did not keep a brotli copy of the page: ${page.headers['content-encoding']}`);

  // The file servers: the page as the proxy keeps it (brotli, and the plain text for on the fly).
  mkdirSync(join(dir, 'root'));
  mkdirSync(join(dir, 'tmp'));
  writeFileSync(join(dir, 'root', 'index.html'), plain.body);
  writeFileSync(join(dir, 'root', 'index.html.br'), page.body);
  writeFileSync(join(dir, 'nginx.conf'), fileServerConf(dir));
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  execFileSync('chown', [`${USERS.proxy}:${USERS.proxy}`, join(dir, 'tmp')]);
  // The proxy's own image (the same nginx and modules), as its user, on the host's network.
  const volumes = [dir, TLS_DIR, join(ROOT, '.next', 'static')].flatMap((path) => ['--volume', `${path}:${path}:ro`]);
  execFileSync(
    'podman',
    [
      'run',
      '--detach',
      '--rm',
      '--name',
      FILE_SERVER,
      '--network',
      'host',
      '--user',
      `${USERS.proxy}:${USERS.proxy}`,
      ...volumes,
      '--volume',
      `${join(dir, 'tmp')}:${join(dir, 'tmp')}`,
      builtImages().proxy,
      'nginx',
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      'daemon off;',
    ],
    { stdio: 'inherit' },
  );
  await waitForAnswer(`https://127.0.0.1:${STATIC_PORT}/`);

  const requests = ['/', ...scripts].map((path) => ({ method: 'GET' as const, path }));
  const cases = [
    { name: 'proxy (cached page, precompressed scripts)', url: proxyUrl, headers },
    {
      name: 'static files (nginx, brotli_static)',
      url: `https://127.0.0.1:${STATIC_PORT}`,
      headers: { 'accept-encoding': 'br' },
    },
    {
      name: 'same files compressed on the fly',
      url: `https://127.0.0.1:${ON_THE_FLY_PORT}`,
      headers: { 'accept-encoding': 'br' },
    },
  ];
  // Every case sends the same bytes: a file server answering something else would be no control.
  for (const { name, url, headers: caseHeaders } of cases) {
    for (const path of ['/', scripts[0]!]) {
      const answer = await askLoopback(`${url}${path}`, { headers: caseHeaders });
      if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br')
        throw new Error(`${name}: ${path} answered ${answer.status} ${answer.headers['content-encoding']}`);
    }
  }
  const runs = new Map(cases.map(({ name }) => [name, [] as Array<{ visits: number; p99: number; failed: number }>]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { name, url, headers: caseHeaders } of cases) {
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: caseHeaders,
        requests,
      });
      runs.get(name)!.push({
        visits: result.requests.average / requests.length,
        p99: result.latency.p99,
        failed: result.requests.total - result['2xx'],
      });
    }
    console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
  const rows = cases.map(({ name }) => ({
    name,
    visits: median(runs.get(name)!.map((run) => run.visits)),
    p99: median(runs.get(name)!.map((run) => run.p99)),
    failed: runs.get(name)!.reduce((sum, run) => sum + run.failed, 0),
  }));
  const staticVisits = rows[1]!.visits;
  console.log(
    `A first visit: ${HOST}/ (${page.body.length} B brotli) and its ${scripts.length} first-load scripts, ${requests.length} requests; autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case, HTTP/1.1 over TLS, medians of ${ROUNDS} alternated rounds`,
  );
  console.log('case                                         visits/s   p99 ms   non-2xx   vs static');
  for (const row of rows)
    console.log(
      `${row.name.padEnd(44)}${row.visits.toFixed(0).padStart(9)}${String(row.p99).padStart(9)}${String(row.failed).padStart(10)}${(row.visits / staticVisits).toFixed(2).padStart(12)}`,
    );
  const ratio = rows[0]!.visits / staticVisits;
  console.log(`\nproxy: ${ratio.toFixed(2)}× static files (${ratio >= LIMIT ? 'within' : 'UNDER'} ${LIMIT}×)`);
} finally {
  execFileSync('podman', ['rm', '--force', '--ignore', FILE_SERVER], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
  await stop();
}
