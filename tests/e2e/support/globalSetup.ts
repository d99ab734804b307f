import { startCollector } from './collector';
import { startGraphqlServer } from './graphqlServer';

/** Starts the vendor collector and the GraphQL API for the whole run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const server = await startCollector();
  const graphql = await startGraphqlServer();
  return async () => {
    await graphql.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
