// The floor for Lighthouse on this machine: a one-page Next app (no i18n, styles, analytics or
// monitoring) built from this repository's node_modules, served like the real site.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from './server.mjs';

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
  // Webpack: Turbopack will not resolve a node_modules linked from outside the app's folder.
  const build = spawnSync('npx', ['next', 'build', '--webpack', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the baseline app did not build');
  return startServer(port, dir);
}
