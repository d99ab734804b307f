// The production topology on this machine (docs/deploy.md, "One topology"): the images Kubernetes
// runs (deploy/images.ts), as the containers it runs (deploy/containers.ts), under podman: nginx
// terminating TLS and caching in front of several instances of the site, which share their
// incremental cache in Redis; a purger lets revalidation drop the proxy's copies. podman starts a
// container that dies again (--restart always), as the kubelet does.
// Usage, after `npm run build`:
//   npm run deploy:local   (tsx deploy/local.ts start)   → https://localhost:8443/
//   npm run deploy:redeploy (tsx deploy/local.ts redeploy: the images of the build in .next, built
//                           if missing, one instance at a time; `-- <tag>` puts a kept tag back)
//   npm run deploy:stop    (tsx deploy/local.ts stop)
// bench/*.mts and tests/e2e/topology.spec.ts call start() and stop() in their own process.
// Every container is on the host's network, at these ports: DEPLOY_HTTPS_PORT (8443),
// DEPLOY_HTTP_PORT (8080, redirects), DEPLOY_COMPRESS_PORT (8081, the proxy's loopback
// compressor), DEPLOY_PURGE_PORT (8082, loopback), DEPLOY_REDIS_PORT (6390, loopback), the local ACME CA
// (deploy/acme.ts) at DEPLOY_ACME_PORT (14000), DEPLOY_ACME_MANAGEMENT_PORT (15000) and DEPLOY_ACME_DNS_PORT (8053), instances
// from DEPLOY_FIRST_PORT (3001) on, DEPLOY_INSTANCES of them (2), each on loopback.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IContainer } from 'kubernetes-models/v1/Container';
import {
  GRACE_SECONDS,
  instanceContainer,
  nginxContainer,
  PROXY_CACHE,
  PROXY_MOUNTS,
  PROXY_RUN,
  proxyFilesContainer,
  purgerContainer,
  redisContainer,
  restricted,
  USERS,
} from './containers';
import {
  buildImages,
  builtRelease,
  ensurePodman,
  IMAGES,
  imageExists,
  imageRefs,
  installed,
  podman,
  type ImageRefs,
} from './images';
import { containerEnv, podmanRunArgs, type LocalRun } from './podman';
import { askLoopback } from './loopback';
import { logSize, readFrom } from './logFiles';
import { acmeRoot, issueCertificates, startAcme, stopAcme, type AcmeSetup } from './acme';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap';
import { ACME_WEBROOT, envNumber } from './proxyConf';

const ROOT = resolve(__dirname, '..');
const RUN = join(ROOT, 'deploy', '.run');
/** What the proxy's containers see as PROXY_RUN: nginx.conf, its includes, its pid and logs. */
const PROXY_RUN_DIR = join(RUN, 'proxy');
/** What they see as PROXY_CACHE: the page cache, temp files, static files and error pages. */
const PROXY_CACHE_DIR = join(RUN, 'proxy-cache');
/** The proxy's page cache, which the purger deletes from. */
export const cacheDir = join(PROXY_CACHE_DIR, 'cache');
/** The self-signed certificate (cert.pem, key.pem) the proxy serves; made by the first start. */
export const TLS_DIR = join(RUN, 'tls');
/** The tag the instances run (a build's, deploy/images.ts): what a restart or a new instance starts from. */
const CURRENT_TAG = join(RUN, 'current-tag');
/** The current build's images and the one before them (a rollback); older ones are removed. */
const KEPT_TAGS = 2;
/** Marks this checkout's containers, so that a stop finds every one, whatever the ports were. */
const TOPOLOGY_LABEL = {
  name: 'microsites.topology',
  value: createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
};

export interface DeployPorts {
  https: number;
  http: number;
  compress: number;
  purge: number;
  redis: number;
  acme: number;
  acmeManagement: number;
  acmeDns: number;
  instances: number[];
}

export const deployPorts = (): DeployPorts => {
  const number = (name: string, fallback: number): number =>
    envNumber(process.env, name, fallback, [1, 65535], 'a port number');
  const instances = number('DEPLOY_INSTANCES', 2);
  const first = number('DEPLOY_FIRST_PORT', 3001);
  return {
    https: number('DEPLOY_HTTPS_PORT', 8443),
    http: number('DEPLOY_HTTP_PORT', 8080),
    // The proxy's own loopback compressor (deploy/nginx.conf.template).
    compress: number('DEPLOY_COMPRESS_PORT', 8081),
    purge: number('DEPLOY_PURGE_PORT', 8082),
    redis: number('DEPLOY_REDIS_PORT', 6390),
    // The local ACME CA (deploy/acme.ts): its directory, its management interface, its DNS server.
    acme: number('DEPLOY_ACME_PORT', 14000),
    acmeManagement: number('DEPLOY_ACME_MANAGEMENT_PORT', 15000),
    acmeDns: number('DEPLOY_ACME_DNS_PORT', 8053),
    instances: Array.from({ length: instances }, (_, index) => first + index),
  };
};

const NAMES = {
  redis: 'microsites-redis',
  purger: 'microsites-purger',
  proxy: 'microsites-proxy',
  proxyFiles: 'microsites-proxy-files',
  logRotator: 'microsites-log-rotator',
};
const instanceName = (port: number) => `microsites-instance-${port}`;

/** The proxy's nginx.conf, as its init container wrote it (deploy/proxy-files.ts). */
export const proxyConfFile = join(PROXY_RUN_DIR, 'nginx.conf');
/** nginx's error log: upstream failures ("upstream sent too big header", "no live upstreams") and refused bursts. */
export const proxyLog = join(PROXY_RUN_DIR, 'error.log');
/** nginx's access log: one JSON line per request but static files, written as each ends. */
export const accessLog = join(PROXY_RUN_DIR, 'access.log');
/** What reached an instance through the proxy: misses and background refreshes, a JSON line each. */
export const upstreamLog = join(PROXY_RUN_DIR, 'upstream.log');
/**
 * The size at which the proxy's access and upstream logs are rotated while it runs
 * (DEPLOY_ACCESS_LOG_MAX_BYTES, 64 MiB): each is at most about this, plus one second of growth,
 * and one older copy beside it (`.1`). A pod's logs are its output, which the kubelet rotates.
 */
export const accessLogMaxBytes = (env: NodeJS.ProcessEnv = process.env): number =>
  envNumber(
    env,
    'DEPLOY_ACCESS_LOG_MAX_BYTES',
    64 * 1024 * 1024,
    [65_536, 2 ** 40],
    'a number of bytes (65536 or more)',
  );
/** Where an instance's output goes (its cache warnings included), a line each after podman's prefix. */
export const instanceLog = (port: number): string => join(RUN, `instance-${port}.log`);

/** The build id a standalone folder was built as. */
export const buildIdOf = (dir: string): string => readFileSync(join(dir, '.next', 'BUILD_ID'), 'utf8').trim();

/** A self-signed certificate for localhost and every *.localhost preview host, made once; its key readable by the proxy's user only. */
function ensureCertificate() {
  if (!existsSync(join(TLS_DIR, 'cert.pem'))) {
    mkdirSync(TLS_DIR, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '825',
        '-keyout',
        join(TLS_DIR, 'key.pem'),
        '-out',
        join(TLS_DIR, 'cert.pem'),
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  }
  chmodSync(join(TLS_DIR, 'key.pem'), 0o600);
  chownSync(join(TLS_DIR, 'key.pem'), USERS.proxy, USERS.proxy);
}

/** Where the local ACME CA, lego and the proxy meet (deploy/acme.ts). */
export const acmeSetup = (): AcmeSetup => {
  const ports = deployPorts();
  return {
    dir: join(RUN, 'acme'),
    webroot: join(PROXY_CACHE_DIR, ACME_WEBROOT),
    tlsDir: TLS_DIR,
    owner: USERS.proxy,
    httpPort: ports.http,
    ports: { directory: ports.acme, management: ports.acmeManagement, dns: ports.acmeDns },
  };
};

/** The tenant hosts' certificates from the local CA: issued where missing (deploy/acme.ts). */
async function certificates(): Promise<string> {
  const setup = acmeSetup();
  await startAcme(setup);
  const started = Date.now();
  const { issued, kept } = await issueCertificates(
    setup,
    DOMAIN_ENTRIES.map(({ domain }) => domain),
  );
  return `certificates: ${issued.length} issued in ${((Date.now() - started) / 1000).toFixed(1)} s, ${kept} kept`;
}

/**
 * The secret revalidation asks for (docs/deploy.md, "On-demand revalidation"): REVALIDATE_SECRET as
 * given, else one made on the first start and kept, readable by its owner only, in `dir`; without
 * one the endpoint answers 404 and revalidation as documented would not work.
 */
export const revalidateSecret = (dir: string, given: string | undefined): string =>
  given || keptSecret(secretFile(dir));

const secretFile = (dir: string) => join(dir, 'revalidate-secret');

/** A random secret made on first use and kept in `file`, readable by its owner only. */
function keptSecret(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The shared cache's password, as the cluster's microsites-redis Secret holds it (deploy/containers.ts). */
const redisPassword = (): string => keptSecret(join(RUN, 'redis-password'));

/** Polls `ready` until it says yes (a throw counts as not yet); after `seconds`, fails naming `what` and its log. */
async function waitUntil(
  ready: () => Promise<boolean> | boolean,
  seconds: number,
  everyMs: number,
  what: string,
  log: string,
): Promise<void> {
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
  waitUntil(
    async () => (await askLoopback(`http://127.0.0.1:${port}/api/health`)).status === 200,
    60,
    250,
    `the instance on port ${port} is not healthy`,
    instanceLog(port),
  );

/**
 * Whether one of the upstream log's lines (`text`, JSON lines) is a 200 that the instance on `port`
 * gave: the last address nginx asked for that request is the one that answered.
 */
export const answeredBy = (text: string, port: number): boolean =>
  text.split('\n').some((line) => {
    if (!line.startsWith('{')) return false;
    const { http, instance } = JSON.parse(line) as { http: { status_code: number }; instance: string };
    return http.status_code === 200 && instance.split(', ').at(-1) === `127.0.0.1:${port}`;
  });

/**
 * Waits until nginx itself has had a 200 from the instance on `port`, probing /api/health through
 * the proxy. Healthy on its own port is not enough: its stop counted as failures, nginx leaves it
 * out for its fail_timeout and only then tries it again, and the next instance must not stop (its
 * health answers 503 as it drains) while this one is still left out: nginx would have no instance
 * to send that request on to. A fixed wait of the fail_timeout once lost 6 requests on a busy machine.
 */
async function waitForProxyRoute(port: number): Promise<void> {
  const from = logSize(upstreamLog);
  await waitUntil(
    async () => {
      await askLoopback(`https://localhost:${deployPorts().https}/api/health`);
      return answeredBy(readFrom(upstreamLog, from), port);
    },
    30,
    100,
    `the proxy sends no request to the instance on port ${port}`,
    upstreamLog,
  );
}

/**
 * What an instance on `port` runs with on one machine, over its container's environment: on
 * loopback only, so nothing but the proxy here reaches it; the proxy (loopback) trusted; the shared
 * cache and the purger at their local ports. `env` adds to (and may override) that: the e2e
 * server's environment in the topology tests, no Redis for one bench case, V8's own heap size for another.
 */
function instanceEnv(port: number, env: Record<string, string>): Record<string, string> {
  const ports = deployPorts();
  return {
    TRUSTED_PROXIES: '127.0.0.1,::1',
    PROXY_PURGE_URL: `http://127.0.0.1:${ports.purge}/purge`,
    REDIS_URL: `redis://:${redisPassword()}@127.0.0.1:${ports.redis}`,
    ...env,
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
  };
}

const instanceSecrets = (secret: string) => ({ password: redisPassword(), REVALIDATE_SECRET: secret });

/** One more instance outside the topology, as bench/serving.mts asks one directly: a process of this machine's Node; stop it by its process group. */
export function startInstance(port: number, env: Record<string, string> = {}): number {
  const log = instanceLog(port);
  writeFileSync(log, '');
  const out = openSync(log, 'a');
  const variables = containerEnv(instanceContainer(''), instanceSecrets(revalidateSecret(RUN, undefined)), {
    NODE_ENV: 'production',
    ...instanceEnv(port, env),
  });
  const child = spawn(process.execPath, [join(ROOT, '.next', 'standalone', 'server.js')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...variables },
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`the instance on ${port} did not start: see ${log}`);
  return child.pid;
}

const currentTag = (): string => {
  if (!existsSync(CURRENT_TAG)) throw new Error('the topology is not running: start it with npm run deploy:local');
  return readFileSync(CURRENT_TAG, 'utf8').trim();
};

/** A container of the topology, started as deploy/podman.ts translates it. */
function runContainer(
  container: IContainer,
  run: Omit<LocalRun, 'labels' | 'graceSeconds'> & { graceSeconds?: number },
) {
  podman(
    ...podmanRunArgs(container, {
      graceSeconds: GRACE_SECONDS,
      ...run,
      labels: { [TOPOLOGY_LABEL.name]: TOPOLOGY_LABEL.value },
    }),
  );
}

/** An instance from the images of `tag`, its environment kept in its env file for a restart or a redeploy. */
function runInstance(port: number, refs: ImageRefs, env?: Record<string, string>, secret?: string) {
  const envFile = join(RUN, `instance-${port}.env`);
  const container = instanceContainer(refs.site);
  const run = { name: instanceName(port), image: refs.site, user: USERS.instance, log: instanceLog(port), envFile };
  // A redeploy starts from what the last start wrote (the test's environment included).
  if (env === undefined) runContainer({ ...container, env: [] }, { ...run, env: parseEnvFile(envFile) });
  else runContainer(container, { ...run, secrets: instanceSecrets(secret!), env: instanceEnv(port, env) });
}

const parseEnvFile = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

const proxyVolumes = () => ({ run: PROXY_RUN_DIR, cache: PROXY_CACHE_DIR, tls: TLS_DIR });

/** The proxy pod's init container from the site's image: nginx.conf and the build's files, or (`buildFilesOnly`) the files of a new build beside the old. */
function writeProxyFiles(refs: ImageRefs, env: Record<string, string>, buildFilesOnly = false) {
  const ports = deployPorts();
  const container = proxyFilesContainer(refs.site);
  runContainer(container, {
    name: NAMES.proxyFiles,
    image: refs.site,
    user: USERS.proxy,
    volumes: proxyVolumes(),
    once: true,
    command: buildFilesOnly ? [...container.command!, '--build-files'] : undefined,
    env: {
      PROXY_UPSTREAM: ports.instances.map((port) => `127.0.0.1:${port}`).join(','),
      DEPLOY_HTTPS_PORT: String(ports.https),
      PROXY_PUBLIC_HTTPS_PORT: String(ports.https),
      DEPLOY_HTTP_PORT: String(ports.http),
      DEPLOY_COMPRESS_PORT: String(ports.compress),
      PROXY_LOGS: 'files',
      // The challenges are files an ACME client here writes (deploy/acme.ts), not a cluster's solver pods.
      PROXY_ACME_SOLVER: '',
      ...Object.fromEntries(
        (
          [
            'DEPLOY_PROXY_FRESH_SECONDS',
            'DEPLOY_PROXY_FRESH_SPREAD',
            'CONSENT_COUNTRY_HEADER',
            'PROXY_TRUSTED_FORWARDERS',
          ] as const
        ).flatMap((name) => {
          const value = env[name] ?? process.env[name];
          return value === undefined ? [] : [[name, value]];
        }),
      ),
    },
    log: join(RUN, 'proxy-files.log'),
    envFile: join(RUN, 'proxy-files.env'),
  });
}

/** Stops every instance (each drains first), as an outage of all of them would look to the proxy. */
export function stopInstances(): void {
  podman('stop', ...deployPorts().instances.map(instanceName));
}

/** Starts them again, once every one is healthy. */
export async function startInstances(): Promise<void> {
  const { instances } = deployPorts();
  podman('start', ...instances.map(instanceName));
  await Promise.all(instances.map(waitForHealth));
}

/** Stops or starts the purger alone, as its outage would look to revalidation (tests/e2e/topology.spec.ts). */
export function purger(action: 'stop' | 'start'): void {
  podman(action, NAMES.purger);
}

/** Each container's process on this machine, by name (0: not running). */
const pidsOf = (names: string[]): number[] =>
  names.map((name) => Number(podman('inspect', '--format', '{{.State.Pid}}', name).trim()) || 0);

/** The running instances' processes, by port, as this machine sees them (0: not running). */
export const instancePids = (): Record<string, number> => {
  const { instances } = deployPorts();
  const pids = pidsOf(instances.map(instanceName));
  return Object.fromEntries(instances.map((port, index) => [port, pids[index]!]));
};

/** The image each instance runs, by port. */
export const instanceImages = (): Record<string, string> =>
  Object.fromEntries(
    deployPorts().instances.map((port) => [
      port,
      podman('inspect', '--format', '{{.ImageName}}', instanceName(port)).trim(),
    ]),
  );

/** redis-cli in the shared cache's container. */
export const redisCli = (...args: string[]): string =>
  podman('exec', NAMES.redis, 'redis-cli', '-p', String(deployPorts().redis), ...args);

/** Redis on loopback, in memory only: the shared cache lives as long as the topology. */
function runRedis(refs: ImageRefs) {
  const container = redisContainer(refs.redis);
  const args = [...container.args!];
  // Its own port, on loopback: the only addresses that differ from a pod's.
  args[args.indexOf('--bind') + 1] = '127.0.0.1';
  args[args.indexOf('--port') + 1] = String(deployPorts().redis);
  runContainer(container, {
    name: NAMES.redis,
    image: refs.redis,
    user: USERS.redis,
    args,
    secrets: { password: redisPassword() },
    log: join(RUN, 'redis.log'),
    envFile: join(RUN, 'redis.env'),
  });
}

/** Starts Redis again after stopRedis, empty (it keeps nothing on disk). */
export function startRedis(): void {
  podman('start', NAMES.redis);
}

/** Stops Redis alone, at once, as an outage would (tests/e2e/topology.spec.ts). */
export function stopRedis(): void {
  podman('stop', '--time', '0', NAMES.redis);
}

export const waitForRedis = (): Promise<void> =>
  waitUntil(() => redisCli('ping').trim() === 'PONG', 10, 100, 'redis-server is not answering', join(RUN, 'redis.log'));

function runPurger(refs: ImageRefs) {
  const container = purgerContainer(refs.site);
  runContainer(container, {
    name: NAMES.purger,
    image: refs.site,
    user: USERS.proxy,
    volumes: proxyVolumes(),
    // Its port on loopback: only the instances on this machine purge.
    command: ['node', 'purger.js', `${PROXY_CACHE}/cache`, String(deployPorts().purge), '127.0.0.1'],
    log: join(RUN, 'purger.log'),
    envFile: join(RUN, 'purger.env'),
  });
}

function runProxy(refs: ImageRefs) {
  runContainer(nginxContainer(refs.proxy), {
    name: NAMES.proxy,
    image: refs.proxy,
    user: USERS.proxy,
    volumes: proxyVolumes(),
    stopSignal: 'SIGQUIT',
    // Two per connection (the visitor's and the instance's), for its 4096 worker_connections.
    openFiles: 16384,
    log: join(RUN, 'proxy.log'),
    envFile: join(RUN, 'proxy.env'),
  });
}

/**
 * The proxy's logs on one machine are files, which nginx only appends to: once a second, one over
 * `maxBytes` is copied to `.1` and emptied (logrotate's copytruncate: nginx keeps writing at the end
 * of the emptied file, since it opened it to append; the lines of the moment between the copy and
 * the emptying are lost). A container of its own from the proxy's image, with the run folder.
 */
export function runLogRotator(maxBytes = accessLogMaxBytes()): void {
  execFileSync('podman', ['rm', '--force', '--ignore', NAMES.logRotator], { stdio: 'ignore' });
  const logs = [accessLog, upstreamLog].map((log) => `${PROXY_RUN}/${basename(log)}`).join(' ');
  const script = `while :; do for f in ${logs}; do if [ "$(stat -c %s "$f" 2>/dev/null || echo 0)" -gt ${maxBytes} ]; then cp "$f" "$f.1" && : > "$f"; fi; done; sleep 1; done`;
  runContainer(
    {
      name: 'log-rotator',
      image: 'proxy',
      command: ['sh', '-c', script],
      volumeMounts: [PROXY_MOUNTS.run],
      securityContext: restricted,
    },
    {
      name: NAMES.logRotator,
      image: imageRefs(currentTag()).proxy,
      user: USERS.proxy,
      volumes: { run: PROXY_RUN_DIR },
      stopSignal: 'SIGKILL',
      log: join(RUN, 'log-rotator.log'),
      envFile: join(RUN, 'log-rotator.env'),
    },
  );
}

/** The kept builds' tags of the site's image, oldest first. */
export const keptTags = (): string[] =>
  podman('images', '--sort', 'created', '--format', '{{.Tag}}', IMAGES.site)
    .split('\n')
    .filter((tag) => tag.startsWith('b-'))
    .reverse();

/** Every kept tag but the current one and the one before it goes, image by image. */
function pruneTags(current: string) {
  const old = keptTags()
    .filter((tag) => tag !== current)
    .slice(0, -(KEPT_TAGS - 1));
  for (const tag of old)
    for (const ref of Object.values(imageRefs(tag)))
      execFileSync('podman', ['rmi', '--force', ref], { stdio: 'ignore' });
}

/**
 * A build into service without a dropped request (`npm run deploy:redeploy`, after `npm run build`;
 * `-- <tag>` puts a kept tag back): its images (built first where they are not yet), its static
 * files join the proxy's (the pages the cache still holds name theirs, which stay), then each
 * instance in turn is stopped (it drains: server.ts), removed and started from the new tag, the
 * next one only once nginx sends this one requests again; the others answer everything meanwhile. A new
 * build's shared cache starts empty and answers with the build's own pages (cache-handler.mjs); the proxy's copies are refreshed in
 * the background, an unchanged page staying as it is (deploy/nginx.conf.template, X-Accel-Expires).
 */
export async function redeploy(tag?: string): Promise<void> {
  currentTag();
  if (tag !== undefined && !keptTags().includes(tag))
    throw new Error(`no images tagged ${tag}: kept are ${keptTags().join(', ') || 'none'}`);
  // The images of the build in .next, built once: a machine that serves should not be building
  // them while it rolls (their build hashes the whole build again).
  const built = imageRefs(builtRelease().tag);
  const refs = tag !== undefined ? imageRefs(tag) : Object.values(built).every(imageExists) ? built : buildImages();
  const next = refs.site.split(':')[1]!;
  writeProxyFiles(refs, {}, true);
  writeFileSync(CURRENT_TAG, next);
  for (const port of deployPorts().instances) {
    podman('rm', '--force', '--time', String(GRACE_SECONDS), instanceName(port));
    runInstance(port, refs);
    await waitForHealth(port);
    await waitForProxyRoute(port);
  }
  pruneTags(next);
  // A host new to the tenant map gets its certificate; the others keep theirs.
  const issued = await certificates();
  console.log(
    `Redeployed ${next}: instances on ${deployPorts().instances.join(', ')} replaced one at a time (kept: ${keptTags().join(', ')}); ${issued}.`,
  );
}

/** Folders the proxy's containers write, owned by their user. */
function proxyFolders() {
  // Pages cached from an earlier build must not outlive it; nor the last run's proxy log.
  rmSync(PROXY_CACHE_DIR, { recursive: true, force: true });
  rmSync(proxyLog, { force: true });
  for (const dir of [PROXY_RUN_DIR, PROXY_CACHE_DIR]) {
    mkdirSync(dir, { recursive: true });
    chownSync(dir, USERS.proxy, USERS.proxy);
  }
  // The access logs are kept across starts, one older file beside each once it has grown large.
  for (const log of [accessLog, upstreamLog]) {
    if (existsSync(log) && statSync(log).size > accessLogMaxBytes()) renameSync(log, `${log}.1`);
    if (existsSync(log)) chownSync(log, USERS.proxy, USERS.proxy);
  }
}

/** Redis, the purger, the instances and nginx, as containers of this build's images, once every instance is healthy; whatever ran before is stopped first. */
export async function start(env: Record<string, string> = {}): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('deploy:local runs podman as root (sudo npm run deploy:local)');
  builtRelease();
  // Before stop: on a fresh machine podman is not there yet to ask what runs.
  ensurePodman();
  await stop(true);
  const ports = deployPorts();
  mkdirSync(RUN, { recursive: true });
  const refs = buildImages();
  // Each start's containers write fresh logs (podman appends to a file it finds).
  for (const log of [
    ...ports.instances.map(instanceLog),
    ...['redis', 'purger', 'proxy', 'proxy-files'].map((name) => join(RUN, `${name}.log`)),
  ])
    rmSync(log, { force: true });
  proxyFolders();
  ensureCertificate();
  const givenSecret = env.REVALIDATE_SECRET ?? process.env.REVALIDATE_SECRET;
  const secret = revalidateSecret(RUN, givenSecret);
  runRedis(refs);
  await waitForRedis();
  runPurger(refs);
  for (const port of ports.instances) runInstance(port, refs, env, secret);
  await Promise.all(ports.instances.map(waitForHealth));
  writeProxyFiles(refs, env);
  runProxy(refs);
  // Up means up: nginx answers its own health, and the purger its port.
  await waitUntil(
    async () => (await askLoopback(`http://127.0.0.1:${ports.http}/api/proxy-health`)).status === 200,
    20,
    100,
    'nginx is not answering',
    join(RUN, 'proxy.log'),
  );
  await waitUntil(
    async () => (await askLoopback(`http://127.0.0.1:${ports.purge}/`).catch(() => ({ status: 0 }))).status > 0,
    10,
    100,
    'the purger is not answering',
    join(RUN, 'purger.log'),
  );
  const issued = await certificates();
  writeFileSync(CURRENT_TAG, refs.site.split(':')[1]!);
  runLogRotator();
  pruneTags(refs.site.split(':')[1]!);
  console.log(
    `Topology up (podman, images ${refs.site.split(':')[1]}): https://localhost:${ports.https}/ (http://localhost:${ports.http}/ redirects), instances on ${ports.instances.join(', ')}, Redis on ${ports.redis}; ${issued}.`,
  );
  console.log(
    'Hosts: https://<domain>.localhost:%d/ (self-signed certificate), or each tenant domain with its own from the local ACME CA (its root: %s). Stop: npm run deploy:stop',
    ports.https,
    acmeRoot(acmeSetup()),
  );
  // The shell finds the secret where it is kept, so the terminal never shows it.
  const secretInShell = givenSecret ? '$REVALIDATE_SECRET' : `$(cat ${secretFile(RUN)})`;
  console.log(
    `Revalidate a host: curl -k -X POST https://localhost:${ports.https}/api/revalidate -H "x-revalidate-secret: ${secretInShell}" -H 'content-type: application/json' -d '{"host":"kingscross-bagberth.co.uk"}'`,
  );
}

/** Every container of this checkout's topology: the proxy first (it finishes its requests), then the rest, each drained. */
export async function stop(quiet = false): Promise<void> {
  // Without podman installed nothing of it can run.
  if (!installed('podman')) return;
  const ours = () =>
    podman('ps', '--all', '--quiet', '--filter', `label=${TOPOLOGY_LABEL.name}=${TOPOLOGY_LABEL.value}`)
      .split('\n')
      .filter(Boolean);
  if (ours().length > 0) {
    execFileSync('podman', ['rm', '--force', '--ignore', '--time', String(GRACE_SECONDS), NAMES.proxy], {
      stdio: 'ignore',
    });
    const rest = ours();
    if (rest.length > 0)
      execFileSync('podman', ['rm', '--force', '--time', String(GRACE_SECONDS), ...rest], { stdio: 'ignore' });
  }
  rmSync(CURRENT_TAG, { force: true });
  stopAcme(acmeSetup());
  if (!quiet) console.log('Topology stopped.');
}

/** The logs of a run, for a reader that wants them all (tests/e2e/logs.spec.ts). */
export const topologyLogs = (): string[] =>
  [RUN, PROXY_RUN_DIR].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.log'))
          .map((name) => join(dir, name))
      : [],
  );

// Run as a command; imported, it only lends its functions.
if (resolve(process.argv[1] ?? '') === __filename) {
  const command = process.argv[2];
  const commands: Record<string, () => Promise<void>> = {
    start: () => start(),
    stop: () => stop(),
    redeploy: () => redeploy(process.argv[3]),
  };
  const run = command === undefined ? undefined : commands[command];
  if (run) {
    run().catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  } else {
    console.error('Usage: tsx deploy/local.ts start|stop|redeploy [tag]');
    process.exit(2);
  }
}
