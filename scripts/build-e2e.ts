// `npm run build:e2e`: `npm run build` with every vendor endpoint pointed at the local test collector,
// and the local GraphQL API running, since getStaticProps renders the storage spots into the pages.
// First the build before it, of another commit (other script names, another build id), kept in
// PREVIOUS_BUILD_DIR for the rollout test (tests/e2e/topology.spec.ts); then the build every test runs.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_BUILD_ENV, E2E_PREVIOUS_COMMIT_SHA, PREVIOUS_BUILD_DIR } from '../tests/e2e/support/collectorConfig';
import { startGraphqlServer } from '../tests/e2e/support/graphqlServer';

const build = (env: Record<string, string>) =>
  new Promise<number>((resolve) =>
    spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, ...E2E_BUILD_ENV, ...env } }).on(
      'close',
      (code) => resolve(code ?? 1),
    ),
  );

async function main() {
  const graphql = await startGraphqlServer();
  try {
    rmSync(PREVIOUS_BUILD_DIR, { recursive: true, force: true });
    mkdirSync(PREVIOUS_BUILD_DIR);
    const previous = await build({ NEXT_PUBLIC_COMMIT_SHA: E2E_PREVIOUS_COMMIT_SHA });
    if (previous !== 0) {
      process.exitCode = previous;
      return;
    }
    // The whole .next: its standalone folder and the release it names (deploy/images.ts reads both).
    renameSync('.next', join(PREVIOUS_BUILD_DIR, '.next'));
    process.exitCode = await build({});
  } finally {
    await graphql.close();
  }
}

void main();
