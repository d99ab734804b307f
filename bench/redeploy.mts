// A redeploy of a new build under a spread load (issue 24, docs/deploy.md "Deploys and stops"):
// every host's landing page in every language (887), asked in turn by 20 connections through the
// deploy/ proxy for 20 s, once with nothing happening (warm) and once with `npm run deploy:redeploy`
// started 3 s in, in a process of its own; side by side in one run, alternated. Each redeploy puts
// in the other of two builds (the one given, and a second `npm run build` the bench makes), whose
// shared cache is emptied first, as a build id never deployed before finds it. The proxy counts a
// page fresh for 5 s here (DEPLOY_PROXY_FRESH_SECONDS), so that during the 20 s its copies are
// refreshed from the new build's instances, not only served. Prints req/s, p99, failed requests
// and the p99 as a multiple of warm.
// Usage: npm run build && npm run bench:redeploy [-- --rounds N]   (about 3 min of it a second build)
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { buildIdOf, deployPorts, redisCli, start, stop } from '../deploy/local';
import { askLoopback } from '../deploy/loopback';
import { median } from './median.mts';
import { LANDING_PAGES } from './site.mts';

const CONNECTIONS = 20;
const DURATION_S = 20;
const REDEPLOY_AFTER_MS = 3_000;
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 2;
/** Issue 24's bound: p99 during a redeploy at most 3× warm. */
const LIMIT = 3;

const ports = deployPorts();
const standalone = join(import.meta.dirname, '..', '.next', 'standalone');
/** A build id's pages out of the shared cache: what Redis holds for a build never deployed. */
function emptySharedCache(buildId: string) {
  const keys = redisCli('--scan', '--pattern', `microsites:${buildId}:*`).split('\n').filter(Boolean);
  for (let at = 0; at < keys.length; at += 500) redisCli('unlink', ...keys.slice(at, at + 500));
}

process.env.DEPLOY_PROXY_FRESH_SECONDS ??= '5';
await start();
try {
  const builds = [buildIdOf(standalone)];
  console.error('a second build (npm run build), to redeploy between the two…');
  await promisify(execFile)('npm', ['run', 'build'], { maxBuffer: 64 * 1024 * 1024 });
  builds.push(buildIdOf(standalone));
  if (builds[0] === builds[1]) throw new Error(`the second build has the same build id (${builds[0]})`);
  const url = `https://127.0.0.1:${ports.https}`;
  const requests = LANDING_PAGES.map(({ host, path }) => ({
    method: 'GET' as const,
    path,
    headers: { host: `${host}:${ports.https}`, 'accept-encoding': 'br' },
  }));
  // Warm: every page once, so that the cache holds what a running site holds.
  for (const { path, headers } of requests) await askLoopback(`${url}${path}`, { headers });
  const runs = {
    warm: [] as Array<{ rps: number; p99: number; failed: number }>,
    redeploy: [] as Array<{ rps: number; p99: number; failed: number; took: number }>,
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of ['warm', 'redeploy'] as const) {
      const load = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests });
      let took = 0;
      if (kind === 'redeploy') {
        // Every other round back to the first build, a kept tag (deploy/images.ts); the second is what .next holds.
        const target = builds[(round + 1) % 2]!;
        emptySharedCache(target);
        await new Promise((resolve) => setTimeout(resolve, REDEPLOY_AFTER_MS));
        const begun = Date.now();
        await promisify(execFile)('npx', [
          'tsx',
          'deploy/local.ts',
          'redeploy',
          ...(target === builds[0] ? [`b-${target}`] : []),
        ]);
        took = (Date.now() - begun) / 1000;
      }
      const result = await load;
      const figures = {
        rps: result.requests.average,
        p99: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      };
      if (kind === 'warm') runs.warm.push(figures);
      else runs.redeploy.push({ ...figures, took });
    }
    console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
  const mid = (list: Array<{ rps: number; p99: number }>, field: 'rps' | 'p99') =>
    median(list.map((run) => run[field]));
  console.log(
    `${LANDING_PAGES.length} landing pages in turn through the proxy (brotli), ${CONNECTIONS} connections, ${DURATION_S} s per case, a redeploy to the other build (${builds.join(' ⇄ ')}, its shared cache empty) started ${REDEPLOY_AFTER_MS / 1000} s in, the proxy's copies fresh for ${process.env.DEPLOY_PROXY_FRESH_SECONDS} s; medians of ${ROUNDS} alternated rounds`,
  );
  console.log('case                          req/s   p99 ms   failed (all rounds)');
  console.log(
    `warm                       ${mid(runs.warm, 'rps').toFixed(0).padStart(8)}${String(mid(runs.warm, 'p99')).padStart(9)}${String(runs.warm.reduce((sum, run) => sum + run.failed, 0)).padStart(12)}`,
  );
  console.log(
    `during a redeploy          ${mid(runs.redeploy, 'rps').toFixed(0).padStart(8)}${String(mid(runs.redeploy, 'p99')).padStart(9)}${String(runs.redeploy.reduce((sum, run) => sum + run.failed, 0)).padStart(12)}`,
  );
  const ratio = mid(runs.redeploy, 'p99') / mid(runs.warm, 'p99');
  console.log(
    `\nredeploys took ${runs.redeploy.map((run) => `${run.took.toFixed(1)} s`).join(', ')}; p99 ${ratio.toFixed(2)}× warm (${ratio <= LIMIT ? 'within' : 'OVER'} ${LIMIT}×)`,
  );
} finally {
  await stop();
}
