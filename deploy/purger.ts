// The local proxy's purge endpoint (docs/deploy.md, "Revalidation"): nginx without its commercial
// purge module cannot drop cached pages by host, so this small loopback server does, by deleting
// the cache files whose key names the host. POST /api/revalidate calls it (PROXY_PURGE_URL) once
// the pages are regenerated; a CDN's purge-by-tag and purge-by-URL APIs play the same part elsewhere.
//   POST http://127.0.0.1:8082/purge
//     {"hosts": ["kingscross-bagberth.co.uk"], "urls": ["localhost/de/kings-cross-station/poi"]}  →  {"purged": 14}
// `hosts`: every copy on those hosts. `urls` (optional): every copy of those pages, whatever the
// query, encoding or language cookie, and their page data (/_next/data/<build>/<path>.json).
import { open, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** A preview host (`<domain>.localhost`) is the same tenant as its domain. */
const tenantHost = (host: string): string => host.toLowerCase().replace(/\.localhost$/, '');

/**
 * The host and page of a key of deploy/nginx.conf.template's `proxy_cache_key`
 * ("$scheme|$host|$visitor_regime|$request_path$query_key|…"): the path without the query an
 * optimised image is keyed on, page data as its page's path.
 */
function keyPage(key: string): { host: string; page: string } {
  const fields = key.split('|');
  // The URI is everything between the regime and the last two fields: a `|` in it stays in it.
  const [host = '', uri = ''] = [fields[1], fields.slice(3, -2).join('|')];
  const path = uri.split('?')[0] ?? '';
  return { host: host.toLowerCase(), page: /^\/_next\/data\/[^/]+(\/.+)\.json$/.exec(path)?.[1] ?? path };
}

/** What a purge asks to drop: every copy on `hosts`, and the pages `urls` names (`host/path`). */
export interface PurgeRequest {
  hosts: readonly string[];
  urls?: readonly string[];
}

/** Whether the cached copy under `key` is one the purge asks to drop. */
export function isPurged(key: string, { hosts, urls = [] }: PurgeRequest): boolean {
  const { host, page } = keyPage(key);
  return (
    hosts.some((wanted) => tenantHost(wanted) === tenantHost(host)) ||
    urls.some((url) => url.toLowerCase() === `${host}${page}`)
  );
}

/** Enough of a cache file for its header: nginx takes request lines of up to 8 kB (large_client_header_buffers). */
const HEADER_BYTES = 16 * 1024;

/** The key nginx wrote into a cache file's header, on the line "KEY: …". */
async function cacheKeyOf(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    const header = buffer.subarray(0, bytesRead).toString('latin1');
    return /\nKEY: ([^\n]*)\n/.exec(header)?.[1];
  } finally {
    await handle.close();
  }
}

/** Deletes every cached copy the purge asks for; returns how many went. */
async function purge(cacheDir: string, request: PurgeRequest): Promise<number> {
  let purged = 0;
  const files = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const key = await cacheKeyOf(file).catch(() => undefined);
    if (key === undefined || !isPurged(key, request)) continue;
    await rm(file, { force: true });
    purged += 1;
  }
  return purged;
}

const isList = (value: unknown, pattern: RegExp): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && pattern.test(item));

/** A body the purge takes: at least one host; page URLs as `host/path`, the host a name or a bracketed IPv6 address. */
export const isPurgeRequest = (value: unknown): value is PurgeRequest => {
  const { hosts, urls = [] } = (value ?? {}) as { hosts?: unknown; urls?: unknown };
  return isList(hosts, /^[a-z0-9.-]+$/i) && hosts.length > 0 && isList(urls, /^([a-z0-9.-]+|\[[0-9a-f:.]+\])\/\S*$/i);
};

/**
 * The purge endpoint, on loopback unless told otherwise (a proxy pod's purger listens on the pod's
 * address, where only the instances may reach it: deploy/k8s/manifests.mts's NetworkPolicy): only
 * POST /purge with a JSON host list (and page URLs).
 */
function startPurger(cacheDir: string, port: number, host = '127.0.0.1') {
  const server = createServer((request, response) => {
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/purge') return answer(404, { error: 'POST /purge only' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // answered below
      }
      if (!isPurgeRequest(body))
        return answer(400, {
          error: 'expected {"hosts": ["<domain>", …], "urls": ["<host>/<path>", …]} (urls optional)',
        });
      purge(cacheDir, body).then(
        (purged) => answer(200, { purged }),
        (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  server.listen(port, host);
  return server;
}

// Started as its own process from the site image's bundled copy, in a proxy pod (node purger.js
// <cacheDir> <port> 0.0.0.0) and by deploy/local.ts (on loopback).
if (process.argv[1] === __filename) {
  const [cacheDir, port, host] = process.argv.slice(2);
  if (!cacheDir || !port) throw new Error('usage: purger <cacheDir> <port> [host]');
  const server = startPurger(cacheDir, Number(port), host);
  // The first process of its container: without a handler, SIGTERM would be ignored until SIGKILL.
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
