import { readUrl } from '@/config/parse';

/**
 * The GraphQL API of this environment (server env `GRAPHQL_URL`, read at build time and on
 * revalidation). Unset or blank means no live storage-spots section; a value that is not an
 * absolute http(s) URL stops the build with a message naming the variable.
 */
export function readGraphqlUrl(env: Record<string, string | undefined>): string | undefined {
  return readUrl('GRAPHQL_URL', env.GRAPHQL_URL);
}
