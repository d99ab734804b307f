// The shared cache's log lines (cache-handler.mjs, docs/deploy.md "Shared cache") name Redis
// without the password a production REDIS_URL carries.
import { redisForLogs } from '../../cache-handler.mjs';

describe('redisForLogs', () => {
  it.each([
    ['redis://127.0.0.1:6390', 'redis://127.0.0.1:6390'],
    ['rediss://user:s3cret@cache.internal:6380/0', 'rediss://cache.internal:6380'],
    ['rediss://:s3cret@cache.internal', 'rediss://cache.internal'],
    ['not a url', 'Redis (REDIS_URL)'],
  ])('%s → %s', (url, shown) => expect(redisForLogs(url)).toBe(shown));
});
