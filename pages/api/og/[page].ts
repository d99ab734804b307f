import type { NextApiRequest, NextApiResponse } from 'next';
import { serverEnv } from '@/config/serverEnv';
import { shareImageResponse } from '@/seo/shareImageResponse';
import { requestHost } from '@/tenancy/normalizeHost';

/**
 * /og/{slug}-{type}-{locale}.png (rewritten here under `next dev`; `npm run serve` answers it before
 * Next, see server.ts): the share image drawn at build time. The query string plays no part.
 */
export default async function shareImageRoute(request: NextApiRequest, response: NextApiResponse) {
  const host = requestHost(request.headers.host, request.headers['x-forwarded-host'], serverEnv.trustProxyHops);
  const answer = await shareImageResponse(host, String(request.query.page));
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.status(answer.status).send(answer.body);
}
