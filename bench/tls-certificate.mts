// What choosing each tenant host's certificate by name costs a new TLS connection (docs/deploy.md,
// "Certificates"): the proxy reads `ssl_certificate .../${certificate_dir}cert.pem` at each full
// handshake, where one fixed certificate is loaded once at start. Two servers side by side in one
// nginx from the proxy's image, the same EC P-256 key and certificate: `fixed` names the file,
// `by name` finds it through the proxy's map and variable (deploy/nginx.conf.template; s_time sends no
// server name, so the map's default, a copy of the same files, is read: the reads are what is measured). The load is
// `openssl s_time -new` (a full handshake per connection, no resumption), in its own process,
// cases alternated, medians of connections per second.
// Usage: npm run images -- --from-build && npm run bench:tls-certificate [-- --rounds N]
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtRelease, imageRefs } from '../deploy/images';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap';
import { median } from './median.mts';
import { benchPort } from './port.mjs';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FIXED_PORT = benchPort(50);
const BY_NAME_PORT = FIXED_PORT + 1;
const NAME = 'microsites-bench-tls';
const HOST = DOMAIN_ENTRIES[0]!.domain;

const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
chmodSync(dir, 0o755);
for (const domain of [HOST]) {
  mkdirSync(join(dir, 'hosts', domain), { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '30',
      '-keyout',
      join(dir, 'hosts', domain, 'key.pem'),
      '-out',
      join(dir, 'hosts', domain, 'cert.pem'),
      '-subj',
      `/CN=${domain}`,
    ],
    { stdio: 'ignore' },
  );
  chmodSync(join(dir, 'hosts', domain, 'key.pem'), 0o644);
}
const server = (port: number, certificate: string) => `
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${certificate}cert.pem;
    ssl_certificate_key ${certificate}key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    return 204;
  }`;
for (const file of ['cert.pem', 'key.pem']) copyFileSync(join(dir, 'hosts', HOST, file), join(dir, file));
writeFileSync(
  join(dir, 'nginx.conf'),
  `worker_processes auto;
pid /tmp/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path /tmp/${kind};`).join('\n')}
  map $ssl_server_name $certificate_dir {
    "" "";
    "~^(?<certificate_host>[a-z0-9-]+(?:\\.[a-z0-9-]+)+)$" "hosts/$certificate_host/";
    default "";
  }
${server(FIXED_PORT, `${dir}/hosts/${HOST}/`)}
${server(BY_NAME_PORT, `${dir}/\${certificate_dir}`)}
}
`,
);

/** Full handshakes a second on `port` for about `SECONDS`: the connections openssl s_time made, over the wall-clock time it ran. */
function handshakesPerSecond(port: number): number {
  const started = performance.now();
  const out = execFileSync('openssl', ['s_time', '-connect', `127.0.0.1:${port}`, '-new', '-time', String(SECONDS)], {
    encoding: 'utf8',
  });
  const elapsed = (performance.now() - started) / 1000;
  const connections = /(\d+) connections in \d+ real seconds/.exec(out);
  if (!connections) throw new Error(`openssl s_time said: ${out}`);
  return Number(connections[1]) / elapsed;
}

execFileSync('podman', ['rm', '--force', NAME], { stdio: 'ignore' });
execFileSync('podman', [
  'run',
  '--detach',
  '--name',
  NAME,
  '--network',
  'host',
  '--user',
  '33:33',
  '--tmpfs',
  '/tmp:rw,mode=1777',
  '--volume',
  `${dir}:${dir}:ro`,
  imageRefs(builtRelease().tag).proxy,
  'nginx',
  '-c',
  `${dir}/nginx.conf`,
  '-g',
  'daemon off;',
]);
try {
  await sleep(1000);
  const figures: Record<'fixed' | 'by name', number[]> = { fixed: [], 'by name': [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    figures.fixed.push(handshakesPerSecond(FIXED_PORT));
    figures['by name'].push(handshakesPerSecond(BY_NAME_PORT));
  }
  const [fixed, byName] = [median(figures.fixed), median(figures['by name'])];
  console.log(`full TLS handshakes/s, ${ROUNDS} rounds of ${SECONDS} s, medians (openssl s_time -new):`);
  console.log(`  fixed certificate   ${fixed.toFixed(0)}`);
  console.log(`  chosen by name      ${byName.toFixed(0)}   (${(byName / fixed).toFixed(2)}× fixed)`);
} finally {
  if (!process.env.BENCH_KEEP) execFileSync('podman', ['rm', '--force', '--time', '0', NAME], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
