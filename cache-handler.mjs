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

/** The Redis URL as the logs name it: scheme, host and port, never the password a production URL carries. */
export function redisForLogs(url) {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return 'Redis (REDIS_URL)';
  }
}

/**
 * The build's own copy of a page it prerendered, for a key the shared cache does not hold: a new
 * build's namespace starts empty, and Redis evicts pages under its memory limit. Serving it is what
 * Next does without a shared cache (`x-nextjs-cache: HIT`, the build's HTML), never a render.
 * Next 16 keys a page `/route-cache/PAGES/<hash>/$<path>`, and the build's `<path>.meta` names the
 * key the page was built under: another key (another build, another route) finds nothing here.
 */
export async function builtPage(serverDistDir, key) {
  const path = /^\/route-cache\/PAGES\/[0-9a-f]+\/\$(\/[\w./-]*)$/.exec(key)?.[1];
  if (!path || path.split('/').includes('..')) return null;
  const [{ readFile, stat }, { join }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
  const file = join(serverDistDir, 'pages', path === '/' ? '/index' : path);
  try {
    const meta = JSON.parse(await readFile(`${file}.meta`, 'utf8'));
    if (meta.routeCache?.key !== key) return null;
    const [html, pageData, { mtimeMs }] = await Promise.all([
      readFile(`${file}.html`, 'utf8'),
      readFile(`${file}.json`, 'utf8').then(JSON.parse),
      stat(`${file}.html`),
    ]);
    return { lastModified: mtimeMs, lifespan: null, tags: [`_N_T_${key}`], value: { kind: 'PAGES', html, pageData, headers: undefined, status: undefined } };
  } catch {
    // Not prerendered (a page rendered on its first request) or not readable: Next renders it.
    return null;
  }
}

/** Redis first, then the build's prerendered copy; its own memory while Redis is away, catching Redis up once it is back. */
function sharedHandlers({ createClient, createRedisHandler, createLruHandler }, url, { buildId, serverDistDir }) {
  const client = createClient({ url, socket: { connectTimeout: 2_000 } });
  const shown = redisForLogs(url);
  // A new build never reads an older build's pages: their props may have another shape.
  const redis = createRedisHandler({ client, keyPrefix: `microsites:${buildId ?? 'unbuilt'}:`, timeoutMs: 1_000 });
  const memory = createLruHandler();
  const writtenWhileAway = new Set();
  let away = false;

  client.on('error', (error) => {
    if (away) return;
    away = true;
    console.warn(`[cache] Redis at ${shown} is unreachable (${error.code ?? error.message}): this instance serves and stores pages in its own memory until it returns.`);
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
      get: async (key, meta) => (await redis.get(key, meta)) ?? builtPage(serverDistDir, key),
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
    { ...memory, get: async (key, meta) => (await memory.get(key, meta)) ?? builtPage(serverDistDir, key) },
  ];
}

async function createCache(context) {
  if (!shared) {
    // A CommonJS module: the class is the `default` of its exports.
    const { default: fileSystemCache } = await import('next/dist/server/lib/incremental-cache/file-system-cache.js');
    return new fileSystemCache.default(context);
  }
  const [{ CacheHandler }, { default: createLruHandler }, { default: createRedisHandler }, { createClient }] = await Promise.all([
    import('@fortedigital/nextjs-cache-handler'),
    import('@fortedigital/nextjs-cache-handler/local-lru'),
    import('@fortedigital/nextjs-cache-handler/redis-strings'),
    import('redis'),
  ]);
  CacheHandler.onCreation((build) => ({ handlers: sharedHandlers({ createClient, createRedisHandler, createLruHandler }, redisUrl, build) }));
  return new CacheHandler(context);
}

/** What Next calls, handed on to the cache chosen above once it is first needed. */
export default class MicrositesCache {
  #context;
  #cache;

  constructor(context) {
    this.#context = context;
  }

  #ready() {
    this.#cache ??= createCache(this.#context);
    return this.#cache;
  }

  async get(...args) {
    return (await this.#ready()).get(...args);
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
