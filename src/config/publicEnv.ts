import { envReader, type Env } from './parse';

/**
 * Browser-visible site configuration, parsed once. Next inlines NEXT_PUBLIC_* values at build time
 * only where they are written out literally, so each variable is named here in full.
 */
export interface PublicEnv {
  /** The shared microsites site that serves /{slug}/{type} directly. */
  micrositesBaseUrl: string;
  /** The customer app where travellers book. */
  customerAppUrl: string;
}

export const DEFAULT_MICROSITES_BASE_URL = 'http://localhost:3000';
export const DEFAULT_CUSTOMER_APP_URL = 'https://app.bagberth.com';

export function parsePublicEnv(env: Env): PublicEnv {
  const read = envReader(env);
  return read.done({
    micrositesBaseUrl: read.url('NEXT_PUBLIC_MICROSITES_BASE_URL', DEFAULT_MICROSITES_BASE_URL),
    customerAppUrl: read.url('NEXT_PUBLIC_CUSTOMER_APP_URL', DEFAULT_CUSTOMER_APP_URL),
  });
}

export const publicEnv: PublicEnv = parsePublicEnv({
  NEXT_PUBLIC_MICROSITES_BASE_URL: process.env.NEXT_PUBLIC_MICROSITES_BASE_URL,
  NEXT_PUBLIC_CUSTOMER_APP_URL: process.env.NEXT_PUBLIC_CUSTOMER_APP_URL,
});
