// The production topology on this machine (docs/deploy.md): nginx terminating TLS and caching in
// front of several instances of the site's server (server.ts), each behind the proxy.
// Usage, after `npm run build`:
//   node deploy/local.mjs start    (npm run deploy:local)   → https://localhost:8443/
//   node deploy/local.mjs stop     (npm run deploy:stop)
// Ports: DEPLOY_HTTPS_PORT (8443), DEPLOY_HTTP_PORT (8080, redirects), DEPLOY_COMPRESS_PORT
// (8081, the proxy's loopback compressor), instances from DEPLOY_FIRST_PORT (3001) on,
// DEPLOY_INSTANCES of them (2).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUN = join(ROOT, 'deploy', '.run');
const PIDS = join(RUN, 'instances.json');
const NGINX_CONF = join(RUN, 'nginx.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

export const deployPorts = () => {
  const number = (name, fallback) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number, got ${process.env[name]}`);
    return value;
  };
  const instances = number('DEPLOY_INSTANCES', 2);
  const first = number('DEPLOY_FIRST_PORT', 3001);
  return {
    https: number('DEPLOY_HTTPS_PORT', 8443),
    http: number('DEPLOY_HTTP_PORT', 8080),
    // The proxy's own loopback compressor (deploy/nginx.conf.template).
    compress: number('DEPLOY_COMPRESS_PORT', 8081),
    instances: Array.from({ length: instances }, (_, index) => first + index),
  };
};

function ensureNginx() {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return;
  } catch {
    // not installed
  }
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is missing: sudo apt-get install -y nginx-light libnginx-mod-http-brotli-filter');
  }
  console.log('Installing nginx (Debian packages)…');
  execFileSync('apt-get', ['install', '-y', '-q', 'nginx-light', 'libnginx-mod-http-brotli-filter'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A self-signed certificate for localhost and every *.localhost preview host, made once. */
function ensureCertificate() {
  const dir = join(RUN, 'tls');
  if (existsSync(join(dir, 'cert.pem'))) return;
  mkdirSync(dir, { recursive: true });
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '825',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1',
  ], { stdio: 'ignore' });
}

function writeNginxConf(ports) {
  const brotli = existsSync(BROTLI_MODULE);
  const values = {
    LOAD_MODULES: brotli ? `load_module ${BROTLI_MODULE};` : '# brotli: Debian package libnginx-mod-http-brotli-filter is not installed',
    // As root, workers drop to nobody; the cache and temp folders are theirs.
    USER: process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
    BROTLI: brotli
      ? '  brotli_comp_level 6;\n  brotli_min_length 512;\n  brotli_types text/plain text/css text/xml application/javascript application/json application/xml image/svg+xml application/manifest+json;'
      : '',
    BROTLI_ON: brotli ? '      brotli on;' : '',
    COMPRESS_PORT: String(ports.compress),
    RUN,
    ROOT,
    HTTP_PORT: String(ports.http),
    HTTPS_PORT: String(ports.https),
    UPSTREAMS: ports.instances.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n'),
  };
  const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
  writeFileSync(NGINX_CONF, template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => values[name]));
  execFileSync('nginx', ['-t', '-q', '-c', NGINX_CONF], { stdio: 'inherit' });
}

async function waitForHealth(port) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the instance on port ${port} is not healthy after 60 s: see ${join(RUN, `instance-${port}.log`)}`);
}

/** One instance of the site's server, behind the proxy: no ETags, no compression, one trusted proxy. */
export function startInstance(port) {
  const log = join(RUN, `instance-${port}.log`);
  writeFileSync(log, '');
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, PORT: String(port), LISTEN_HOST: '127.0.0.1', BEHIND_PROXY: 'true', TRUST_PROXY: '1', NODE_ENV: 'production' },
  });
  child.unref();
  return child.pid;
}

async function start() {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) throw new Error('no build: run `npm run build` first');
  if (existsSync(PIDS)) await stop();
  const ports = deployPorts();
  mkdirSync(RUN, { recursive: true });
  // Pages cached from an earlier build must not outlive it.
  rmSync(join(RUN, 'cache'), { recursive: true, force: true });
  ensureNginx();
  ensureCertificate();
  writeNginxConf(ports);
  const pids = Object.fromEntries(ports.instances.map((port) => [port, startInstance(port)]));
  writeFileSync(PIDS, JSON.stringify(pids));
  await Promise.all(ports.instances.map(waitForHealth));
  execFileSync('nginx', ['-c', NGINX_CONF], { stdio: 'inherit' });
  console.log(`Topology up: https://localhost:${ports.https}/ (http://localhost:${ports.http}/ redirects), instances on ${ports.instances.join(', ')}.`);
  console.log('Hosts: https://<domain>.localhost:%d/ (self-signed certificate). Stop: npm run deploy:stop', ports.https);
}

async function stop() {
  if (existsSync(join(RUN, 'nginx.pid'))) {
    try {
      execFileSync('nginx', ['-s', 'quit', '-c', NGINX_CONF], { stdio: 'ignore' });
    } catch {
      // already stopped
    }
  }
  if (existsSync(PIDS)) {
    for (const pid of Object.values(JSON.parse(readFileSync(PIDS, 'utf8')))) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already stopped
      }
    }
    rmSync(PIDS);
  }
  console.log('Topology stopped.');
}

const command = process.argv[2];
if (command === 'start' || command === 'stop') {
  (command === 'start' ? start() : stop()).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.error('Usage: node deploy/local.mjs start|stop');
  process.exit(2);
}
