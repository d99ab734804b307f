// A build step's outputs kept by the hash of all they are made from, outside .next (which each
// build replaces, and build:e2e moves away whole): a second build of the same inputs copies them.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface FileCache {
  /** Writes `file` from the entry of `inputs`, or makes it with `make` and keeps a copy. */
  file(file: string, inputs: unknown, make: () => Promise<void>): Promise<'kept' | 'made'>;
  /** Deletes every entry this run did not ask for, so that the cache holds one build's worth. */
  prune(): void;
}

export function fileCache(dir: string, version: string): FileCache {
  mkdirSync(dir, { recursive: true });
  const used = new Set<string>();
  return {
    async file(file, inputs, make) {
      const entry = createHash('sha256').update(version).update(JSON.stringify(inputs)).digest('hex');
      used.add(entry);
      const kept = join(dir, entry);
      if (existsSync(kept)) {
        copyFileSync(kept, file);
        return 'kept';
      }
      await make();
      copyFileSync(file, kept);
      return 'made';
    },
    prune() {
      for (const entry of readdirSync(dir)) if (!used.has(entry)) rmSync(join(dir, entry), { force: true });
    },
  };
}
