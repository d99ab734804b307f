import { isbot } from 'isbot';
import type { NextApiRequest, NextApiResponse } from 'next';

/** Spec §7 call 1: `{ isBot }` for the request's User-Agent. Per visitor, so never cached. */
export default function isBotRoute(request: NextApiRequest, response: NextApiResponse) {
  if (request.method !== 'GET') {
    response.setHeader('Allow', 'GET');
    return response.status(405).json({ error: 'Method not allowed' });
  }
  response.setHeader('Cache-Control', 'private, no-store');
  response.setHeader('Vary', 'User-Agent');
  return response.status(200).json({ isBot: isbot(request.headers['user-agent'] ?? '') });
}
