// Reading what a log got after a moment, for deploy/local.ts's redeploy, the topology tests and
// the benches: logs are appended to across runs, so each reads only what follows its offset.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

/** The size of a log now (0 when there is none yet): the offset to read from later. */
export const logSize = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

/**
 * What `file` got after its first `offset` bytes. A log rotated since (podman moves a container's
 * log to `.1` at 10 MB; the proxy's logs are copied to `.1` and emptied, deploy/local.ts) continues
 * in the new file.
 */
export function readFrom(file: string, offset: number): string {
  if (logSize(file) < offset && existsSync(`${file}.1`))
    return readFrom(`${file}.1`, offset) + readFileSync(file, 'utf8');
  const handle = openSync(file, 'r');
  const tail = Buffer.alloc(Math.max(0, fstatSync(handle).size - offset));
  readSync(handle, tail, 0, tail.length, offset);
  closeSync(handle);
  return tail.toString();
}
