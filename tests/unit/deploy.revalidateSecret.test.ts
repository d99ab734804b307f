// Issue 24 item 5: `npm run deploy:local` sets a revalidation secret, so revalidation as documented
// works on the local topology (without one the endpoint answers 404).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { revalidateSecret } from '../../deploy/local';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'secret-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('revalidateSecret', () => {
  it('uses REVALIDATE_SECRET as given, and writes nothing', () => {
    expect(revalidateSecret(dir, 'given-secret-of-at-least-32-characters')).toBe(
      'given-secret-of-at-least-32-characters',
    );
    expect(() => statSync(join(dir, 'revalidate-secret'))).toThrow();
  });

  it('makes one on the first start, long enough for the server (32+), readable by its owner only, and keeps it', () => {
    const made = revalidateSecret(dir, undefined);
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'revalidate-secret')).mode & 0o777).toBe(0o600);
    expect(revalidateSecret(dir, '')).toBe(made);
    const elsewhere = mkdtempSync(join(tmpdir(), 'secret-'));
    expect(revalidateSecret(elsewhere, undefined)).not.toBe(made);
    rmSync(elsewhere, { recursive: true, force: true });
  });
});
