import type { NextApiRequest, NextApiResponse } from 'next';
import { serverEnv } from '@/config/serverEnv';
import { robotsFor, sitemapFor } from '@/seo/hostFiles';
import { requestHost } from '@/tenancy/normalizeHost';

const FILES = { 'sitemap.xml': sitemapFor, 'robots.txt': robotsFor } as const;

/** /sitemap.xml and /robots.txt of whichever host is asked (the middleware rewrites them here: src/tenancy/routeRequest.ts). */
export default function hostFileRoute(request: NextApiRequest, response: NextApiResponse) {
  const make = FILES[String(request.query.file) as keyof typeof FILES];
  if (!make) return response.status(404).send('Not found\n');
  const file = make(requestHost(request.headers.host, request.headers['x-forwarded-host'], serverEnv.trustProxyHops));
  response.setHeader('Content-Type', file.contentType);
  // A host added to the map must find its files at once: only a real file is cached.
  response.setHeader('Cache-Control', file.status === 200 ? 'public, max-age=3600' : 'no-store');
  response.setHeader('Vary', 'Host');
  return response.status(file.status).send(file.body);
}
