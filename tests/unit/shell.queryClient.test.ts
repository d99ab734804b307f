// Spec §8 and §9: the data cache retries 3 times on the client, never on the server; the delay
// doubles up to 30 s; queries enabled, offline-first, garbage collection after 5 minutes.
import { createQueryClient, retryDelay } from '@/shell/queryClient';

describe('createQueryClient', () => {
  it('configures queries as the spec says, in the browser', () => {
    const queries = createQueryClient(false).getDefaultOptions().queries;
    expect(queries).toMatchObject({ enabled: true, networkMode: 'offlineFirst', gcTime: 300_000, retry: 3 });
  });

  it('never retries on the server', () => {
    expect(createQueryClient(true).getDefaultOptions().queries?.retry).toBe(false);
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
  ])('retry %i waits %i ms', (attempt, delay) => expect(retryDelay(attempt)).toBe(delay));

  it('really retries a failing query 3 times before giving up', async () => {
    const client = createQueryClient(false);
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['failing'],
        queryFn: () => {
          calls += 1;
          throw new Error('down');
        },
      }),
    ).rejects.toThrow('down');
    expect(calls).toBe(4);
  });
});
