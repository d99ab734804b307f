// Cost as the tenant map grows: today's map (1×) against a synthetic map of N× its hosts, side by
// side as ratios (docs/performance.md#scale). Both maps are built in one copy of the project, one
// after the other, the way `npm run build:e2e` builds (with the local GraphQL API running): wall
// time, CPU time, peak memory of the build's process tree, output size and prerendered pages. The
// host lookup (the middleware's resolver and its whole routing decision) is timed in this process.
// The synthetic map is the committed one plus N-1 renamed copies, each moved along the longitude
// so that no copy comes within the neighbour radius of another: every copy links like the original.
// Nothing is written to the committed tenants/.
// Usage: E2E_PORT=3400 E2E_COLLECTOR_PORT=4500 E2E_GRAPHQL_PORT=4600 npm run bench:scale -- [--factor 10] [--skip-build]
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { distanceKm } from '../src/content/distance.ts';
import { DEFAULT_NEARBY_RADIUS_KM } from '../src/content/nearby.ts';
import type * as NormalizeHost from '../src/tenancy/normalizeHost.ts';
import type * as ResolveTenant from '../src/tenancy/resolveTenant.ts';
import type * as RouteRequest from '../src/tenancy/routeRequest.ts';
import type { DomainEntry, Place } from '../src/tenancy/types.ts';
import { median } from './median.mts';

// Required, not imported: routeRequest requires resolveTenant, and an import would load a second
// copy of it, whose NoMappingError routeRequest would not recognise as an unknown host.
const require = createRequire(import.meta.url);
const { createTenantResolver } = require('../src/tenancy/resolveTenant.ts') as typeof ResolveTenant;
const { routeRequest } = require('../src/tenancy/routeRequest.ts') as typeof RouteRequest;
const { normalizeHost } = require('../src/tenancy/normalizeHost.ts') as typeof NormalizeHost;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const factorArg = args.indexOf('--factor');
const FACTOR = factorArg === -1 ? 10 : Number(args[factorArg + 1]);
if (!Number.isInteger(FACTOR) || FACTOR < 2) throw new Error('--factor must be a whole number of 2 or more');
const SKIP_BUILD = args.includes('--skip-build');

interface TenantFiles {
  domains: { $schema?: string; domains: DomainEntry[] };
  places: { $schema?: string; places: Record<string, Place> };
}

const readTenants = (): TenantFiles => ({
  domains: JSON.parse(readFileSync(join(ROOT, 'tenants', 'domains.json'), 'utf8')),
  places: JSON.parse(readFileSync(join(ROOT, 'tenants', 'places.json'), 'utf8')),
});

/**
 * The map with `factor - 1` more copies of every host and place. Copy k renames slugs to
 * `{slug}-copy{k}` (parent cities too, so a copy's POIs belong to the copy's city), hosts to
 * `copy{k}-{domain}`, and shifts longitudes by k/factor of the globe.
 */
function scaledTenants(today: TenantFiles, factor: number): TenantFiles {
  const domains = [...today.domains.domains];
  const places = { ...today.places.places };
  for (let k = 1; k < factor; k += 1) {
    const slug = (original: string) => `${original}-copy${k}`;
    for (const entry of today.domains.domains) {
      domains.push({
        ...entry,
        domain: `copy${k}-${entry.domain}`,
        slug: slug(entry.slug),
        path: `/${slug(entry.slug)}/${entry.type}`,
      });
    }
    for (const [original, place] of Object.entries(today.places.places)) {
      const lng = ((place.lng + 180 + (360 * k) / factor) % 360) - 180;
      places[slug(original)] = { ...place, city: place.city && slug(place.city), lng: Math.round(lng * 1e4) / 1e4 };
    }
  }
  assertCopiesApart(places, factor);
  return { domains: { ...today.domains, domains }, places: { ...today.places, places } };
}

/** A place within the neighbour radius of another copy's place would change what pages link to. */
function assertCopiesApart(places: Record<string, Place>, factor: number) {
  const copyOf = (slug: string) => Number(/-copy(\d+)$/.exec(slug)?.[1] ?? 0);
  const list = Object.entries(places);
  for (const [i, [slugA, a]] of list.entries()) {
    for (const [slugB, b] of list.slice(i + 1)) {
      if (copyOf(slugA) !== copyOf(slugB) && distanceKm(a, b) <= DEFAULT_NEARBY_RADIUS_KM) {
        throw new Error(`the ${factor}× map puts ${slugA} near ${slugB}: choose another factor`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Host lookup, in process.

const ROUNDS = 21;
const ROUND_MS = 25;
let _kept: unknown;

/** ns per call of `run(i)` over one round of about ROUND_MS; the result is kept, so the call is not optimised away. */
function nsPerOp(run: (i: number) => unknown): number {
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < ROUND_MS) {
    for (const end = calls + 1000; calls < end; calls += 1) _kept = run(calls);
  }
  return ((performance.now() - started) * 1e6) / calls;
}

/**
 * What the middleware pays per request, for one map. Each case cycles through every host of the
 * map, so a bigger map is also a bigger working set, as on a server.
 */
function lookupCases(entries: readonly DomainEntry[]): Record<string, (i: number) => unknown> {
  // As on a live server (routingContext): real domains only, no `.localhost` previews.
  const index = () => createTenantResolver(entries, { previewAliases: false });
  const resolveTenant = index();
  const context = { micrositesHost: 'microsites.example', resolveTenant };
  const hosts = entries.map((entry) => entry.domain);
  // Host headers as they arrive: normalizeHost makes a fresh string of each, to be hashed anew.
  const headers = hosts.map((host) => `${host}:443`);
  const decide = (header: string) =>
    routeRequest({ host: normalizeHost(header), pathname: '/', locale: 'en', explicitLocale: true }, context).kind;
  return {
    'resolver index, built once': index,
    'lookup: known host': (i) => resolveTenant(hosts[i % hosts.length] ?? ''),
    'routing: Host → tenant page': (i) => decide(headers[i % headers.length] ?? ''),
    'routing: unknown Host → 404': (i) => decide(`unknown-${i % 1000}.example:443`),
  };
}

/** Median ns per call of each case for each map; maps and cases take turns, so all see the same machine. */
function compareLookups(maps: readonly (readonly DomainEntry[])[]): { label: string; values: number[] }[] {
  const cases = maps.map(lookupCases);
  const labels = Object.keys(cases[0] ?? {});
  const samples = labels.map(() => maps.map((): number[] => []));
  // Round 0 warms up: everything compiled and inlined before anything counts.
  for (let round = 0; round <= ROUNDS; round += 1) {
    labels.forEach((label, which) =>
      cases.forEach((run, map) => {
        const value = nsPerOp(run[label] ?? (() => undefined));
        if (round > 0) samples[which]?.[map]?.push(value);
      }),
    );
  }
  return labels.map((label, which) => ({ label, values: (samples[which] ?? []).map(median) }));
}

// ---------------------------------------------------------------------------------------------
// Build, in a copy of the project.

/** Not copied: dependencies (copied on their own, below), build output, git, local results. */
const NOT_COPIED = new Set([
  'node_modules',
  '.next',
  '.git',
  'bench/results',
  'deploy/.run',
  'test-results',
  'playwright-report',
  'tsconfig.tsbuildinfo',
]);

function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bagberth-scale-'));
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(source.slice(ROOT.length).replace(/\/$/, '')),
  });
  // A real copy: Turbopack does not follow a symlinked node_modules.
  execFileSync('cp', ['-a', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  return dir;
}

const PAGE_SIZE = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }));
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** Resident memory of `root` and all its descendants, summed, and of the largest one, in bytes. */
function treeMemory(root: number): { sum: number; largest: number } {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // After "pid (comm)": state, ppid, …, rss is the 22nd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    const ppid = Number(fields[1]);
    rss.set(pid, Number(fields[21]) * PAGE_SIZE);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  let sum = 0;
  let largest = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() ?? root;
    const bytes = rss.get(pid) ?? 0;
    sum += bytes;
    largest = Math.max(largest, bytes);
    pending.push(...(children.get(pid) ?? []));
  }
  return { sum, largest };
}

/** CPU seconds (all cores) used by the whole machine so far, and by this process's reaped children. */
function cpuSeconds(): { machine: number; children: number } {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  const own = readFileSync('/proc/self/stat', 'utf8');
  const fields = own.slice(own.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime: the 16th and 17th fields.
  return {
    machine: (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND,
    children: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

function bytesUnder(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesUnder(join(path, name)), 0);
}

interface BuildFigures {
  wallSeconds: number;
  cpuSeconds: number;
  othersCpuSeconds: number;
  load: [number, number];
  peakTreeBytes: number;
  peakProcessBytes: number;
  nextBytes: number;
  pagesBytes: number;
  shareImageBytes: number;
  middlewareBytes: number;
  prerendered: number;
  /** Next's and the share-image step's own timings, as the build printed them. */
  phases: string;
}

const SAMPLE_MS = 200;

async function build(dir: string, tenants: TenantFiles): Promise<BuildFigures> {
  writeFileSync(join(dir, 'tenants', 'domains.json'), `${JSON.stringify(tenants.domains, null, 2)}\n`);
  writeFileSync(join(dir, 'tenants', 'places.json'), `${JSON.stringify(tenants.places, null, 2)}\n`);
  rmSync(join(dir, '.next'), { recursive: true, force: true });
  const hosts = tenants.domains.domains.length;
  const log = join(dir, `build-${hosts}.log`);
  const loadBefore = loadavg()[0] ?? NaN;
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  // The e2e build: the GraphQL stand-in runs while the pages render their storage spots.
  const child = spawn('npm', ['run', 'build:e2e'], {
    cwd: dir,
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
  });
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  let running = true;
  void exited.then(() => (running = false));
  let peakTreeBytes = 0;
  let peakProcessBytes = 0;
  while (running && child.pid !== undefined) {
    const { sum, largest } = treeMemory(child.pid);
    peakTreeBytes = Math.max(peakTreeBytes, sum);
    peakProcessBytes = Math.max(peakProcessBytes, largest);
    await sleep(SAMPLE_MS);
  }
  const status = await exited;
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  const output = readFileSync(log, 'utf8');
  if (status !== 0)
    throw new Error(`the ${hosts}-host build failed (exit ${status}):\n${output.split('\n').slice(-30).join('\n')}`);
  const next = join(dir, '.next');
  const manifest = (name: string) => JSON.parse(readFileSync(join(next, ...name.split('/')), 'utf8'));
  const middlewareFiles: string[] = manifest('server/middleware-manifest.json').middleware['/']?.files ?? [];
  const buildCpu = cpuAfter.children - cpuBefore.children;
  return {
    wallSeconds,
    cpuSeconds: buildCpu,
    othersCpuSeconds: cpuAfter.machine - cpuBefore.machine - buildCpu,
    load: [loadBefore, loadavg()[0] ?? NaN],
    peakTreeBytes,
    peakProcessBytes,
    // What a deployment ships: the build cache stays behind.
    nextBytes: bytesUnder(next) - bytesUnder(join(next, 'cache')),
    pagesBytes: bytesUnder(join(next, 'server', 'pages')),
    shareImageBytes: bytesUnder(join(next, 'share-images')),
    // The Edge bundle carries the tenant map (routingContext imports tenants/domains.json).
    middlewareBytes: middlewareFiles.reduce((sum, file) => sum + bytesUnder(join(next, file)), 0),
    prerendered: Object.keys(manifest('prerender-manifest.json').routes).length,
    phases: [/Compiled successfully in [^\n]*/, /Generating static pages[^\n]*\) in [^\n]*/, /Share images: [^\n]*/]
      .map((pattern) => pattern.exec(output)?.[0].trim())
      .filter(Boolean)
      .join('; '),
  };
}

// ---------------------------------------------------------------------------------------------

const today = readTenants();
const scaled = scaledTenants(today, FACTOR);
const [todayHosts, scaledHosts] = [today, scaled].map((files) => files.domains.domains.length);
console.log(
  `Tenant maps: ${todayHosts} hosts (today) and ${scaledHosts} (${FACTOR}×); ${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);

const rows: { label: string; today: number; scaled: number; format: (value: number) => string }[] = [];
const row = (label: string, values: [number, number], format: (value: number) => string) =>
  rows.push({ label, today: values[0], scaled: values[1], format });
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const ns = (value: number) => `${value.toFixed(0)} ns`;

const figures: BuildFigures[] = [];
if (!SKIP_BUILD) {
  const dir = copyProject();
  try {
    for (const tenants of [today, scaled]) {
      console.log(`Building ${tenants.domains.domains.length} hosts in ${dir} …`);
      const result = await build(dir, tenants);
      figures.push(result);
      console.log(
        `  ${s(result.wallSeconds)}; ${result.phases}; load average ${result.load.map((load) => load.toFixed(2)).join(' → ')}; other processes used ${s(result.othersCpuSeconds)} of CPU meanwhile (${(result.othersCpuSeconds / result.wallSeconds).toFixed(2)} of ${cpus().length} CPUs)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pair = (key: Exclude<keyof BuildFigures, 'load' | 'phases'>) =>
    figures.map((built) => built[key]) as [number, number];
  row('build wall time', pair('wallSeconds'), s);
  row('build CPU time (user+sys)', pair('cpuSeconds'), s);
  row('peak RSS, build process tree', pair('peakTreeBytes'), MB);
  row('peak RSS, largest process', pair('peakProcessBytes'), MB);
  row('.next without cache/', pair('nextBytes'), MB);
  row('.next/server/pages', pair('pagesBytes'), MB);
  row('.next/share-images', pair('shareImageBytes'), MB);
  row('middleware (Edge) bundle', pair('middlewareBytes'), kB);
  row('prerendered pages', pair('prerendered'), String);
}

for (const {
  label,
  values: [one = NaN, many = NaN],
} of compareLookups([today.domains.domains, scaled.domains.domains])) {
  if (label.startsWith('resolver index')) row(label, [one / 1000, many / 1000], (value) => `${value.toFixed(0)} µs`);
  else row(label, [one, many], ns);
}

const ratio = (label: string) => {
  const found = rows.find((candidate) => candidate.label === label);
  return found ? found.scaled / found.today : NaN;
};
console.log(`\n${'figure'.padEnd(32)}${'1×'.padStart(12)}${`${FACTOR}×`.padStart(12)}${`${FACTOR}×/1×`.padStart(10)}`);
for (const { label, today: one, scaled: many, format } of rows) {
  console.log(
    `${label.padEnd(32)}${format(one).padStart(12)}${format(many).padStart(12)}${(many / one).toFixed(2).padStart(10)}`,
  );
}

// Linear or better: the figure grows at most as the map does.
const linear = (value: number) =>
  value <= FACTOR
    ? `linear or better (${value.toFixed(2)} ≤ ${FACTOR})`
    : `WORSE than linear (${value.toFixed(2)} > ${FACTOR})`;
console.log('');
if (figures.length > 0) {
  console.log(`build time: ${linear(ratio('build wall time'))}`);
  console.log(`output size: ${linear(ratio('.next without cache/'))}`);
}
const lookupRatio = Math.max(
  ...['lookup: known host', 'routing: Host → tenant page', 'routing: unknown Host → 404'].map(ratio),
);
console.log(
  `host lookup: ${lookupRatio <= 1.5 ? 'constant' : 'NOT constant'} (largest ratio ${lookupRatio.toFixed(2)}; up to 1.5 is a bigger working set and noise)`,
);
