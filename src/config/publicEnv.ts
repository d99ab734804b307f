import type { z } from 'zod';
import { envSchema, httpUrl, parseEnv, type Env } from './parse';

/** The site's own addresses, inlined into the browser's code (src/config/builtEnv.ts). */
export const publicEnvSchema = envSchema({
  /** The shared microsites site that serves /{slug}/{type} directly. */
  micrositesBaseUrl: ['NEXT_PUBLIC_MICROSITES_BASE_URL', httpUrl().default('http://localhost:3000')],
  /** The customer app where travellers book. */
  customerAppUrl: ['NEXT_PUBLIC_CUSTOMER_APP_URL', httpUrl().default('https://app.bagberth.com')],
});
export type PublicEnv = z.output<typeof publicEnvSchema>;

export const parsePublicEnv = (env: Env): PublicEnv => parseEnv(publicEnvSchema, env);
