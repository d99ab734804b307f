// The production topology on this machine (docs/deploy.md): nginx terminating TLS and caching in
// front of several instances of the standalone server (.next/standalone/server.js), which share
// their incremental cache in Redis; a purge endpoint lets revalidation drop the proxy's copies.
// Debian's supervisor runs the instances and the purger and starts one again when it dies.
// Usage, after `npm run build`:
//   npm run deploy:local   (tsx deploy/local.ts start)   → https://localhost:8443/
//   npm run deploy:redeploy (tsx deploy/local.ts redeploy: a new build, one instance at a time;
//                           `-- <build id>` puts a kept release back, deploy/.run/releases/)
//   npm run deploy:stop    (tsx deploy/local.ts stop)
// bench/serving.mts and tests/e2e/topology.spec.ts call start() and stop() in their own process.
// Ports: DEPLOY_HTTPS_PORT (8443), DEPLOY_HTTP_PORT (8080, redirects), DEPLOY_COMPRESS_PORT
// (8081, the proxy's loopback compressor), DEPLOY_PURGE_PORT (8082, loopback), DEPLOY_REDIS_PORT
// (6390, loopback), instances from DEPLOY_FIRST_PORT (3001) on, DEPLOY_INSTANCES of them (2).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SecurityHeaders } from '../src/security/policy';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';
import { INSTANCE_NODE_OPTIONS } from './instanceMemory';
import { BROTLI_MODULE, BROTLI_STATIC_MODULE, copyBuildFiles, envNumber, FAIL_TIMEOUT_S, proxyConf, proxyFreshSeconds, proxyFreshSpread, publicFiles } from './proxyConf';

const ROOT = resolve(__dirname, '..');
const RUN = join(ROOT, 'deploy', '.run');
/**
 * What nginx's workers read and write: the page cache, temp files, and copies of the static files
 * and error pages. Started as root, the workers run as nobody, and a checkout may sit where only
 * root can enter (like /root): then this lives under /var/cache, one folder per checkout.
 */
const PROXY_DIR =
  process.getuid?.() === 0 ? join('/var/cache/microsites', createHash('sha256').update(ROOT).digest('hex').slice(0, 12)) : join(RUN, 'proxy');
/** The proxy's page cache, which the purger deletes from. */
export const cacheDir = join(PROXY_DIR, 'cache');
const SUPERVISOR_CONF = join(RUN, 'supervisord.conf');
const SUPERVISOR_PID = join(RUN, 'supervisord.pid');
// Redis and the purger: stopped with the rest, but not instances a test may kill.
const SERVICE_PIDS = join(RUN, 'services.json');
const STANDALONE = join(ROOT, '.next', 'standalone');
const SERVER = join(STANDALONE, 'server.js');
/**
 * Each deployed build, a copy of .next/standalone under its build id: the next `npm run build`
 * rewrites .next while the instances still serve this one, and a kept release can be put back.
 */
const RELEASES = join(RUN, 'releases');
/** The release instances start from: a link into RELEASES that a deploy switches. */
const CURRENT = join(RUN, 'current');
/** The current release and the one before it (instances still draining from it, or a rollback). */
const KEPT_RELEASES = 2;
const NGINX_CONF = join(RUN, 'nginx.conf');
/** The self-signed certificate (cert.pem, key.pem) the proxy serves; made by the first start. */
export const TLS_DIR = join(RUN, 'tls');

export interface DeployPorts {
  https: number;
  http: number;
  compress: number;
  purge: number;
  redis: number;
  instances: number[];
}

export const deployPorts = (): DeployPorts => {
  const number = (name: string, fallback: number): number => envNumber(process.env, name, fallback, [1, 65535], 'a port number');
  const instances = number('DEPLOY_INSTANCES', 2);
  const first = number('DEPLOY_FIRST_PORT', 3001);
  return {
    https: number('DEPLOY_HTTPS_PORT', 8443),
    http: number('DEPLOY_HTTP_PORT', 8080),
    // The proxy's own loopback compressor (deploy/nginx.conf.template).
    compress: number('DEPLOY_COMPRESS_PORT', 8081),
    purge: number('DEPLOY_PURGE_PORT', 8082),
    redis: number('DEPLOY_REDIS_PORT', 6390),
    instances: Array.from({ length: instances }, (_, index) => first + index),
  };
};

/** What the topology runs, each with how to tell it is installed. */
const PACKAGES: Array<[name: string, installed: () => boolean]> = [
  ['nginx-light', () => commandRuns('nginx')],
  ['libnginx-mod-http-brotli-filter', () => existsSync(BROTLI_MODULE)],
  ['libnginx-mod-http-brotli-static', () => existsSync(BROTLI_STATIC_MODULE)],
  ['redis-server', () => commandRuns('redis-server')],
  ['supervisor', () => commandRuns('supervisord')],
];

function commandRuns(command: string): boolean {
  try {
    execFileSync(command, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * nginx with Debian's brotli modules, redis-server and supervisor, installed as root when missing; the package
 * lists are read first, since a fresh image has none ("Unable to locate package").
 */
function ensurePackages() {
  const missing = PACKAGES.filter(([, installed]) => !installed()).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  console.log(`Installing ${missing.join(', ')} (Debian packages)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', ...missing], { stdio: 'inherit', env });
}

/** A fresh PROXY_DIR: no cached pages, the release's static files and error pages (nginx makes the rest). */
function proxyFiles(release: string) {
  rmSync(PROXY_DIR, { recursive: true, force: true });
  copyBuildFiles(release, PROXY_DIR);
}

/** The build id a standalone folder was built as. */
export const buildIdOf = (dir: string): string => readFileSync(join(dir, '.next', 'BUILD_ID'), 'utf8').trim();

/** The kept releases' build ids, oldest first. */
export const keptReleases = (): string[] =>
  existsSync(RELEASES)
    ? readdirSync(RELEASES)
        .filter((id) => existsSync(join(RELEASES, id, 'server.js')))
        .sort((a, b) => statSync(join(RELEASES, a)).mtimeMs - statSync(join(RELEASES, b)).mtimeMs)
    : [];

/**
 * Makes a release current: the build in .next/standalone (copied under its build id, once), or a
 * kept release by its id (a rollback). Instances started from now on run it; running ones keep
 * theirs (Node runs a script from its real path). Returns the release's folder.
 */
export function switchRelease(id?: string): string {
  mkdirSync(RELEASES, { recursive: true });
  let release: string;
  if (id === undefined) {
    if (!existsSync(SERVER)) throw new Error('no standalone build: run `npm run build` first');
    release = join(RELEASES, buildIdOf(STANDALONE));
    if (!existsSync(release)) {
      // Copied aside first, so that a release folder is always whole; its links stay relative.
      rmSync(`${release}.partial`, { recursive: true, force: true });
      cpSync(STANDALONE, `${release}.partial`, { recursive: true, verbatimSymlinks: true });
      renameSync(`${release}.partial`, release);
    }
  } else {
    release = join(RELEASES, id);
    if (!existsSync(join(release, 'server.js'))) throw new Error(`no release ${id}: kept are ${keptReleases().join(', ') || 'none'}`);
  }
  const now = new Date();
  utimesSync(release, now, now);
  // A new link renamed over the old one: the switch is atomic.
  rmSync(`${CURRENT}.new`, { force: true });
  symlinkSync(release, `${CURRENT}.new`);
  renameSync(`${CURRENT}.new`, CURRENT);
  for (const old of keptReleases().slice(0, -KEPT_RELEASES)) rmSync(join(RELEASES, old), { recursive: true, force: true });
  return release;
}

/**
 * A build into service without a dropped request (`npm run deploy:redeploy`, after `npm run build`;
 * `-- <build id>` puts a kept release back): it becomes the current release, its static files join
 * the proxy's (the pages the cache still holds name theirs, which stay), then each instance in turn
 * is stopped (it drains: server.ts) and started from it, the next one only once this one is
 * healthy; nginx sends everything to the others meanwhile. A new build's shared cache starts empty
 * and answers with the build's own pages (cache-handler.mjs); the proxy's copies are refreshed in
 * the background, an unchanged page staying as it is (deploy/nginx.conf.template, X-Accel-Expires).
 */
export async function redeploy(id?: string): Promise<void> {
  if (!existsSync(SUPERVISOR_PID)) throw new Error('the topology is not running: start it with npm run deploy:local');
  const release = switchRelease(id);
  copyBuildFiles(release, PROXY_DIR);
  for (const port of deployPorts().instances) {
    supervisorctl('restart', `instance-${port}`);
    await waitForHealth(port);
    // Its stop counted as failures: nginx leaves it out for its fail_timeout, and the next instance
    // must not stop before nginx sends requests here again.
    await sleep(FAIL_TIMEOUT_S * 1000 + 500);
  }
  console.log(`Redeployed build ${buildIdOf(release)}: instances on ${deployPorts().instances.join(', ')} replaced one at a time.`);
}

/** A self-signed certificate for localhost and every *.localhost preview host, made once. */
function ensureCertificate() {
  const dir = TLS_DIR;
  if (existsSync(join(dir, 'cert.pem'))) return;
  mkdirSync(dir, { recursive: true });
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '825',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1',
  ], { stdio: 'ignore' });
}

function writeNginxConf(ports: DeployPorts, env: Record<string, string>) {
  const { conf, includes } = proxyConf({
    run: RUN,
    proxy: PROXY_DIR,
    ports,
    upstreams: ports.instances.map((port) => `127.0.0.1:${port}`),
    failTimeoutSeconds: FAIL_TIMEOUT_S,
    freshSeconds: proxyFreshSeconds(process.env),
    freshSpreadPercent: proxyFreshSpread(process.env),
    // As root, workers drop to nobody; the cache and temp folders are theirs.
    user: process.getuid?.() === 0 ? 'nobody nogroup' : undefined,
    modules: { brotli: existsSync(BROTLI_MODULE), brotliStatic: existsSync(BROTLI_STATIC_MODULE) },
    consentCountryHeader: env.CONSENT_COUNTRY_HEADER ?? process.env.CONSENT_COUNTRY_HEADER,
    publicFiles: publicFiles(ROOT),
    securityHeaders: JSON.parse(readFileSync(join(ROOT, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeaders,
  });
  for (const [name, text] of Object.entries(includes)) writeFileSync(join(RUN, name), text);
  writeFileSync(NGINX_CONF, conf);
  execFileSync('nginx', ['-t', '-q', '-c', NGINX_CONF], { stdio: 'inherit' });
}

/**
 * The secret revalidation asks for (docs/deploy.md, "On-demand revalidation"): REVALIDATE_SECRET as
 * given, else one made on the first start and kept, readable by its owner only, in `dir`; without
 * one the endpoint answers 404 and revalidation as documented would not work.
 */
export function revalidateSecret(dir: string, given: string | undefined): string {
  if (given) return given;
  const file = secretFile(dir);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const secretFile = (dir: string) => join(dir, 'revalidate-secret');

/**
 * One request to this machine for the URL's host, answered whole. Node resolves no `*.localhost`
 * name and its fetch cannot set Host, so the request goes to 127.0.0.1 with the URL's host as Host
 * (unless `headers.host` says otherwise) and as the TLS server name; the certificate is the local one.
 */
export interface LoopbackAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function askLoopback(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: OutgoingHttpHeaders & { host?: string }; body?: string; /** The visitor's own loopback address (127.x.y.z). */ localAddress?: string } = {},
): Promise<LoopbackAnswer> {
  const { protocol, hostname, port, pathname, search } = new URL(url);
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  const host = headers.host ?? `${hostname}:${port}`;
  return new Promise((resolveAnswer, reject) => {
    const request = send(
      { hostname: '127.0.0.1', localAddress, servername: host.split(':')[0], port, path: `${pathname}${search}`, method, headers: { ...headers, host }, rejectUnauthorized: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `url` through the proxy until it answers from its cache (a few asks), for a bench's warm case; fails if it never does. */
export async function askUntilCached(url: string, options: Parameters<typeof askLoopback>[1] = {}): Promise<LoopbackAnswer> {
  let answer: LoopbackAnswer | undefined;
  for (let tries = 0; tries < 5 && answer?.headers['x-cache-status'] !== 'HIT'; tries += 1) answer = await askLoopback(url, options);
  if (answer?.headers['x-cache-status'] !== 'HIT') throw new Error(`the proxy did not cache ${url}: ${answer?.headers['x-cache-status']}`);
  return answer;
}

/** Polls `ready` until it says yes (a throw counts as not yet); after `seconds`, fails naming `what` and its log. */
async function waitUntil(ready: () => Promise<boolean> | boolean, seconds: number, everyMs: number, what: string, log: string): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if (await ready()) return;
    } catch {
      // not up yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${what} after ${seconds} s: see ${log}`);
}

export const waitForHealth = (port: number): Promise<void> =>
  waitUntil(async () => (await askLoopback(`http://127.0.0.1:${port}/api/health`)).status === 200, 60, 250, `the instance on port ${port} is not healthy`, instanceLog(port));

const detached = (command: string, args: string[], log: string, env: NodeJS.ProcessEnv = process.env): number => {
  writeFileSync(log, '');
  const out = openSync(log, 'a');
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', out, out], env });
  child.unref();
  if (child.pid === undefined) throw new Error(`${command} did not start: see ${log}`);
  return child.pid;
};

/** nginx's error log: upstream failures ("upstream sent too big header", "no live upstreams") and refused bursts. */
export const proxyLog = join(RUN, 'error.log');
/** nginx's access log: one JSON line per request but static files, written as each ends. */
export const accessLog = join(RUN, 'access.log');
/** What reached an instance through the proxy: misses and background refreshes, a JSON line each. */
export const upstreamLog = join(RUN, 'upstream.log');
const ACCESS_LOG_ROTATE_BYTES = 64 * 1024 * 1024;
/** About forty times the build's pages in every language (a page's entry is 10–20 kB). */
const REDIS_MAXMEMORY = '512mb';

/** Where an instance writes what it says (its cache warnings included): deploy/.run/instance-<port>.log. */
export const instanceLog = (port: number): string => join(RUN, `instance-${port}.log`);

/**
 * What an instance of the standalone server on `port` runs with, besides the environment it
 * inherits: behind the proxy, on loopback only, so nothing but the proxy on this machine reaches it;
 * no compression; one trusted proxy (the default TRUSTED_PROXIES, loopback); the shared cache in
 * Redis; V8's heap within the container's limit (deploy/instanceMemory.ts). `env` adds to (and may
 * override) that: the e2e server's environment in the topology tests, no Redis for one bench case,
 * V8's own heap size for another.
 */
function instanceEnv(port: number, env: Record<string, string>): Record<string, string> {
  const ports = deployPorts();
  return {
    TRUST_PROXY: '1',
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    PROXY_PURGE_URL: `http://127.0.0.1:${ports.purge}/purge`,
    NODE_OPTIONS: INSTANCE_NODE_OPTIONS,
    ...env,
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    BEHIND_PROXY: 'true',
    NODE_ENV: 'production',
  };
}

/** One more instance outside the topology's supervisor, as bench/serving.mts asks one directly; stop it by its process group. */
export function startInstance(port: number, env: Record<string, string> = {}): number {
  return detached(process.execPath, [SERVER], instanceLog(port), { ...process.env, ...instanceEnv(port, env) });
}

/** A value in supervisord's `environment=`: quoted, with its own `%` and `"` escaped. */
const supervisorValue = (value: string) => `"${value.replace(/%/g, '%%').replace(/["\\]/g, '\\$&')}"`;

/**
 * Debian's supervisor runs the instances and the purger: a process that dies is started again
 * within a second or two (docs/deploy.md, "Self-healing"), a stop is a SIGTERM with time to drain
 * (server.ts finishes in 20 s at most), and each log is appended to and rotated at 10 MB.
 */
export function supervisorConf(ports: DeployPorts, env: Record<string, string>): string {
  const program = (name: string, command: string, log: string, environment: Record<string, string> = {}) =>
    [
      `[program:${name}]`,
      `command=${command}`,
      `directory=${ROOT}`,
      ...(Object.keys(environment).length > 0 ? [`environment=${Object.entries(environment).map(([key, value]) => `${key}=${supervisorValue(value)}`).join(',')}`] : []),
      'autorestart=true',
      'startsecs=1',
      'startretries=1000',
      'stopsignal=TERM',
      'stopwaitsecs=25',
      'stopasgroup=true',
      'killasgroup=true',
      'redirect_stderr=true',
      `stdout_logfile=${log}`,
      'stdout_logfile_maxbytes=10MB',
      'stdout_logfile_backups=5',
    ].join('\n');
  return [
    '[supervisord]',
    `logfile=${join(RUN, 'supervisord.log')}`,
    `pidfile=${SUPERVISOR_PID}`,
    `childlogdir=${RUN}`,
    '[unix_http_server]',
    `file=${join(RUN, 'supervisor.sock')}`,
    'chmod=0700',
    '[rpcinterface:supervisor]',
    'supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface',
    '[supervisorctl]',
    `serverurl=unix://${join(RUN, 'supervisor.sock')}`,
    ...ports.instances.map((port) => program(`instance-${port}`, `${process.execPath} ${join(CURRENT, 'server.js')}`, instanceLog(port), instanceEnv(port, env))),
    program('purger', `${process.execPath} ${join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')} ${join(ROOT, 'deploy', 'purger.ts')} ${cacheDir} ${ports.purge}`, join(RUN, 'purger.log')),
    '',
  ].join('\n');
}

const supervisorctl = (...args: string[]): string => execFileSync('supervisorctl', ['-c', SUPERVISOR_CONF, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A program's state line (`purger RUNNING pid 123, uptime …`); supervisorctl exits non-zero for any state but RUNNING. */
function programStatus(name: string): string {
  try {
    return supervisorctl('status', name);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

/** The process groups a pid file names: instances by port, or services by name. */
const readPids = (file: string): Record<string, number> => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {});

/** Stops every instance (each drains first), as an outage of all of them would look to the proxy. */
export function stopInstances(): void {
  supervisorctl('stop', ...deployPorts().instances.map((port) => `instance-${port}`));
}

/** Starts them again, once every one is healthy. */
export async function startInstances(): Promise<void> {
  const { instances } = deployPorts();
  supervisorctl('start', ...instances.map((port) => `instance-${port}`));
  await Promise.all(instances.map(waitForHealth));
}

/** Stops or starts the purger alone, as its outage would look to revalidation (tests/e2e/topology.spec.ts). */
export function purger(action: 'stop' | 'start'): void {
  supervisorctl(action, 'purger');
}

/** The running instances' processes, by port, as supervisor knows them (0: not running). */
export const instancePids = (): Record<string, number> =>
  Object.fromEntries(deployPorts().instances.map((port) => [port, Number(/RUNNING\s+pid (\d+)/.exec(programStatus(`instance-${port}`))?.[1] ?? 0)]));

const recordService = (name: string, pid: number) => writeFileSync(SERVICE_PIDS, JSON.stringify({ ...readPids(SERVICE_PIDS), [name]: pid }));

/** redis-server on loopback, in memory only: the shared cache lives as long as the topology. */
export function startRedis(): number {
  // A cache, not a store: bounded, and the least recently used page goes first (an instance renders
  // it again on a miss).
  const pid = detached(
    'redis-server',
    ['--port', String(deployPorts().redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', RUN, '--maxmemory', REDIS_MAXMEMORY, '--maxmemory-policy', 'allkeys-lru'],
    join(RUN, 'redis.log'),
  );
  recordService('redis', pid);
  return pid;
}

/** Stops Redis alone, as an outage would (tests/e2e/topology.spec.ts). */
export function stopRedis(): void {
  const { redis } = readPids(SERVICE_PIDS);
  if (redis !== undefined) process.kill(-redis, 'SIGKILL');
}

export const waitForRedis = (): Promise<void> =>
  waitUntil(
    () => execFileSync('redis-cli', ['-p', String(deployPorts().redis), 'ping'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'PONG',
    10,
    100,
    'redis-server is not answering',
    join(RUN, 'redis.log'),
  );

const stopProcesses = (file: string) => {
  if (!existsSync(file)) return;
  for (const pid of Object.values(readPids(file))) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already stopped
    }
  }
  rmSync(file);
};

/** Redis, the purger, nginx and the instances, once every instance is healthy; whatever ran before is stopped first. */
export async function start(env: Record<string, string> = {}): Promise<void> {
  if (!existsSync(SERVER)) throw new Error('no standalone build: run `npm run build` first');
  if (existsSync(SUPERVISOR_PID) || existsSync(SERVICE_PIDS)) await stop();
  const ports = deployPorts();
  mkdirSync(RUN, { recursive: true });
  const release = switchRelease();
  // Pages cached from an earlier build must not outlive it; nor the last run's proxy log.
  proxyFiles(release);
  rmSync(proxyLog, { force: true });
  // The access logs are kept across starts, one older file beside each once it has grown large.
  for (const log of [accessLog, upstreamLog]) if (existsSync(log) && statSync(log).size > ACCESS_LOG_ROTATE_BYTES) renameSync(log, `${log}.1`);
  ensurePackages();
  ensureCertificate();
  writeNginxConf(ports, env);
  startRedis();
  await waitForRedis();
  const givenSecret = env.REVALIDATE_SECRET ?? process.env.REVALIDATE_SECRET;
  // It holds the instances' environment, the secret included: readable by its owner only, from its
  // creation (mode) and when an earlier start left it (chmod: a write keeps an existing file's mode).
  writeFileSync(SUPERVISOR_CONF, supervisorConf(ports, { ...env, REVALIDATE_SECRET: revalidateSecret(RUN, givenSecret) }), { mode: 0o600 });
  chmodSync(SUPERVISOR_CONF, 0o600);
  execFileSync('supervisord', ['-c', SUPERVISOR_CONF], { stdio: 'inherit' });
  // Up means up: a purger that cannot listen (a port in use) fails the start here, not a revalidation later.
  await waitUntil(() => /RUNNING/.test(programStatus('purger')), 10, 250, 'the purger is not running', join(RUN, 'purger.log'));
  await Promise.all(ports.instances.map(waitForHealth));
  execFileSync('nginx', ['-c', NGINX_CONF], { stdio: 'inherit' });
  console.log(`Topology up: https://localhost:${ports.https}/ (http://localhost:${ports.http}/ redirects), instances on ${ports.instances.join(', ')}, Redis on ${ports.redis}.`);
  console.log('Hosts: https://<domain>.localhost:%d/ (self-signed certificate). Stop: npm run deploy:stop', ports.https);
  // The shell finds the secret where it is kept, so the terminal never shows it.
  const secretInShell = givenSecret ? '$REVALIDATE_SECRET' : `$(cat ${secretFile(RUN)})`;
  console.log(`Revalidate a host: curl -k -X POST https://localhost:${ports.https}/api/revalidate -H "x-revalidate-secret: ${secretInShell}" -H 'content-type: application/json' -d '{"host":"kingscross-bagberth.co.uk"}'`);
}

export async function stop(): Promise<void> {
  if (existsSync(join(RUN, 'nginx.pid'))) {
    try {
      execFileSync('nginx', ['-s', 'quit', '-c', NGINX_CONF], { stdio: 'ignore' });
    } catch {
      // already stopped
    }
  }
  if (existsSync(SUPERVISOR_PID)) {
    try {
      // Each instance drains (SIGTERM) before supervisord exits.
      supervisorctl('shutdown');
      await waitUntil(() => !existsSync(SUPERVISOR_PID), 30, 100, 'supervisord did not stop', join(RUN, 'supervisord.log'));
    } catch {
      // already stopped
    }
  }
  stopProcesses(SERVICE_PIDS);
  console.log('Topology stopped.');
}

// Run as a command; imported, it only lends its functions.
if (resolve(process.argv[1] ?? '') === __filename) {
  const command = process.argv[2];
  const commands: Record<string, () => Promise<void>> = { start: () => start(), stop, redeploy: () => redeploy(process.argv[3]) };
  const run = command === undefined ? undefined : commands[command];
  if (run) {
    run().catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  } else {
    console.error('Usage: tsx deploy/local.ts start|stop|redeploy [build id]');
    process.exit(2);
  }
}
