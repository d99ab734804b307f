import { ImageResponse } from 'next/og';
import type { NextRequest } from 'next/server';
import { shareImageFacts } from '@/seo/shareImageFacts';
import { SHARE_IMAGE_SIZE, ShareImage } from '@/seo/shareImage';

export const config = { runtime: 'edge' };

/** /og/{slug}-{type}.png (rewritten here): the page's share image, rendered on demand and cached. */
export default function shareImageRoute(request: NextRequest) {
  const page = new URL(request.url).searchParams.get('page') ?? '';
  const facts = shareImageFacts(page);
  if (!facts) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new ImageResponse(<ShareImage {...facts} />, {
    ...SHARE_IMAGE_SIZE,
    headers: { 'cache-control': 'public, max-age=86400, immutable' },
  });
}
