import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NoMappingError } from '@/tenancy/resolveTenant';
import { routingContext } from '@/tenancy/routingContext';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { SHARE_IMAGE_DIR, shareImageFor } from './shareImageFiles';

export interface ShareImageResponse {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Buffer | string;
}

const NOT_FOUND: ShareImageResponse = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'Not found\n',
};

// At most one read per file: 845 images of about 50 kB fit in memory.
const files = new Map<string, Promise<Buffer | null>>();

/**
 * The answer to `/og/{name}.png` on a (normalized) host: the prebuilt image from memory, cached for
 * a year, or a 404 with nothing drawn. Used by server.ts before Next, and by the API route.
 */
export async function shareImageResponse(
  host: string,
  name: string,
  root = process.cwd(),
): Promise<ShareImageResponse> {
  let served: Parameters<typeof shareImageFor>[1] | null = null;
  if (host === routingContext.micrositesHost) served = 'microsites';
  else {
    try {
      served = routingContext.resolveTenant(host);
    } catch (error) {
      if (!(error instanceof NoMappingError)) throw error;
    }
  }
  const file = served && shareImageFor(name, served, DOMAIN_ENTRIES);
  if (!file) return NOT_FOUND;
  if (!files.has(file))
    files.set(
      file,
      readFile(join(root, SHARE_IMAGE_DIR, `${file}.png`)).catch(() => null),
    );
  const png = await files.get(file);
  if (!png) return NOT_FOUND;
  // A page's text changes only with a new build, which deploys under the same name: a CDN purge on deploy.
  return {
    status: 200,
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
    },
    body: png,
  };
}
