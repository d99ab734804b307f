// The local proxy's purge endpoint (docs/deploy.md, "Revalidation"): nginx without its commercial
// purge module cannot drop cached pages by host, so this small loopback server does, by deleting
// the cache files whose key names the host. POST /api/revalidate calls it (PROXY_PURGE_URL) once
// the pages are regenerated; a CDN's purge-by-tag API plays the same part elsewhere.
//   POST http://127.0.0.1:8082/purge  {"hosts": ["kingscross-bagberth.co.uk"]}  →  {"purged": 12}
import { open, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** The host in a key of deploy/nginx.conf.template's `proxy_cache_key` ("$scheme|$host|…"). */
const keyHost = (key: string): string => key.split('|')[1] ?? '';

/** A preview host (`<domain>.localhost`) is the same tenant as its domain. */
const tenantHost = (host: string): string => host.toLowerCase().replace(/\.localhost$/, '');

/** The key nginx wrote into a cache file's header, on the line "KEY: …". */
async function cacheKeyOf(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const header = buffer.subarray(0, bytesRead).toString('latin1');
    return /\nKEY: ([^\n]*)\n/.exec(header)?.[1];
  } finally {
    await handle.close();
  }
}

/** Deletes every cached copy for these hosts; returns how many went. */
export async function purgeHosts(cacheDir: string, hosts: readonly string[]): Promise<number> {
  const wanted = new Set(hosts.map(tenantHost));
  let purged = 0;
  const files = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const key = await cacheKeyOf(file).catch(() => undefined);
    if (key === undefined || !wanted.has(tenantHost(keyHost(key)))) continue;
    await rm(file, { force: true });
    purged += 1;
  }
  return purged;
}

const isHostList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((host) => typeof host === 'string' && /^[a-z0-9.-]+$/i.test(host));

/** The purge endpoint on loopback: only POST /purge with a JSON host list. */
export function startPurger(cacheDir: string, port: number) {
  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/purge') return answer(404, { error: 'POST /purge only' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let hosts: unknown;
      try {
        hosts = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { hosts?: unknown }).hosts;
      } catch {
        // answered below
      }
      if (!isHostList(hosts)) return answer(400, { error: 'expected {"hosts": ["<domain>", …]}' });
      purgeHosts(cacheDir, hosts).then(
        (purged) => answer(200, { purged }),
        (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  server.listen(port, '127.0.0.1');
  return server;
}

// Started by deploy/local.ts as its own process: tsx deploy/purger.ts <cacheDir> <port>
if (process.argv[1] === __filename) {
  const [cacheDir, port] = process.argv.slice(2);
  if (!cacheDir || !port) throw new Error('usage: tsx deploy/purger.ts <cacheDir> <port>');
  startPurger(cacheDir, Number(port));
}
