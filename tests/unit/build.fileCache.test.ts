// scripts/fileCache.ts: the share images of a second build of the same inputs are copied, not drawn.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileCache } from '../../scripts/fileCache';

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'file-cache-'));
  const out = join(root, 'out.png');
  const made: string[] = [];
  const draw = (content: string) => async () => {
    made.push(content);
    writeFileSync(out, content);
  };
  return { dir: join(root, 'cache'), out, made, draw };
}

describe('fileCache', () => {
  it('makes a file once for the same inputs and copies it the next time', async () => {
    const { dir, out, made, draw } = setUp();
    expect(await fileCache(dir, 'v1').file(out, { text: 'Paris' }, draw('first'))).toBe('made');
    writeFileSync(out, 'overwritten by the next build');
    expect(await fileCache(dir, 'v1').file(out, { text: 'Paris' }, draw('second'))).toBe('kept');
    expect(made).toEqual(['first']);
    expect(readFileSync(out, 'utf8')).toBe('first');
  });

  it('makes it again when an input or the version changed', async () => {
    const { dir, out, made, draw } = setUp();
    await fileCache(dir, 'v1').file(out, { text: 'Paris' }, draw('a'));
    await fileCache(dir, 'v1').file(out, { text: 'Lyon' }, draw('b'));
    await fileCache(dir, 'v2').file(out, { text: 'Paris' }, draw('c'));
    expect(made).toEqual(['a', 'b', 'c']);
    expect(readFileSync(out, 'utf8')).toBe('c');
  });

  it('prunes what the run did not ask for', async () => {
    const { dir, out, draw } = setUp();
    const first = fileCache(dir, 'v1');
    await first.file(out, { text: 'Paris' }, draw('a'));
    await first.file(out, { text: 'Lyon' }, draw('b'));
    const second = fileCache(dir, 'v1');
    await second.file(out, { text: 'Lyon' }, draw('b'));
    second.prune();
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await fileCache(dir, 'v1').file(out, { text: 'Lyon' }, draw('never'))).toBe('kept');
  });
});
