// The images every topology runs (docs/deploy.md, "Images"), from Debian's packages only: the site
// (Node.js and the build's .next/standalone), the caching proxy (nginx with its brotli modules) and
// the shared cache (redis-server), each on one trixie base, under podman.
// Usage:
//   npm run images                 builds the site (`npm run build`, the commit as NEXT_PUBLIC_COMMIT_SHA
//                                  unless given, every other NEXT_PUBLIC_* from the environment), then
//                                  the images, tagged with the build's id
//   npm run images -- --from-build the images of the build already in .next (CI: the e2e build)
//   npm run images -- --previous b-<build id>   the site's image also carries that build's static
//                                  files, which a new proxy pod serves beside its own (docs/deploy.md,
//                                  "Rollouts"): pages of either build find their scripts while both run
// The site is built once on the machine and its output copied into the image, so the image holds
// the bytes whose source maps `npm run ops:sourcemaps` uploads (.next/source-maps, release.json).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PREVIOUS_STATIC } from './proxyConf';

const ROOT = resolve(__dirname, '..');
const IMAGES_DIR = join(ROOT, 'deploy', 'images');
/** A build's deployable and its release (version), under the folder holding its `.next`. */
const standaloneOf = (root: string) => join(root, '.next', 'standalone');
const releaseOf = (root: string) => join(root, '.next', 'source-maps', 'release.json');

const LOCK = join(ROOT, 'deploy', '.run', 'images.lock');
/** Set for the process that holds LOCK. */
const LOCK_HELD = 'MICROSITES_IMAGES_LOCK_HELD';

/** The base every image starts from: Debian 13 from a registry where one answers, else from mmdebstrap. */
export const BASE_IMAGE = 'localhost/microsites-base:trixie';
const REGISTRY_BASE = 'docker.io/library/debian:trixie-slim';
export const IMAGES = {
  site: 'localhost/microsites',
  proxy: 'localhost/microsites-proxy',
  redis: 'localhost/microsites-redis',
} as const;
export type ImageKind = keyof typeof IMAGES;
export type ImageRefs = Record<ImageKind, string>;

/**
 * What podman needs on a machine like this one (docs/deploy.md, "Images"): crun refuses a hybrid
 * cgroup layout and the default limits cannot be set without a systemd session, so runc, cgroupfs
 * and explicit limits. Written only when a container does not start without it.
 */
export const CONTAINERS_CONF_FILE = '/etc/containers/containers.conf';
/** Processes a container may start (a limit podman cannot leave to its default here). */
export const CONTAINER_PROCESSES = 4096;
export const CONTAINERS_CONF = [
  "# Written by deploy/images.ts: a container did not start with podman's defaults on this machine.",
  '[containers]',
  `default_ulimits = ["nofile=1024:1024", "nproc=${CONTAINER_PROCESSES}:${CONTAINER_PROCESSES}"]`,
  '[engine]',
  'runtime = "runc"',
  'cgroup_manager = "cgroupfs"',
  'events_logger = "file"',
  '',
].join('\n');

const run = (
  command: string,
  args: string[],
  options: { quiet?: boolean; timeoutMs?: number } = {},
): { ok: boolean; out: string } => {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: options.timeoutMs,
  });
  if (!options.quiet && result.status !== 0) process.stderr.write(result.stderr ?? '');
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
};

/** Whether a command is on this machine's PATH. */
export const installed = (command: string): boolean => run('sh', ['-c', `command -v ${command}`], { quiet: true }).ok;

export const podman = (...args: string[]): string =>
  execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** Debian packages, by a command each provides, installed as root when missing (a fresh image has no package lists). */
export function ensureDebianPackages(packages: Record<string, string>): void {
  const missing = Object.entries(packages)
    .filter(([command]) => !installed(command))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`missing: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  console.log(`Installing ${missing.join(', ')} (Debian packages)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

/** The base image, made once: pulled where a registry answers, else Debian's minbase from mmdebstrap, imported. */
function ensureBase() {
  if (imageExists(BASE_IMAGE)) return;
  if (run('podman', ['pull', '--quiet', REGISTRY_BASE], { quiet: true, timeoutMs: 120_000 }).ok) {
    podman('tag', REGISTRY_BASE, BASE_IMAGE);
    return;
  }
  console.log(`No registry answers for ${REGISTRY_BASE}: making the base with mmdebstrap (Debian trixie, minbase)…`);
  const dir = join(ROOT, 'deploy', '.run', 'base');
  mkdirSync(dir, { recursive: true });
  const tar = join(dir, 'trixie.tar');
  execFileSync('mmdebstrap', ['--quiet', '--variant=minbase', 'trixie', tar], { stdio: 'inherit' });
  podman('import', tar, BASE_IMAGE);
  rmSync(tar);
}

/** Writes the containers.conf this machine needs, when a container from the base does not start without it. */
function ensureRuns() {
  const probe = () => run('podman', ['run', '--rm', '--network', 'none', BASE_IMAGE, 'true'], { quiet: true });
  const first = probe();
  if (first.ok) return;
  if (existsSync(CONTAINERS_CONF_FILE))
    throw new Error(`podman cannot run a container, with ${CONTAINERS_CONF_FILE} as it is:\n${first.out}`);
  mkdirSync('/etc/containers', { recursive: true });
  writeFileSync(CONTAINERS_CONF_FILE, CONTAINERS_CONF);
  const second = probe();
  if (!second.ok)
    throw new Error(
      `podman cannot run a container, even with runc and cgroupfs (${CONTAINERS_CONF_FILE}):\n${second.out}`,
    );
  console.log(`podman runs containers with runc and cgroupfs here: wrote ${CONTAINERS_CONF_FILE}.`);
}

/** podman able to build and run the images here: installed, configured and with its base. */
export function ensurePodman(): void {
  ensureDebianPackages({ podman: 'podman', runc: 'runc', mmdebstrap: 'mmdebstrap' });
  ensureBase();
  ensureRuns();
}

/** The build in .next/standalone: its id (the images' tag, `b-` first since a tag may not start with `-`) and version. */
export function builtRelease(root = ROOT): { tag: string; version: string; buildId: string } {
  if (!existsSync(join(standaloneOf(root), 'server.js')) || !existsSync(releaseOf(root)))
    throw new Error('no build: run `npm run build` (or `npm run images` without --from-build) first');
  const buildId = readFileSync(join(standaloneOf(root), '.next', 'BUILD_ID'), 'utf8').trim();
  const { version } = JSON.parse(readFileSync(releaseOf(root), 'utf8')) as { version: string };
  return { tag: `b-${buildId}`, version, buildId };
}

export const imageRefs = (tag: string): ImageRefs =>
  Object.fromEntries(Object.entries(IMAGES).map(([kind, name]) => [kind, `${name}:${tag}`])) as ImageRefs;

/** Whether podman holds an image of that name. */
export const imageExists = (ref: string): boolean => run('podman', ['image', 'exists', ref], { quiet: true }).ok;

/**
 * The three images of the build in `root`/.next, tagged with its id; the site's from its
 * .next/standalone (with the static files of the build tagged `previous`, where one is named), the
 * others from Debian's packages alone (podman keeps their layers, so a second build takes seconds).
 * Network: the host's, where apt reaches Debian's mirrors.
 */
export function buildImages({ root = ROOT, previous }: { root?: string; previous?: string } = {}): ImageRefs {
  const { tag, version } = builtRelease(root);
  // One build at a time on this machine: two test files (or a test and a deploy) may ask at once,
  // and a second mmdebstrap or tag of the same name would race the first.
  if (process.env[LOCK_HELD] !== '1') {
    mkdirSync(dirname(LOCK), { recursive: true });
    const args = ['--from-build', '--build-dir', root, ...(previous ? ['--previous', previous] : [])];
    execFileSync('flock', ['-o', LOCK, process.execPath, '--import', 'tsx', __filename, ...args], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, [LOCK_HELD]: '1' },
    });
    return imageRefs(tag);
  }
  ensurePodman();
  const refs = imageRefs(tag);
  const standalone = standaloneOf(root);
  const carried = join(standalone, PREVIOUS_STATIC);
  rmSync(carried, { recursive: true, force: true });
  if (previous) {
    if (!imageExists(imageRefs(previous).site)) throw new Error(`--previous: no site image tagged ${previous}`);
    // Only that build's own files (its image's .next/static), never what it carried itself.
    const container = podman('create', imageRefs(previous).site).trim();
    try {
      podman('cp', `${container}:/app/.next/static`, carried);
    } finally {
      podman('rm', container);
    }
  }
  // The images these tags name now: a rebuild that changes one leaves it without a name.
  const before = Object.values(refs).flatMap((ref) =>
    imageExists(ref) ? [podman('image', 'inspect', '--format', '{{.Id}}', ref).trim()] : [],
  );
  const contexts: Record<ImageKind, string> = { site: standalone, proxy: IMAGES_DIR, redis: IMAGES_DIR };
  const ignored: Partial<Record<ImageKind, string[]>> = {
    site: ['--ignorefile', join(IMAGES_DIR, 'site.containerignore')],
  };
  for (const kind of Object.keys(IMAGES) as ImageKind[]) {
    console.log(`Building ${refs[kind]}…`);
    execFileSync(
      'podman',
      [
        'build',
        '--quiet',
        '--network',
        'host',
        '--build-arg',
        `BASE=${BASE_IMAGE}`,
        '--build-arg',
        `VERSION=${version}`,
        ...(ignored[kind] ?? []),
        '-f',
        join(IMAGES_DIR, `${kind}.Containerfile`),
        '-t',
        refs[kind],
        contexts[kind],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  rmSync(carried, { recursive: true, force: true });
  // Those it replaced are only disk unless a container runs one (then podman keeps it). Only these:
  // a prune of every unnamed image would race another podman command reading the image list (a
  // redeploy's listing failed with "image not known" in CI while a test built these images).
  const now = new Set(Object.values(refs).map((ref) => podman('image', 'inspect', '--format', '{{.Id}}', ref).trim()));
  for (const id of before.filter((old) => !now.has(old))) run('podman', ['rmi', id], { quiet: true });
  return refs;
}

/** `npm run build` with the commit as the version unless NEXT_PUBLIC_COMMIT_SHA is given. */
function buildSite() {
  const commit =
    process.env.NEXT_PUBLIC_COMMIT_SHA?.trim() ||
    run('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { quiet: true }).out.trim();
  if (!/^[0-9a-z._-]+$/i.test(commit))
    throw new Error(`NEXT_PUBLIC_COMMIT_SHA: no commit to name the build with (${JSON.stringify(commit)})`);
  execFileSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_PUBLIC_COMMIT_SHA: commit },
  });
}

if (resolve(process.argv[1] ?? '') === __filename) {
  try {
    const { values } = parseArgs({
      options: { 'from-build': { type: 'boolean' }, 'build-dir': { type: 'string' }, previous: { type: 'string' } },
      strict: true,
    });
    if (!values['from-build']) buildSite();
    const root = values['build-dir'] ? resolve(values['build-dir']) : ROOT;
    const refs = buildImages({ root, previous: values.previous });
    const { version } = builtRelease(root);
    console.log(
      `Images of version ${version}${values.previous ? `, with the static files of ${values.previous}` : ''}:\n${Object.values(
        refs,
      )
        .map((ref) => `  ${ref}`)
        .join('\n')}`,
    );
    console.log(`Source maps of this build: npm run ops:sourcemaps (release ${version}).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
