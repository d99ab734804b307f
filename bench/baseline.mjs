// The floor for Lighthouse on this machine: a one-page Next app (no i18n, styles, analytics or
// monitoring) built from this repository's node_modules, served like the real site.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PAGE = `export default function Baseline() {
  return (
    <main>
      <h1>Luggage storage near King&apos;s Cross Station</h1>
      <p>Drop your bags at a trusted local shop or hotel close to King&apos;s Cross Station, then explore hands-free.</p>
    </main>
  );
}
export async function getStaticProps() {
  return { props: {} };
}
`;

/** Builds the baseline app in a temporary folder and serves it; resolves to a function that stops it. */
export async function startBaseline(port) {
  const dir = mkdtempSync(join(tmpdir(), 'microsites-baseline-'));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'pages/index.js'), PAGE);
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  const next = join(dir, 'node_modules/next/dist/bin/next');
  // Webpack: Turbopack will not resolve a node_modules linked from outside the app's folder.
  const build = spawnSync(process.execPath, [next, 'build', '--webpack'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the baseline app did not build');
  const child = spawn(process.execPath, [next, 'start', '-p', String(port)], { cwd: dir, stdio: 'ignore', detached: true });
  for (let tries = 0; tries < 120; tries += 1) {
    if (await fetch(`http://localhost:${port}/`).then((response) => response.ok, () => false)) return () => process.kill(-child.pid, 'SIGTERM');
    await sleep(250);
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error(`the baseline app did not answer on port ${port}`);
}
