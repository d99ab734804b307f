// Next's incremental cache (next.config.js `cacheHandler`; docs/deploy.md, "Shared cache"). Next
// loads this file itself, at build and at run time, as plain JavaScript.
//
// Without REDIS_URL it is Next's own file-system cache, as if no handler were set. With REDIS_URL
// (checked with every other variable in src/config/serverEnv.ts), pages live in Redis, shared by
// every instance, so a page regenerated on one is what all of them serve. When Redis is
// unreachable, each instance keeps serving and storing pages in its own memory, says so once, and
// when Redis returns writes what it regenerated meanwhile back, so the shared copy catches up.
//
// Next also bundles this file into the Edge middleware, which never reads the cache: the caches
// are imported on first use only, so no Node-only module is evaluated there.
const redisUrl = process.env.REDIS_URL?.trim();
const shared = Boolean(redisUrl) && process.env.NEXT_PHASE !== 'phase-production-build';
/** The in-memory copies an instance keeps beside Redis, in characters of their JSON. */
const MEMORY_CACHE_BYTES = 32 * 1024 * 1024;

/** The Redis URL as the logs name it: scheme, host and port, never the password a production URL carries. */
export function redisForLogs(url) {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return 'Redis (REDIS_URL)';
  }
}

/** Redis first; its own memory while Redis is away, catching Redis up once it is back. */
function sharedHandlers({ createClient, createRedisHandler, createLruHandler }, url, buildId) {
  const client = createClient({ url, socket: { connectTimeout: 2_000 } });
  const shown = redisForLogs(url);
  // A new build never reads an older build's pages: their props may have another shape.
  const redis = createRedisHandler({ client, keyPrefix: `microsites:${buildId ?? 'unbuilt'}:`, timeoutMs: 1_000 });
  // Bounded by what its copies weigh, not by their number alone: the package's default of 100 MB of
  // JSON (twice that in the heap) would outgrow an instance's heap (deploy/instanceMemory.ts).
  const memory = createLruHandler({ maxItemsNumber: 1_000, maxItemSizeBytes: MEMORY_CACHE_BYTES });
  const writtenWhileAway = new Set();
  let away = false;

  client.on('error', (error) => {
    if (away) return;
    away = true;
    console.warn(
      `[cache] Redis at ${shown} is unreachable (${error.code ?? error.message}): this instance serves and stores pages in its own memory until it returns.`,
    );
  });
  client.on('ready', async () => {
    if (!away) return console.info(`[cache] shared cache: Redis at ${shown}`);
    away = false;
    const keys = [...writtenWhileAway];
    writtenWhileAway.clear();
    let written = 0;
    for (const key of keys) {
      const value = await memory.get(key, { implicitTags: [] });
      // Another instance may have written a newer copy back already: the newest one stays.
      const current = await redis.get(key, { implicitTags: [] }).catch(() => null);
      if (!value || (current && current.lastModified >= value.lastModified)) continue;
      await redis.set(key, value).then(
        () => (written += 1),
        () => writtenWhileAway.add(key),
      );
    }
    console.info(`[cache] Redis at ${shown} is back: ${written} page(s) regenerated meanwhile written back.`);
  });
  // Never awaited: a Redis that is down at start must not keep the instance from serving.
  client.connect().catch(() => {});

  return [
    {
      name: 'redis',
      get: (key, meta) => redis.get(key, meta),
      set: async (key, value) => {
        if (!client.isReady) {
          writtenWhileAway.add(key);
          throw new Error('Redis is unreachable');
        }
        return redis.set(key, value);
      },
      revalidateTag: (tag) => redis.revalidateTag(tag),
      delete: (key) => redis.delete?.(key),
    },
    memory,
  ];
}

/** Next's own file-system cache, which also reads the pages the build prerendered. */
async function fileSystemCache(context) {
  // A CommonJS module: the class is the `default` of its exports.
  const { default: module } = await import('next/dist/server/lib/incremental-cache/file-system-cache.js');
  return new module.default(context);
}

async function createCache(context) {
  if (!shared) return fileSystemCache(context);
  const [{ CacheHandler }, { default: createLruHandler }, { default: createRedisHandler }, { createClient }] =
    await Promise.all([
      import('@fortedigital/nextjs-cache-handler'),
      import('@fortedigital/nextjs-cache-handler/local-lru'),
      import('@fortedigital/nextjs-cache-handler/redis-strings'),
      import('redis'),
    ]);
  CacheHandler.onCreation(({ buildId }) => ({
    handlers: sharedHandlers({ createClient, createRedisHandler, createLruHandler }, redisUrl, buildId),
  }));
  return new CacheHandler(context);
}

/** What Next calls, handed on to the cache chosen above once it is first needed. */
export default class MicrositesCache {
  #context;
  #cache;
  #build;

  constructor(context) {
    this.#context = context;
  }

  #ready() {
    this.#cache ??= createCache(this.#context);
    return this.#cache;
  }

  /**
   * A page the shared cache does not hold (a new build's namespace starts empty; Redis evicts under
   * its memory limit) is the build's own prerendered copy when there is one, read as Next reads it
   * without a shared cache: `x-nextjs-cache: HIT` with the build's HTML, never a render. The build's
   * files are only read here; regenerated pages go to Redis.
   */
  async get(...args) {
    const found = await (await this.#ready()).get(...args);
    if (found || !shared) return found;
    this.#build ??= fileSystemCache(this.#context);
    return (await this.#build).get(...args);
  }

  async set(...args) {
    return (await this.#ready()).set(...args);
  }

  async revalidateTag(...args) {
    return (await this.#ready()).revalidateTag(...args);
  }

  resetRequestCache() {
    void this.#cache?.then((cache) => cache.resetRequestCache?.());
  }
}
