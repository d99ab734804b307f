import type { NextApiRequest, NextApiResponse } from 'next';

/**
 * Readiness for a proxy or an orchestrator (deploy/nginx.conf.template, docs/deploy.md): answering
 * at all means Next has prepared the build and serves requests.
 */
export default function healthRoute(_request: NextApiRequest, response: NextApiResponse) {
  response.setHeader('Cache-Control', 'no-store');
  response.status(200).json({ status: 'ok' });
}
