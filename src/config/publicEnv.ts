import { z } from 'zod';
import { httpUrl, parseEnv, variable, type Env } from './parse';

/** The site's own addresses, inlined into the browser's code (src/config/builtEnv.ts). */
export interface PublicEnv {
  /** The shared microsites site that serves /{slug}/{type} directly. */
  micrositesBaseUrl: string;
  /** The customer app where travellers book. */
  customerAppUrl: string;
}

const DEFAULT_MICROSITES_BASE_URL = 'http://localhost:3000';
const DEFAULT_CUSTOMER_APP_URL = 'https://app.bagberth.com';

export const publicEnvSchema = z
  .object({
    NEXT_PUBLIC_MICROSITES_BASE_URL: variable(httpUrl().default(DEFAULT_MICROSITES_BASE_URL)),
    NEXT_PUBLIC_CUSTOMER_APP_URL: variable(httpUrl().default(DEFAULT_CUSTOMER_APP_URL)),
  })
  .transform((env): PublicEnv => ({
    micrositesBaseUrl: env.NEXT_PUBLIC_MICROSITES_BASE_URL,
    customerAppUrl: env.NEXT_PUBLIC_CUSTOMER_APP_URL,
  }));

export const parsePublicEnv = (env: Env): PublicEnv => parseEnv(publicEnvSchema, env);
