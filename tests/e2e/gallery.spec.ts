// Issue 26 item 5 (docs/gallery.md): `npm run gallery` on a small fixed set, from the build this
// run tests, so that it cannot rot: every card with its shots and badges, the summary, exit 0;
// shots reused for unchanged pages; against an earlier gallery, new and unchanged pages marked;
// `--changed` on a branch that adds one host shows exactly its pages (new) and the pages that link
// to it (changed); a page whose booking button falls below the fold fails its badge and the run.
// The pixel diff and the checks' verdicts: tests/unit/gallery.*.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createNearbyFinder } from '../../src/content/nearby';
import { PLACES } from '../../src/tenancy/placeData';
import { DOMAIN_ENTRIES } from '../../src/tenancy/tenantMap';
import { groupTenantPages } from '../../src/tenancy/tenantPages';
import { GALLERY_PORT } from './support/collectorConfig';

const gallery = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(
    process.execPath,
    [
      join('node_modules', 'tsx', 'dist', 'cli.mjs'),
      'scripts/gallery/cli.mts',
      '--port',
      String(GALLERY_PORT),
      ...args,
    ],
    {
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, ...env },
    },
  );

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);
let out: string;
/**
 * A copy of the build as built, made now: a page with storage spots is stale 10 minutes after it was
 * written (STORAGE_SPOTS_REVALIDATE_SECONDS), and a stale one is rendered again with this run's
 * content, so that a gallery of the build itself would depend on how long ago the build ran. Without
 * the copies the test servers regenerated (.next/server/route-cache/): those keep the time they were
 * written, so a copy of one regenerated long before is stale at once (CI: re-shot on a second run).
 */
function copyOfBuild(): string {
  const copy = mkdtempSync(join(tmpdir(), 'gallery-build-'));
  cpSync(join('.next', 'standalone'), copy, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !source.includes(join('.next', 'server', 'route-cache')),
  });
  return copy;
}
let build: string;
test.beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'gallery-'));
  build = copyOfBuild();
});
test.afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
});

test('two hosts, every language: a card each, shots, share images, all checks passing', () => {
  const run = gallery([
    '--build',
    build,
    '--host',
    'kingscross-bagberth.co.uk',
    '--host',
    'kyotostation-bagberth.jp',
    '--out',
    out,
  ]);
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status, run.stdout).toBe(0);
  expect(run.stdout).toMatch(/^Gallery: 13 pages \(13 shot now, 0 reused\)/m);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  expect(html.match(/<article class="card/g)).toHaveLength(13);
  expect(html).toContain('id="kyotostation-bagberth.jp/ja"');
  expect(html).not.toContain('class="badge fail"');
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { pages: Array<{ key: string }> };
  for (const { key } of manifest.pages) {
    for (const file of ['phone', 'desktop', 'share'])
      expect(existsSync(join(out, 'shots', `${key}-${file}.png`)), `${key}-${file}`).toBe(true);
    // The saved copy the card's host links to: the page with its styles and images, after the run.
    expect(readFileSync(join(out, 'shots', `${key}-page.mhtml`), 'utf8')).toMatch(
      /Content-Type: image\/webp[\s\S]*Content-Type: text\/css|Content-Type: text\/css[\s\S]*Content-Type: image\/webp/,
    );
  }
  // Unchanged pages are not shot again.
  expect(gallery(['--build', build, '--host', 'kyotostation-bagberth.jp', '--out', out]).stdout).toMatch(
    /^Gallery: 2 pages \(0 shot now, 2 reused\)/m,
  );
});

test("against an earlier gallery of one host: its pages unchanged, the other host's new", () => {
  const next = mkdtempSync(join(tmpdir(), 'gallery-'));
  try {
    const run = gallery([
      '--build',
      build,
      '--host',
      'kingscross-bagberth.co.uk',
      '--host',
      'kyotostation-bagberth.jp',
      '--out',
      next,
      '--against',
      out,
    ]);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^Against .+: 0 changed, 11 new, 0 removed\.$/m);
    const html = readFileSync(join(next, 'index.html'), 'utf8');
    expect(html).toMatch(/: 0 changed, 11 new, 2 unchanged, 0 removed\./);
    expect(html.match(/data-diff="new"/g)).toHaveLength(11);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
});

test('on a branch that adds one host, --changed shows its pages as new, the pages linking to it as changed, and nothing else', () => {
  // The base: this commit without St Pancras (its host and its place), in a worktree of its own.
  const added = 'st-pancras-international';
  const worktree = mkdtempSync(join(tmpdir(), 'gallery-base-'));
  const next = mkdtempSync(join(tmpdir(), 'gallery-'));
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    git('worktree', 'add', '--detach', '--force', worktree, 'HEAD');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tenant files as JSON
    const edit = (file: string, change: (json: Record<string, any>) => void) => {
      const json = JSON.parse(readFileSync(join(worktree, file), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
      change(json);
      writeFileSync(join(worktree, file), `${JSON.stringify(json, null, 2)}\n`);
    };
    // The worktree is this commit: the working tree's own tenant files are what the branch adds to.
    for (const file of ['tenants/domains.json', 'tenants/places.json']) cpSync(file, join(worktree, file));
    edit(
      'tenants/domains.json',
      (json) => (json.domains = (json.domains as Array<{ slug: string }>).filter((entry) => entry.slug !== added)),
    );
    edit('tenants/places.json', (json) => delete json.places[added]);
    git(
      '-C',
      worktree,
      '-c',
      'user.name=gallery test',
      '-c',
      'user.email=test@example.com',
      'commit',
      '--quiet',
      '--all',
      '--message',
      'base without St Pancras',
    );
    const base = git('-C', worktree, 'rev-parse', 'HEAD');

    const run = gallery(['--changed', base, '--out', next]);
    expect(run.status, run.stdout).toBe(0);
    // What the site itself links to St Pancras from, in each language.
    const finder = createNearbyFinder(DOMAIN_ENTRIES, PLACES);
    const linking = groupTenantPages(DOMAIN_ENTRIES).flatMap((page) =>
      page.locales
        .filter((locale) =>
          finder.pageNeighbours(page.slug, page.type, { locale }).places.some((place) => place.slug === added),
        )
        .map((locale) => `${page.domains[0]}/${locale}`),
    );
    const own = groupTenantPages(DOMAIN_ENTRIES)
      .filter((page) => page.slug === added)
      .flatMap((page) => page.locales.map((locale) => `${page.domains[0]}/${locale}`));
    expect(own.length).toBeGreaterThan(0);
    expect(linking.length).toBeGreaterThan(0);
    const html = readFileSync(join(next, 'index.html'), 'utf8');
    const cards = [...html.matchAll(/<article class="card[^"]*" id="([^"]+)"[^>]*data-diff="(\w+)"/g)].map(
      ([, id, state]) => [id!, state!] as const,
    );
    expect(new Map(cards)).toEqual(
      new Map([...own.map((id) => [id, 'new'] as const), ...linking.map((id) => [id, 'changed'] as const)]),
    );
    expect(run.stdout).toMatch(new RegExp(`: ${linking.length} changed, ${own.length} new, 0 removed\\.$`, 'm'));
    expect(html).not.toContain('class="badge fail"');
  } finally {
    git('worktree', 'remove', '--force', worktree);
    rmSync(next, { recursive: true, force: true });
  }
});

/**
 * A gallery of the Polish King's Cross page from a copy of the build where the place is called
 * `name` instead (in its markup and its page data alike, so hydration keeps it). The only Polish
 * King's Cross page of the copy is the prerendered one, changed here.
 */
function galleryWithName(name: string, next: string) {
  const changed = copyOfBuild();
  try {
    const copies = readdirSync(join(changed, '.next', 'server'), { recursive: true, encoding: 'utf8' }).filter((path) =>
      /(^|\/)pl\/kings-cross-station\/poi\.(html|json)$/.test(path),
    );
    expect(copies.length).toBe(2);
    for (const copy of copies) {
      const file = join(changed, '.next', 'server', copy);
      // One pass: the markup's escaped name and the page data's plain one each get the new name in
      // their own form (two passes grew the markup twice over, and hydration failed on the difference).
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/King(&#x27;|')s Cross/g, (_, quote: string) => name.replaceAll("'", quote)),
      );
    }
    return gallery(['--build', changed, '--host', 'kingscross-bagberth.co.uk', '--locale', 'pl', '--out', next]);
  } finally {
    rmSync(changed, { recursive: true, force: true });
  }
}

test('a booking button pushed below the fold fails its badge, names the page, and the run exits 1', () => {
  const next = mkdtempSync(join(tmpdir(), 'gallery-'));
  try {
    const run = galleryWithName(
      "King's Cross, St Pancras i Euston: trzy dworce kolejowe w samym sercu Londynu, ".repeat(4).trim(),
      next,
    );
    // What the gallery measured, should it pass: where the button ended, and whether the long name was on the page.
    const measured = (existsSync(join(next, 'shots')) ? readdirSync(join(next, 'shots')) : [])
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const { ctaBottom, texts } = JSON.parse(readFileSync(join(next, 'shots', file), 'utf8')) as {
          ctaBottom: Record<string, number>;
          texts: string[];
        };
        return { ctaBottom, longName: texts.some((text) => text.includes('trzy dworce')) };
      });
    expect(run.status, `${run.stdout}\n${JSON.stringify(measured)}`).toBe(1);
    // Issue 39 item 3: every first screen is measured, the laptop's too.
    expect(run.stdout).toMatch(
      /^ {2}✗ kingscross-bagberth\.co\.uk\/pl: .*fold \(.*at 360×640 the button ends at \d+ px of 640.*at 1280×800 the button ends at \d+ px of 800\)/m,
    );
    // The changed copy hydrates as it was served: the fold is measured on the page a visitor keeps.
    expect(run.stdout).not.toMatch(/console \(/);
    const html = readFileSync(join(next, 'index.html'), 'utf8');
    expect(html).toContain('<a class="badge fail" href="#kingscross-bagberth.co.uk/pl-fold"');
    expect(html).toContain(
      '<li class="fail">Booking button on the first screen (320×568, 360×640, 390×844, 1280×800): 1 failing</li>',
    );
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
});

// Issue 39 item 3: the language of every sentence. A German phrase pasted into the Polish page is
// no string of any copy file, so only reading its language finds it.
test('a phrase pasted from another language fails the language badge, naming the page and the sentence', () => {
  const next = mkdtempSync(join(tmpdir(), 'gallery-'));
  try {
    const run = galleryWithName(
      "King's Cross. Hier können Sie Ihr Gepäck sicher aufbewahren, während Sie die Stadt erkunden",
      next,
    );
    expect(run.status, run.stdout).toBe(1);
    expect(run.stdout).toMatch(
      /^ {2}✗ kingscross-bagberth\.co\.uk\/pl: .*language \("Hier können Sie Ihr Gepäck sicher aufbewahren, während Sie die Stadt erkunden\.?" \(reads as de\)/m,
    );
    expect(run.stdout).not.toMatch(/console \(/);
    expect(readFileSync(join(next, 'index.html'), 'utf8')).toContain(
      '<a class="badge fail" href="#kingscross-bagberth.co.uk/pl-language"',
    );
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
});

test('a bad argument is a usage error naming it', () => {
  const run = gallery(['--host', 'nowhere.example', '--out', out]);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('--host: not in tenants/domains.json: nowhere.example');
});
