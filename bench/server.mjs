// Starts the production server for a benchmark (the standalone server of a build of this app in
// `dir`, or `next start` for another built app, the baseline) and stops it afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function startServer(port, dir = '.') {
  const standalone = join(dir, '.next/standalone/server.js');
  const [command, args] = existsSync(standalone)
    ? [process.execPath, [standalone]]
    : ['npx', ['next', 'start', dir, '-p', String(port)]];
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: String(port), HOSTNAME: '0.0.0.0' },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return () => process.kill(-child.pid, 'SIGTERM');
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error(`the server did not answer on port ${port} within 30 s (did you run \`npm run build\`?)`);
}
