import type { NextApiRequest, NextApiResponse } from 'next';
import { appLogger } from '@/base/logger';
import { postToAll } from '@/base/postToAll';
import { clientAddress } from '@/config/forwarded';
import { serverEnv } from '@/config/serverEnv';
import { createSecretCheck } from '@/security/secretCheck';
import { revalidationTargets } from '@/tenancy/revalidationTargets';
import { routingContext } from '@/tenancy/routingContext';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

/**
 * Behind the proxy's own limit, a second one here: per client address, 10 wrong secrets, then one
 * more every 10 s (docs/deploy.md). Counted in this instance's memory.
 */
const checkSecret =
  serverEnv.revalidateSecret === undefined
    ? undefined
    : createSecretCheck(serverEnv.revalidateSecret, { burst: 10, perSecond: 0.1 });

/**
 * On-demand regeneration of one tenant's pages, every locale (docs/deploy.md):
 * `POST /api/revalidate` with `x-revalidate-secret` and `{"host": …}` or `{"slug": …}`. With a
 * shared cache (REDIS_URL) the regenerated pages are what every instance serves; the proxy in
 * front is then told to drop its copies.
 */
export default async function revalidateRoute(request: NextApiRequest, response: NextApiResponse) {
  response.setHeader('Cache-Control', 'no-store');
  if (!checkSecret) return response.status(404).json({ error: 'Not found' });
  if (request.method !== 'POST') return response.setHeader('Allow', 'POST').status(405).json({ error: 'Use POST' });
  const given = request.headers['x-revalidate-secret'];
  const address =
    clientAddress(request.headers['x-forwarded-for'], request.socket.remoteAddress, serverEnv.trustProxyHops) ??
    'unknown';
  const verdict = checkSecret(address, typeof given === 'string' ? given : undefined);
  if (verdict.kind === 'throttled') {
    return response
      .setHeader('Retry-After', String(verdict.retryAfterSeconds))
      .status(429)
      .json({ error: 'Too many wrong secrets from this address; try again later' });
  }
  if (verdict.kind === 'wrong') return response.status(401).json({ error: 'Wrong or missing x-revalidate-secret' });

  const targets = revalidationTargets(request.body, DOMAIN_ENTRIES);
  if (!targets.ok) return response.status(targets.status).json({ error: targets.message });
  const failed: string[] = [];
  for (const path of targets.paths) {
    try {
      await response.revalidate(path);
    } catch (error) {
      appLogger.error(`[revalidate] ${path} could not be regenerated`, { error });
      failed.push(path);
    }
  }
  if (failed.length > 0)
    return response.status(502).json({
      error: 'Some pages could not be regenerated; their previous copies stay',
      failed,
      revalidated: targets.paths.filter((path) => !failed.includes(path)),
    });
  const urls = targets.micrositesPaths.map((path) => `${routingContext.micrositesHost}${path}`);
  // Every caching proxy in front drops its copies: every page of these tenant hosts, and these
  // pages (`host/path`, any language or query) on the microsites host (PROXY_PURGE_URL, one per proxy).
  const purge = await postToAll(serverEnv.proxyPurgeUrls, { hosts: targets.hosts, urls });
  if (purge.failed.length > 0) {
    appLogger.error('[revalidate] a proxy could not drop its copies', {
      failed: purge.failed,
      hosts: targets.hosts,
      urls,
    });
    return response.status(502).json({
      error: 'Pages regenerated, but a proxy in front could not drop its copies; they stay there until they expire',
      revalidated: targets.paths,
      purgedBy: purge.delivered,
      failedProxies: purge.failed,
    });
  }
  return response.status(200).json({
    revalidated: targets.paths,
    purged: purge.delivered.length > 0 ? [...targets.hosts, ...urls] : [],
    purgedBy: purge.delivered,
  });
}
