// Starts `next start` for a benchmark (this app, or the built app in `dir`) and stops it afterwards.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export async function startServer(port, dir = '.') {
  const child = spawn('npx', ['next', 'start', dir, '-p', String(port)], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
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
  throw new Error(`next start did not answer on port ${port} within 30 s (did you run \`npm run build\`?)`);
}
