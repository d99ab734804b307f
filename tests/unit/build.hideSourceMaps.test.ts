// docs/ops.md, "Readable errors": each browser script leaves .next/static without its map comment,
// and a copy of it waits beside its map for the upload; no map is left to serve.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hideSourceMaps, SOURCE_MAPS_DIR } from '../../scripts/hide-source-maps';

let root: string;
const chunks = () => join(root, '.next', 'static', 'chunks');
const uploads = () => join(root, SOURCE_MAPS_DIR, 'static', 'chunks');
const script = (name: string, map: string) =>
  writeFileSync(join(chunks(), name), `push(["${name}"]);\n//# sourceMappingURL=${map}`);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hide-source-maps-'));
  mkdirSync(chunks(), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('hideSourceMaps', () => {
  it('gives each script its map, even two loader chunks that name the same one (Turbopack does)', () => {
    script('loader-a.js', 'shared.js.map');
    script('loader-b.js', 'shared.js.map');
    script('page.js', 'page-map.js.map');
    writeFileSync(join(chunks(), 'shared.js.map'), '{"mappings":"shared"}');
    writeFileSync(join(chunks(), 'page-map.js.map'), '{"mappings":"page"}');
    writeFileSync(join(chunks(), 'orphan.js.map'), '{}');

    expect(hideSourceMaps(root)).toBe(3);
    expect(readdirSync(chunks()).sort()).toEqual(['loader-a.js', 'loader-b.js', 'page.js']);
    expect(readFileSync(join(chunks(), 'loader-b.js'), 'utf8')).toBe('push(["loader-b.js"]);');
    expect(readdirSync(uploads()).sort()).toEqual([
      'loader-a.js',
      'loader-a.js.map',
      'loader-b.js',
      'loader-b.js.map',
      'page.js',
      'page.js.map',
    ]);
    expect(readFileSync(join(uploads(), 'loader-b.js.map'), 'utf8')).toBe('{"mappings":"shared"}');
    expect(readFileSync(join(uploads(), 'page.js.map'), 'utf8')).toBe('{"mappings":"page"}');
  });

  it('names the script whose map the build did not write, and serves no map either way', () => {
    script('page.js', 'gone.js.map');
    writeFileSync(join(chunks(), 'other.js.map'), '{}');
    expect(() => hideSourceMaps(root)).toThrow(
      'source maps named by scripts but not written by the build: .next/static/chunks/gone.js.map (named by .next/static/chunks/page.js)',
    );
    expect(readdirSync(chunks())).toEqual(['page.js']);
  });
});
