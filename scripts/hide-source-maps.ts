// A step of `npm run build`, right after `next build` (productionBrowserSourceMaps): the browser
// source maps leave .next/static, so that nothing serves them (a request for a .map is a 404), and
// the scripts lose the comment naming them. They wait in .next/source-maps/static/, each beside a
// copy of the script it maps, with release.json (the service and version RUM events carry), for
// `npm run ops:sourcemaps` to upload to Datadog (docs/ops.md, "Readable errors").
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { publicMonitoringConfig } from '../src/config/builtEnv';

export const SOURCE_MAPS_DIR = join('.next', 'source-maps');
export const RELEASE_FILE = join(SOURCE_MAPS_DIR, 'release.json');

/** The map a script names in its trailing comment (Turbopack names a map by its own hash, not the script's). */
export const sourceMapName = (text: string): string | undefined =>
  /\/\/# sourceMappingURL=([^\s]+)\s*$/.exec(text)?.[1];

/** A script without its trailing sourceMappingURL comment. */
export const withoutSourceMapComment = (text: string): string =>
  text.replace(/\n?\/\/# sourceMappingURL=[^\n]*\s*$/, '');

function* scriptsUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* scriptsUnder(path);
    else if (entry.isFile() && entry.name.endsWith('.js')) yield path;
  }
}

/** Moves the maps of the build under `root` out of its .next/static; returns how many scripts have one. */
export function hideSourceMaps(root: string): number {
  const staticDir = join(root, '.next', 'static');
  const out = join(root, SOURCE_MAPS_DIR);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let moved = 0;
  const missing: string[] = [];
  for (const file of scriptsUnder(staticDir)) {
    const text = readFileSync(file, 'utf8');
    const name = sourceMapName(text);
    if (!name) continue;
    const map = join(dirname(file), name);
    writeFileSync(file, withoutSourceMapComment(text));
    if (!existsSync(map)) {
      missing.push(`${relative(root, map)} (named by ${relative(root, file)})`);
      continue;
    }
    // The copy the upload pairs with its map (<script>.map): byte for byte what the browser runs.
    const target = join(out, 'static', relative(staticDir, file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
    // Copied, not moved: Turbopack's loader chunks may share one map (two named the same one here).
    copyFileSync(map, `${target}.map`);
    moved += 1;
  }
  // Maps of nothing the browser runs: never served either.
  for (const entry of readdirSync(staticDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.map')) rmSync(join(entry.parentPath, entry.name));
  if (missing.length > 0)
    throw new Error(`source maps named by scripts but not written by the build: ${missing.join(', ')}`);
  return moved;
}

function main() {
  const root = resolve(__dirname, '..');
  const moved = hideSourceMaps(root);
  const { service, version } = publicMonitoringConfig;
  writeFileSync(join(root, RELEASE_FILE), `${JSON.stringify({ service, version }, null, 2)}\n`);
  console.log(
    `Source maps: ${moved} moved out of .next/static to ${SOURCE_MAPS_DIR}/static (release ${version} of ${service}).`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) main();
