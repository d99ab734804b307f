// The local GraphQL API (tests/e2e/support/graphqlServer.ts) as a process of its own, for
// bench/server.mjs, which plain `node` runs too and so cannot import TypeScript. Listens on the
// port the e2e build was made with (E2E_GRAPHQL_PORT, default 4200), lets the pages of the site on
// port argv[2] call it, prints its URL as the first line, and stops when its parent goes away.
import { startGraphqlServer } from '../tests/e2e/support/graphqlServer.ts';

const sitePort = Number(process.argv[2]);
if (!Number.isInteger(sitePort) || sitePort <= 0) throw new Error('usage: graphql-api.mts SITE_PORT');
const api = await startGraphqlServer(undefined, { sitePort }).catch((error: unknown) => {
  // Another e2e run or bench holds the port: say which, rather than measure against its API.
  console.error(`cannot listen: ${error instanceof Error ? error.message : String(error)}`);
  console.error('set E2E_GRAPHQL_PORT to the port this build was made with (npm run build:e2e), and free it');
  process.exit(1);
});
process.stdout.write(`${api.url}\n`);
const stop = () => void api.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
// Its parent holds stdin open: when the parent ends, however it ends, so does the API.
process.stdin.on('close', stop).resume();
