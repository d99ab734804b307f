// The deployable (docs/deploy.md, "The deployable"): .next/standalone/server.js, which every other
// e2e test already runs. Here: how it fails to start, so a container platform sees a failed start.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';

const startWith = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['.next/standalone/server.js'], {
    env: { ...process.env, PORT: '3199', ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });

test("refuses to start with a container's name as HOSTNAME, and says what to set", () => {
  const run = startWith({ HOSTNAME: 'a1b2c3d4e5f6' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('The server does not start:');
  expect(run.stderr).toContain(
    'Invalid environment variable HOSTNAME: expected 0.0.0.0 or :: (every interface), or 127.0.0.1 or ::1 (behind a proxy on the same machine), got "a1b2c3d4e5f6". Containers set HOSTNAME to their own name: set HOSTNAME=0.0.0.0 where the server starts',
  );
  expect(run.stderr).not.toMatch(/\n\s+at /);
});

test('names every bad start-time variable at once', () => {
  const run = startWith({ HOSTNAME: 'localhost', PORT: 'http' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Invalid environment variable PORT');
  expect(run.stderr).toContain('Invalid environment variable HOSTNAME');
});

test('refuses a weak revalidation secret and a bad proxy list in one line each, without the secret or a stack trace', () => {
  const run = startWith({
    HOSTNAME: '0.0.0.0',
    REVALIDATE_SECRET: 'hunter2-but-longer',
    TRUSTED_PROXIES: '10.0.0.0/33',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('The server does not start:');
  expect(run.stderr).toContain(
    'Invalid environment variable REVALIDATE_SECRET: expected at least 32 characters (a random secret, e.g. openssl rand -hex 32), got 18',
  );
  expect(run.stderr).toContain('Invalid environment variable TRUSTED_PROXIES');
  expect(run.stderr).not.toContain('hunter2');
  expect(run.stderr).not.toMatch(/\n\s+at /);
});

test('a port already in use is a failed start (exit 1), not a silent one', async () => {
  const taken = createServer().listen(0, '0.0.0.0');
  await new Promise((resolve) => taken.once('listening', resolve));
  const { port } = taken.address() as { port: number };
  try {
    const run = startWith({ HOSTNAME: '0.0.0.0', PORT: String(port) });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The server does not start: it cannot listen on 0.0.0.0:${port} (listen EADDRINUSE`);
  } finally {
    taken.close();
  }
});
