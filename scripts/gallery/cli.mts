// `npm run gallery` (docs/gallery.md): every landing page of a build, in every language it is
// served in, shot at 390 and 1280 px with its share image and checked, in gallery/index.html.
//   npm run gallery                          every page (about 845)
//   npm run gallery -- --changed [BASE]      the pages a change of tenants/ or locales/ against BASE (HEAD) affects
//   npm run gallery -- --host H --locale L   only these (each may repeat)
//   npm run gallery -- --against DIR         marks changed, new and removed pages against an earlier gallery
//   npm run gallery -- --against REF         … against a git ref: built and shot in a worktree first (a few minutes)
//   npm run gallery -- --threshold 0.1       pixelmatch's colour threshold for --against
//   npm run gallery -- --build DIR           another standalone build (a copy of an earlier .next/standalone)
// Exits 1 when a check fails on any page, 2 on bad arguments. Needs `npm run build` first.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { askLoopback } from '../../deploy/loopback.ts';
import { createNearbyFinder } from '../../src/content/nearby.ts';
import { WEBSITE_LOCALES } from '../../src/i18n/websiteLocales.ts';
import type { DomainEntry, Place } from '../../src/tenancy/types.ts';
import { capture, launch, newContext, type Captured } from './capture.mts';
import { check, copyStrings, foreignSentences, foreignTexts, type Measurements } from './checks.mts';
import { diffPngs } from './diff.mts';
import { sentenceReader } from './sentenceReader.mts';
import { galleryHtml, type Card, type GalleryReport } from './html.mts';
import { affected, changes, galleryPages, mapAtBase, narrow, type GalleryPage, type TenantMap } from './pages.mts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Part of every shot's key: a change to how the gallery measures shoots every page again. */
const CAPTURE_VERSION = createHash('sha256')
  .update(readFileSync(join(import.meta.dirname, 'capture.mts')))
  .digest('hex')
  .slice(0, 8);

interface Manifest {
  scope: string;
  madeAt: string;
  pages: Array<{ page: GalleryPage; key: string }>;
}

const readJson = <T,>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The tenant map and copy of a checkout: this one, or (--root) a base's worktree. */
function currentMap(root: string): TenantMap & { copy: Record<string, string> } {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  return {
    domains: (JSON.parse(read('tenants/domains.json')) as { domains: DomainEntry[] }).domains,
    places: (JSON.parse(read('tenants/places.json')) as { places: Record<string, Place> }).places,
    copy: Object.fromEntries(
      WEBSITE_LOCALES.map((locale) => [
        locale,
        read(`locales/${locale}/microsites.json`) + read(`locales/${locale}/legal.json`),
      ]),
    ),
  };
}

/**
 * A standalone build's server on loopback, until the returned stop has resolved (the server gone,
 * so that a run right after this one finds the port free).
 */
async function startSite(build: string, port: number): Promise<() => Promise<void>> {
  const server = join(build, 'server.js');
  if (!existsSync(server)) throw new UsageError('no build: run `npm run build` first');
  // Whatever answers there would be shot in place of this build.
  if (
    await fetchLocal(port, 'localhost', '/api/health').then(
      () => true,
      () => false,
    )
  )
    throw new UsageError(`port ${port} is in use (GALLERY_PORT or --port moves it)`);
  const child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) break;
    if (
      await fetchLocal(port, 'localhost', '/api/health').then(
        () => true,
        () => false,
      )
    )
      return stop;
  }
  await stop();
  throw new Error(`the site did not start on port ${port} (GALLERY_PORT or --port moves it)`);
}

/** GET on this machine with the page's host, as Chromium would send it (deploy/local.ts's askLoopback). */
const fetchLocal = async (port: number, host: string, path: string): Promise<Buffer> =>
  (await askLoopback(`http://${host === 'localhost' ? host : `${host}.localhost`}:${port}${path}`)).body;

/** How long a page the server is rendering again (`x-nextjs-cache: STALE`) may take before it is shot as it was. */
const REGENERATION_WAIT_MS = 15_000;

/**
 * A page's shots are reused while its HTML and share image are byte for byte the same (same build,
 * same content). A stale page is asked for again once the server has rendered it anew: keyed by
 * the copy it was replacing, it would be shot again on the next run, which gets the new one.
 */
async function keyOf(port: number, page: GalleryPage): Promise<string> {
  const url = `http://${page.host}.localhost:${port}${page.path}`;
  let answer = await askLoopback(url);
  for (
    const deadline = Date.now() + REGENERATION_WAIT_MS;
    answer.headers['x-nextjs-cache'] === 'STALE' && Date.now() < deadline;
  ) {
    await sleep(250);
    answer = await askLoopback(url);
  }
  const html = answer.body;
  const share = await fetchLocal(port, page.host, `/og/${page.slug}-${page.type}-${page.locale}.png`);
  return createHash('sha256').update(CAPTURE_VERSION).update(html).update(share).digest('hex').slice(0, 24);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      changed: { type: 'boolean' },
      host: { type: 'string', multiple: true },
      locale: { type: 'string', multiple: true },
      against: { type: 'string' },
      threshold: { type: 'string', default: '0.1' },
      out: { type: 'string', default: 'gallery' },
      port: { type: 'string', default: process.env.GALLERY_PORT ?? '3300' },
      tabs: { type: 'string', default: '4' },
      build: { type: 'string' },
      root: { type: 'string', default: '.' },
    },
  });
  const threshold = Number(values.threshold);
  if (!(threshold >= 0 && threshold <= 1))
    throw new UsageError(`--threshold must be between 0 and 1, got ${values.threshold}`);
  const out = resolve(ROOT, values.out);
  const shots = join(out, 'shots');
  mkdirSync(shots, { recursive: true });
  const port = Number(values.port);
  const root = resolve(ROOT, values.root);
  const map = currentMap(root);

  let pages = narrow(galleryPages(map), { hosts: values.host, locales: values.locale });
  const unknownHosts = (values.host ?? []).filter((host) => !map.domains.some((entry) => entry.domain === host));
  if (unknownHosts.length > 0) throw new UsageError(`--host: not in tenants/domains.json: ${unknownHosts.join(', ')}`);
  let scope =
    values.host || values.locale
      ? `hosts ${values.host?.join(', ') ?? 'all'}, languages ${values.locale?.join(', ') ?? 'all'}`
      : 'every page';
  /** With --changed, the pages the base's map already had: the others are new. */
  let pagesAtBase: Set<string> | undefined;
  let basePages: GalleryPage[] = [];
  if (values.changed) {
    const base = positionals[0] ?? 'HEAD';
    const before = mapAtBase(base, WEBSITE_LOCALES);
    pages = affected(pages, [before, map], changes(before, map));
    basePages = galleryPages(before);
    pagesAtBase = new Set(basePages.map((page) => page.id));
    scope = `the pages changed against ${base} (tenants/, locales/)`;
  }

  // The base is read before anything is written: --against may name this very folder.
  // A ref's base covers the same pages: the hosts and languages asked for, or those --changed picked.
  const narrowing = values.changed
    ? [...new Set(pages.map((page) => page.host))].flatMap((host) => ['--host', host])
    : [
        ...(values.host ?? []).flatMap((host) => ['--host', host]),
        ...(values.locale ?? []).flatMap((locale) => ['--locale', locale]),
      ];
  const againstDir = values.against
    ? existsSync(resolve(ROOT, values.against))
      ? resolve(ROOT, values.against)
      : galleryOfRef(values.against, out, values.port, narrowing)
    : undefined;
  if (againstDir && !existsSync(join(againstDir, 'manifest.json')))
    throw new UsageError(`--against: ${values.against} holds no gallery (manifest.json)`);
  const base = againstDir ? readJson<Manifest>(join(againstDir, 'manifest.json')) : undefined;
  const baseShots = againstDir ? join(againstDir, 'shots') : undefined;

  const started = Date.now();
  const stop = await startSite(resolve(root, values.build ?? join('.next', 'standalone')), port);
  const browser = await launch();
  const entries: Array<{ page: GalleryPage; key: string; measurements: Captured['measurements'] }> = [];
  let shotNow = 0;
  try {
    const context = await newContext(browser);
    const queue = [...pages];
    await Promise.all(
      Array.from({ length: Math.max(1, Number(values.tabs)) }, async () => {
        /**
         * Each page in a fresh tab: a shot in a tab that showed another page (or another size) just
         * before now and then shows some of its old tiles. One more try when Chromium stalls a shot.
         */
        const captured = async (page: GalleryPage) => {
          const once = async () => {
            const tab = await context.newPage();
            try {
              return await capture(tab, `http://localhost:${port}`, page);
            } finally {
              await tab.close();
            }
          };
          return once().catch((first: unknown) =>
            once().catch((error: unknown) => {
              throw new Error(
                `${page.id} could not be captured: ${error instanceof Error ? error.message : error} (first try: ${first instanceof Error ? first.message.split('\n')[0] : first})`,
              );
            }),
          );
        };
        for (let page = queue.shift(); page; page = queue.shift()) {
          const key = await keyOf(port, page);
          const measured = join(shots, `${key}.json`);
          if (!existsSync(measured)) {
            const { measurements, shot } = await captured(page);
            writeFileSync(join(shots, `${key}-phone.png`), shot.phone);
            writeFileSync(join(shots, `${key}-desktop.png`), shot.desktop);
            if (shot.share) writeFileSync(join(shots, `${key}-share.png`), shot.share);
            writeFileSync(join(shots, `${key}-page.mhtml`), shot.saved);
            writeFileSync(measured, JSON.stringify(measurements));
            shotNow += 1;
          }
          entries.push({ page, key, measurements: readJson(measured) });
          const done = entries.length;
          if (done % 50 === 0) console.error(`${done} of ${pages.length} pages`);
        }
      }),
    );
  } finally {
    await browser.close();
    await stop();
  }

  // Checks: the measurements, this tree's copy, the pages' neighbours as the site lists them.
  const { languageOf, withoutNames } = await sentenceReader(map.places);
  const copy = Object.fromEntries(
    WEBSITE_LOCALES.map((locale) => [
      locale,
      new Set([...copyStrings(JSON.parse(readFileSync(join(root, `locales/${locale}/microsites.json`), 'utf8')))]),
    ]),
  );
  const finder = createNearbyFinder(map.domains, map.places);
  const order = new Map(pages.map((page, index) => [page.id, index]));
  entries.sort((a, b) => order.get(a.page.id)! - order.get(b.page.id)!);
  const baseKeys = new Map(base?.pages.map((item) => [item.page.id, item.key]) ?? []);
  const cards: Card[] = entries.map(({ page, key, measurements }) => {
    const neighbours = finder.pageNeighbours(page.slug, page.type, { locale: page.locale });
    const full: Measurements = {
      ...measurements,
      foreignTexts: foreignTexts(measurements.texts, page.locale, copy),
      foreignSentences: foreignSentences(measurements.blocks, page.locale, languageOf, withoutNames),
      neighbours:
        neighbours.heading === 'near'
          ? neighbours.places.map((place) => ({ name: place.name, km: place.distanceKm }))
          : [],
    };
    const files = {
      phone: `shots/${key}-phone.png`,
      desktop: `shots/${key}-desktop.png`,
      share: existsSync(join(shots, `${key}-share.png`)) ? `shots/${key}-share.png` : null,
      saved: `shots/${key}-page.mhtml`,
    };
    const card: Card = { page, checks: check(full), files };
    // Without an earlier gallery, --changed still says which pages the change adds.
    if (!base && pagesAtBase) card.diff = { state: pagesAtBase.has(page.id) ? 'changed' : 'new' };
    if (base) {
      const before = baseKeys.get(page.id);
      if (!before) card.diff = { state: 'new' };
      else if (before === key) card.diff = { state: 'unchanged' };
      else {
        // The base's shots are copied in beside this gallery's, so that it reads on its own.
        const diffImages: { phone?: string; desktop?: string } = {};
        let changedPixels = 0;
        for (const size of ['phone', 'desktop'] as const) {
          const old = readFileSync(join(baseShots!, `${before}-${size}.png`));
          writeFileSync(join(shots, `${before}-${size}.png`), old);
          const { changed, image } = diffPngs(old, readFileSync(join(shots, `${key}-${size}.png`)), threshold);
          changedPixels += changed;
          if (changed > 0) {
            diffImages[size] = `shots/${before}-${key}-${size}-diff.png`;
            writeFileSync(join(out, diffImages[size]!), image);
          }
        }
        card.diff = {
          state: changedPixels > 0 ? 'changed' : 'unchanged',
          before: { phone: `shots/${before}-phone.png`, desktop: `shots/${before}-desktop.png` },
          diffImages,
          changedPixels,
        };
      }
    }
    return card;
  });
  // Pages the base had, within the same hosts and languages, that the map no longer has.
  const existing = new Set(galleryPages(map).map((page) => page.id));
  const removed = narrow(base?.pages.map((item) => item.page) ?? basePages, {
    hosts: values.host,
    locales: values.locale,
  }).filter((page) => !existing.has(page.id));

  const report: GalleryReport = { cards, removed, madeAt: new Date().toISOString(), scope, against: values.against };
  writeFileSync(join(out, 'index.html'), galleryHtml(report));
  const manifest: Manifest = { scope, madeAt: report.madeAt, pages: entries.map(({ page, key }) => ({ page, key })) };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  // Shots neither this gallery nor its base names are left from older runs.
  const kept = new Set([
    ...manifest.pages.map((item) => item.key),
    ...cards.flatMap((card) => (card.diff?.before ? [card.diff.before.phone.slice(6, 30)] : [])),
  ]);
  for (const file of readdirSync(shots)) if (!kept.has(file.slice(0, 24))) rmSync(join(shots, file));

  const failing = cards.filter((card) => card.checks.some((result) => !result.ok));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `Gallery: ${cards.length} pages (${shotNow} shot now, ${cards.length - shotNow} reused) in ${seconds} s → ${join(values.out, 'index.html')}`,
  );
  for (const card of failing)
    console.log(
      `  ✗ ${card.page.id}: ${card.checks
        .filter((result) => !result.ok)
        .map((result) => `${result.id} (${result.detail})`)
        .join('; ')}`,
    );
  if (base || pagesAtBase)
    console.log(
      `${base ? `Against ${values.against}` : scope}: ${cards.filter((card) => card.diff?.state === 'changed').length} changed, ${cards.filter((card) => card.diff?.state === 'new').length} new, ${removed.length} removed.`,
    );
  console.log(failing.length === 0 ? 'Every check passed.' : `${failing.length} page(s) with a failed check.`);
  return failing.length === 0 ? 0 : 1;
}

class UsageError extends Error {}

/**
 * --against a git ref: the ref checked out in a worktree beside the output, built there (with a
 * copy of this checkout's node_modules), and shot by this gallery code over the same pages into
 * `<out>/base/`, which then serves as the base. The worktree goes afterwards.
 */
function galleryOfRef(ref: string, out: string, port: string, narrowing: string[]): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new UsageError(`--against: ${ref} is neither a gallery folder nor a git ref`);
  }
  const worktree = join(out, `.worktree-${commit.slice(0, 12)}`);
  const base = join(out, 'base');
  rmSync(worktree, { recursive: true, force: true });
  git('worktree', 'add', '--detach', '--force', worktree, commit);
  try {
    // A copy, not a link: Turbopack compiles nothing outside the project's root.
    execFileSync('cp', ['-a', join(ROOT, 'node_modules'), join(worktree, 'node_modules')]);
    console.error(`--against ${ref}: building ${commit.slice(0, 12)} in ${worktree}…`);
    execFileSync('npm', ['run', 'build'], { cwd: worktree, stdio: ['ignore', 'ignore', 'inherit'] });
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const shot = spawnSync(
      process.execPath,
      [tsx, join(import.meta.dirname, 'cli.mts'), '--root', worktree, '--out', base, '--port', port, ...narrowing],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // A base with failing checks is still a base: only a run that wrote nothing is an error.
    if (!existsSync(join(base, 'manifest.json')))
      throw new Error(`--against ${ref}: the base gallery was not made (exit ${shot.status})`);
  } finally {
    git('worktree', 'remove', '--force', worktree);
  }
  return base;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
