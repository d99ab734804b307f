// Every tenant host's certificate on this machine (docs/deploy.md, "Certificates"): what
// cert-manager and Let's Encrypt do for the cluster (deploy/k8s/manifests.mts), done by Debian's
// lego (an ACME client) against Debian's pebble (Let's Encrypt's test CA), with pebble's
// challenge test server answering every DNS name with this machine's address. The CA validates
// each HTTP-01 challenge through the proxy's plain-http port, as Let's Encrypt would: lego writes
// the token into the folder nginx serves under /.well-known/acme-challenge/ (deploy/nginx.conf.template).
// A host without a certificate from the running CA gets one; the others are left as they are.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostCertificateDir } from './proxyConf';
import { ensureDebianPackages } from './images';
import { askLoopback } from './loopback';

export interface AcmeSetup {
  /** The CA's own files, lego's account and what it issued. */
  dir: string;
  /** What nginx serves /.well-known/acme-challenge/ from (its {{PROXY}}/acme). */
  webroot: string;
  /** The proxy's TLS folder: each host's cert.pem and key.pem under hostCertificateDir. */
  tlsDir: string;
  /** The user nginx reads the keys as. */
  owner: number;
  /** The proxy's plain-http port, where the CA asks for the challenges. */
  httpPort: number;
  ports: { directory: number; management: number; dns: number };
}

/** lego runs at once: each waits about 5 s for its validation (lego's poll interval), so they overlap. */
const PARALLEL = 16;
const EMAIL = 'certificates@example.com';

const files = (setup: AcmeSetup) => ({
  listenCert: join(setup.dir, 'listen-cert.pem'),
  listenKey: join(setup.dir, 'listen-key.pem'),
  config: join(setup.dir, 'pebble.json'),
  log: join(setup.dir, 'pebble.log'),
  pids: join(setup.dir, 'pids'),
  /** The root the running CA signs with (its management interface gives it). */
  root: join(setup.dir, 'root.pem'),
  /** The root of the CA that issued what lego holds. */
  issuedBy: join(setup.dir, 'issued-by.pem'),
  lego: join(setup.dir, 'lego'),
});

/** The local CA's root: what a client trusts to verify the topology's certificates. */
export const acmeRoot = (setup: AcmeSetup): string => files(setup).root;

const directoryAnswers = async (setup: AcmeSetup) =>
  (
    await askLoopback(`https://127.0.0.1:${setup.ports.directory}/dir`, {
      headers: { host: `localhost:${setup.ports.directory}` },
    }).catch(() => ({ status: 0 }))
  ).status === 200;

/** Stops the CA and its DNS server, if they run. */
export function stopAcme(setup: AcmeSetup): void {
  const { pids } = files(setup);
  if (!existsSync(pids)) return;
  for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number)) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(pids);
}

/**
 * The CA and its DNS server, started when they are not running (they outlive a topology stop
 * only if the machine keeps them: pebble forgets everything when it stops, and a new pebble signs
 * with a new root, so what lego holds from an earlier one is dropped and issued again).
 */
export async function startAcme(setup: AcmeSetup): Promise<void> {
  ensureDebianPackages({ pebble: 'pebble', 'pebble-challtestsrv': 'pebble', lego: 'lego' });
  const paths = files(setup);
  mkdirSync(setup.dir, { recursive: true });
  const config = JSON.stringify({
    pebble: {
      listenAddress: `127.0.0.1:${setup.ports.directory}`,
      managementListenAddress: `127.0.0.1:${setup.ports.management}`,
      certificate: paths.listenCert,
      privateKey: paths.listenKey,
      httpPort: setup.httpPort,
      // lego answers HTTP-01 only; this port is never asked.
      tlsPort: setup.httpPort,
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
    },
  });
  const running =
    existsSync(paths.config) && readFileSync(paths.config, 'utf8') === config && (await directoryAnswers(setup));
  if (!running) {
    stopAcme(setup);
    writeFileSync(paths.config, config);
    if (!existsSync(paths.listenCert)) {
      spawnSync(
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
          '825',
          '-keyout',
          paths.listenKey,
          '-out',
          paths.listenCert,
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
    }
    writeFileSync(paths.log, '');
    const detached = (command: string, args: string[], env: Record<string, string> = {}) => {
      const child = spawn(command, args, {
        detached: true,
        stdio: ['ignore', 'ignore', 'ignore'],
        env: { ...process.env, ...env },
      });
      child.unref();
      return child.pid!;
    };
    const dns = detached('pebble-challtestsrv', [
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
      '-dns01',
      `127.0.0.1:${setup.ports.dns}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      '',
    ]);
    // No sleep before each validation, no refused nonces: the CA as fast as it goes.
    const ca = detached(
      'sh',
      ['-c', `exec pebble -config "$0" -dnsserver 127.0.0.1:${setup.ports.dns} >> "$1" 2>&1`, paths.config, paths.log],
      { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    );
    writeFileSync(paths.pids, `${dns}\n${ca}\n`);
    const deadline = Date.now() + 15_000;
    while (!(await directoryAnswers(setup))) {
      if (Date.now() > deadline)
        throw new Error(`pebble (the local ACME CA) is not answering on ${setup.ports.directory}: see ${paths.log}`);
      await sleep(100);
    }
  }
  const root = await askLoopback(`https://127.0.0.1:${setup.ports.management}/roots/0`, {
    headers: { host: `localhost:${setup.ports.management}` },
  });
  if (root.status !== 200) throw new Error(`pebble gives no root (${root.status}): see ${paths.log}`);
  writeFileSync(paths.root, root.body);
  if (!existsSync(paths.issuedBy) || readFileSync(paths.issuedBy, 'utf8') !== root.body.toString()) {
    // Another CA's account and certificates are worth nothing to this one.
    rmSync(paths.lego, { recursive: true, force: true });
    for (const dir of ['hosts', 'issued']) rmSync(join(setup.tlsDir, dir), { recursive: true, force: true });
    writeFileSync(paths.issuedBy, root.body);
  }
}

function lego(setup: AcmeSetup, host: string, command: string[]): Promise<{ ok: boolean; output: string }> {
  const paths = files(setup);
  const args = [
    '--server',
    `https://127.0.0.1:${setup.ports.directory}/dir`,
    '--accept-tos',
    '--email',
    EMAIL,
    '--path',
    paths.lego,
    '--key-type',
    'ec256',
    '--http',
    '--http.webroot',
    setup.webroot,
    '--domains',
    host,
    ...command,
  ];
  return new Promise((resolveRun) => {
    const child = spawn('lego', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LEGO_CA_CERTIFICATES: paths.listenCert },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => resolveRun({ ok: code === 0, output }));
  });
}

/**
 * What lego wrote for `host`, where nginx reads it; the key readable by nginx's user only. Each
 * issue is a folder of its own and the host's name a link to the newest, replaced in one rename
 * (as Kubernetes updates a mounted Secret): a handshake never reads one issue's certificate with
 * another's key.
 */
function install(setup: AcmeSetup, host: string) {
  const from = join(files(setup).lego, 'certificates');
  const issues = join(setup.tlsDir, 'issued', host);
  const issue = `${Date.now()}`;
  mkdirSync(join(issues, issue), { recursive: true });
  copyFileSync(join(from, `${host}.crt`), join(issues, issue, 'cert.pem'));
  copyFileSync(join(from, `${host}.key`), join(issues, issue, 'key.pem'));
  // lego writes both for its own user only.
  chmodSync(join(issues, issue, 'cert.pem'), 0o644);
  chmodSync(join(issues, issue, 'key.pem'), 0o600);
  chownSync(join(issues, issue, 'key.pem'), setup.owner, setup.owner);
  const link = join(setup.tlsDir, hostCertificateDir(host));
  mkdirSync(dirname(link), { recursive: true });
  // Relative, so that it points the same way inside the proxy's container.
  symlinkSync(relative(dirname(link), join(issues, issue)), `${link}.new`);
  renameSync(`${link}.new`, link);
  for (const old of readdirSync(issues)) if (old !== issue) rmSync(join(issues, old), { recursive: true, force: true });
}

/** lego's `command` for `host`, its certificate installed where nginx reads it; lego's output if it failed. */
const obtain =
  (setup: AcmeSetup, command: string[]) =>
  async (host: string): Promise<string | undefined> => {
    const run = await lego(setup, host, command);
    if (!run.ok) return run.output;
    install(setup, host);
    return undefined;
  };

/** Runs `work` for each item, `PARALLEL` at a time; the failures, by item. */
async function pool<T>(items: readonly T[], work: (item: T) => Promise<string | undefined>): Promise<Map<T, string>> {
  const failures = new Map<T, string>();
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        const failure = await work(item);
        if (failure !== undefined) failures.set(item, failure);
      }
    }),
  );
  return failures;
}

const failed = (what: string, failures: Map<string, string>) =>
  new Error(
    `${what} for ${failures.size} host(s): ${[...failures]
      .slice(0, 3)
      .map(([host, output]) => `${host}: ${output.trim().split('\n').at(-1)}`)
      .join('; ')}`,
  );

/** Hosts whose certificate nginx has, from the running CA. */
const certifiedHosts = (setup: AcmeSetup, hosts: readonly string[]): string[] =>
  hosts.filter(
    (host) =>
      existsSync(join(setup.tlsDir, hostCertificateDir(host), 'cert.pem')) &&
      existsSync(join(files(setup).lego, 'certificates', `${host}.crt`)),
  );

/**
 * A certificate for every host in `hosts` that has none from the running CA (the proxy must
 * answer on its http port). The first one alone: it registers lego's account, which the others use.
 */
export async function issueCertificates(
  setup: AcmeSetup,
  hosts: readonly string[],
): Promise<{ issued: string[]; kept: number }> {
  const have = new Set(certifiedHosts(setup, hosts));
  const missing = hosts.filter((host) => !have.has(host));
  mkdirSync(setup.webroot, { recursive: true });
  chmodSync(setup.webroot, 0o755);
  const issue = obtain(setup, ['run']);
  const [first, ...rest] = missing;
  const failures = first === undefined ? new Map<string, string>() : await pool([first], issue);
  if (failures.size === 0) for (const [host, output] of await pool(rest, issue)) failures.set(host, output);
  if (failures.size > 0) throw failed('no certificate issued', failures);
  return { issued: missing, kept: have.size };
}

/** Renews the certificates of `hosts` that expire within `days` (lego's rule); nginx serves each new one at its next connection. */
export async function renewCertificates(setup: AcmeSetup, hosts: readonly string[], days = 30): Promise<void> {
  const failures = await pool(hosts, obtain(setup, ['renew', '--days', String(days), '--no-random-sleep']));
  if (failures.size > 0) throw failed('no certificate renewed', failures);
}
