// The README and docs/ name commands a reader copies: each `npm run <script>` must exist in
// package.json. Links and anchors are `npm run docs:check`'s (remark-validate-links, .remarkrc.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
];

/** Every `npm run <name>` in a text, with its line. */
function namedScripts(text: string): Array<{ name: string; line: number }> {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/npm run ([\w:.-]*\w)/g)].map((match) => ({ name: match[1] ?? '', line: index + 1 })),
    );
}

describe('docs name only scripts that exist', () => {
  it('reads a script name to its end', () => {
    expect(namedScripts('run `npm run build:e2e && npm run k8s:render -- --tag x`.\nthen npm run gallery.')).toEqual([
      { name: 'build:e2e', line: 1 },
      { name: 'k8s:render', line: 1 },
      { name: 'gallery', line: 2 },
    ]);
  });

  it.each(docs)('%s', (file) => {
    const unknown = namedScripts(readFileSync(join(ROOT, file), 'utf8')).filter(({ name }) => !scripts.includes(name));
    expect(unknown.map(({ name, line }) => `${file}:${line}: npm run ${name}`)).toEqual([]);
  });
});
