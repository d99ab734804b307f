// deploy/podman.ts: a container of deploy/containers.ts becomes the `podman run` that deploy/local.ts
// starts, with what Kubernetes gets (image, command, environment, user, memory, restrictions) and
// only the machine's own addresses changed (docs/deploy.md, "One topology").
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  instanceContainer,
  nginxContainer,
  proxyFilesContainer,
  purgerContainer,
  USERS,
} from '../../deploy/containers';
import { INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from '../../deploy/instanceMemory';
import { containerEnv, expandVariables, podmanMemory, podmanRunArgs, type LocalRun } from '../../deploy/podman';

const dir = mkdtempSync(join(tmpdir(), 'podman-args-'));
const run = (overrides: Partial<LocalRun> = {}): LocalRun => ({
  name: 'microsites-instance-3001',
  image: 'localhost/microsites:b-build',
  user: USERS.instance,
  labels: { 'microsites.topology': 'abc' },
  secrets: { password: 'ab12', REVALIDATE_SECRET: 'not-on-a-command-line' },
  env: { HOSTNAME: '127.0.0.1', PORT: '3001' },
  log: join(dir, 'instance.log'),
  envFile: join(dir, 'instance.env'),
  graceSeconds: 30,
  ...overrides,
});
/** The value after `flag` each time it appears. */
const values = (args: string[], flag: string) => args.flatMap((arg, index) => (arg === flag ? [args[index + 1]!] : []));

describe('podmanRunArgs', () => {
  it('runs the instance as the pod does: its user, memory limit, no capabilities, started again when it dies', () => {
    const args = podmanRunArgs(instanceContainer('ignored'), run());
    expect(args.slice(0, 4)).toEqual(['run', '--detach', '--restart', 'always']);
    expect(values(args, '--user')).toEqual(['1000:1000']);
    expect(values(args, '--memory')).toEqual([`${INSTANCE_MEMORY_LIMIT_MIB}m`]);
    expect(values(args, '--cap-drop')).toEqual(['all']);
    expect(values(args, '--security-opt')).toEqual(['no-new-privileges']);
    expect(values(args, '--stop-timeout')).toEqual(['30']);
    expect(values(args, '--network')).toEqual(['host']);
    // The pod's read-only root, and its emptyDirs as memory of the same size: nothing else is writable.
    expect(args).toEqual(expect.arrayContaining(['--read-only', '--read-only-tmpfs=false']));
    expect(values(args, '--tmpfs')).toEqual(['/tmp:rw,size=64m,mode=1777', '/app/.next/cache:rw,size=256m,mode=1777']);
    expect(values(args, '--label')).toEqual(['microsites.topology=abc']);
    // The image last, with no command of its own: the image's CMD runs.
    expect(args.at(-1)).toBe('localhost/microsites:b-build');
    expect(args).not.toContain('--entrypoint');
  });

  it('writes the environment to a file only its owner reads: the secret never on a command line', () => {
    const args = podmanRunArgs(instanceContainer('ignored'), run());
    expect(args.join(' ')).not.toContain('not-on-a-command-line');
    expect(statSync(join(dir, 'instance.env')).mode & 0o777).toBe(0o600);
    const env = readFileSync(join(dir, 'instance.env'), 'utf8');
    expect(env).toContain('REVALIDATE_SECRET=not-on-a-command-line\n');
    expect(env).toContain(`NODE_OPTIONS=${INSTANCE_NODE_OPTIONS}\n`);
    // The machine's own address replaces the pod's.
    expect(env).toContain('HOSTNAME=127.0.0.1\n');
    expect(env).not.toContain('HOSTNAME=0.0.0.0');
  });

  it.each([
    [
      'a command replaced where it names an address',
      purgerContainer('x'),
      { command: ['node', 'purger.js', '/c', '8082', '127.0.0.1'] },
      ['--entrypoint', '["node","purger.js","/c","8082","127.0.0.1"]'],
    ],
    [
      "the pod's command when none is given",
      purgerContainer('x'),
      {},
      ['--entrypoint', '["node","purger.js","/var/cache/microsites/cache","8082","0.0.0.0"]'],
    ],
    [
      "the container's arguments after the image",
      nginxContainer('x'),
      {},
      ['nginx', '-c', '/run/microsites/nginx.conf', '-g', 'daemon off;'],
    ],
  ])('%s', (_, container, overrides, expected) => {
    const args = podmanRunArgs(
      container,
      run({
        user: USERS.proxy,
        secrets: {},
        env: {},
        volumes: { run: '/h/run', cache: '/h/cache', tls: '/h/tls' },
        ...overrides,
      }),
    );
    expect(args.join('\u0000')).toContain(expected.join('\u0000'));
  });

  it("mounts each volume from the host folder named for it, read-only where the pod's is", () => {
    const args = podmanRunArgs(
      nginxContainer('x'),
      run({ user: USERS.proxy, secrets: {}, env: {}, volumes: { run: '/h/run', cache: '/h/cache', tls: '/h/tls' } }),
    );
    expect(values(args, '--volume')).toEqual([
      '/h/run:/run/microsites',
      '/h/cache:/var/cache/microsites',
      '/h/tls:/run/microsites/tls:ro',
    ]);
  });

  it('an init container runs once and is removed; a raised open-file limit keeps the process limit', () => {
    const args = podmanRunArgs(
      nginxContainer('x'),
      run({ once: true, openFiles: 16384, secrets: {}, env: {}, volumes: { run: '/r', cache: '/c', tls: '/t' } }),
    );
    expect(args.slice(0, 2)).toEqual(['run', '--rm']);
    expect(args).not.toContain('--restart');
    expect(values(args, '--ulimit')).toEqual(['nofile=16384:16384', 'nproc=4096:4096']);
  });

  it.each([
    [
      'a volume without a host folder',
      nginxContainer('x'),
      { volumes: { run: '/r' } },
      'nginx: no host folder for the volume cache',
    ],
    [
      'a secret without a value',
      instanceContainer('x'),
      { secrets: { password: 'ab12' } },
      'server: no value for the secret REVALIDATE_SECRET (REVALIDATE_SECRET)',
    ],
    [
      'a value an env file cannot hold',
      instanceContainer('x'),
      { env: { GRAPHQL_URL: 'http://a\nB=1' } },
      'server: GRAPHQL_URL holds a line break, which an env file cannot',
    ],
  ])('refuses %s, naming it', (_, container, overrides, message) => {
    expect(() => podmanRunArgs(container, run(overrides))).toThrow(message);
  });
});

describe('containerEnv and podmanMemory', () => {
  it("resolves the pod's secret references and lets the machine's values win", () => {
    const env = containerEnv(
      instanceContainer('x'),
      { password: 'ab12', REVALIDATE_SECRET: 's' },
      { TRUSTED_PROXIES: '127.0.0.1,::1' },
    );
    expect(env).toMatchObject({
      REDIS_PASSWORD: 'ab12',
      REVALIDATE_SECRET: 's',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      BEHIND_PROXY: 'true',
    });
    // $(NAME) as Kubernetes expands it: the password goes into the URL.
    expect(env.REDIS_URL).toBe('redis://:ab12@microsites-redis:6379');
    // A field of the pod (its namespace) has no value on one machine.
    expect(containerEnv(proxyFilesContainer('x'))).not.toHaveProperty('POD_NAMESPACE');
  });

  it.each([
    ['$(A)-$(B)', { A: 'a', B: 'b' }, 'a-b'],
    ['$(UNLISTED) stays', {}, '$(UNLISTED) stays'],
    ['$$(A) is escaped', { A: 'a' }, '$(A) is escaped'],
    ['$A is not a reference', { A: 'a' }, '$A is not a reference'],
  ])('expands %s as Kubernetes does', (value, env, expected) => expect(expandVariables(value, env)).toBe(expected));

  it.each([
    ['768Mi', '768m'],
    ['2Gi', '2g'],
  ])('%s is %s', (quantity, expected) => expect(podmanMemory(quantity)).toBe(expected));

  it('refuses a quantity podman would read otherwise', () =>
    expect(() => podmanMemory('1.5G')).toThrow('a memory limit in Mi or Gi, not 1.5G'));
});
