// The floor for Lighthouse on this machine: a one-page Next app (no i18n, styles, analytics or
// monitoring) built with Turbopack from this repository's node_modules, served like the real site.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  // Inside the repository (in the ignored bench/results), so that Turbopack, like the real
  // build, finds this repository's node_modules above the app: it will not follow a link to them.
  mkdirSync('bench/results', { recursive: true });
  const dir = mkdtempSync(join(resolve('bench/results'), 'baseline-'));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'pages/index.js'), PAGE);
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  // Its own, empty config: Next would otherwise find this repository's next.config.js above it.
  writeFileSync(join(dir, 'next.config.js'), 'module.exports = {};\n');
  const build = spawnSync('npx', ['next', 'build', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the baseline app did not build');
  const stop = await startServer(port, dir);
  return () => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
