// The tenant gallery's speed (issue 26, docs/gallery.md "Fast enough for every change"), after a
// build, on this machine: the full gallery, then a one-host change as a marketer makes it (one
// place's English name edited in tenants/places.json, put back afterwards) with `--changed`, each
// in a fresh folder so that nothing is reused. Prints pages and seconds for each, against the
// issue's limits (10 min, 1 min).
// Usage: npm run build && npm run bench:gallery
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PLACES = 'tenants/places.json';
const EDITED = 'kyoto-station';

function run(args: string[]): { pages: number; seconds: number; verdict: string } {
  const out = mkdtempSync(join(tmpdir(), 'gallery-bench-'));
  try {
    const started = Date.now();
    const gallery = spawnSync(
      process.execPath,
      [join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/gallery/cli.mts', '--out', out, ...args],
      { encoding: 'utf8' },
    );
    const seconds = (Date.now() - started) / 1000;
    const pages = Number(/^Gallery: (\d+) pages/m.exec(gallery.stdout)?.[1]);
    if (!pages) throw new Error(`the gallery did not finish: ${gallery.stderr || gallery.stdout}`);
    // The gallery's last line: every check passed, or how many pages failed one.
    return { pages, seconds, verdict: gallery.stdout.trim().split('\n').at(-1) ?? '' };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const full = run([]);
const original = readFileSync(PLACES, 'utf8');
let changed: ReturnType<typeof run>;
try {
  const places = JSON.parse(original) as { places: Record<string, { name: { en: string } }> };
  places.places[EDITED]!.name.en += ' (JR)';
  writeFileSync(PLACES, `${JSON.stringify(places, null, 2)}\n`);
  changed = run(['--changed']);
} finally {
  writeFileSync(PLACES, original);
}
const row = (label: string, { pages, seconds, verdict }: ReturnType<typeof run>, limit: number) =>
  `${label.padEnd(34)}${String(pages).padStart(6)}${seconds.toFixed(0).padStart(9)} s   ${seconds <= limit ? 'within' : 'OVER'} ${limit} s   ${verdict}`;
console.log('run                                pages     time');
console.log(row('every page', full, 600));
console.log(row(`one host changed (${EDITED})`, changed, 60));
