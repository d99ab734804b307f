// `npm run build:e2e`: `npm run build` with every vendor endpoint pointed at the local test collector,
// and the local GraphQL API running, since getStaticProps renders the storage spots into the pages.
import { spawn } from 'node:child_process';
import { E2E_BUILD_ENV } from '../tests/e2e/support/collectorConfig';
import { startGraphqlServer } from '../tests/e2e/support/graphqlServer';

async function main() {
  const graphql = await startGraphqlServer();
  try {
    const build = spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, ...E2E_BUILD_ENV } });
    const status = await new Promise<number>((resolve) => build.on('close', (code) => resolve(code ?? 1)));
    process.exitCode = status;
  } finally {
    await graphql.close();
  }
}

void main();
