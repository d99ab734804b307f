import { readBoolean } from './parse';

/** Server-only configuration (middleware and API routes), parsed once. */
export interface ServerEnv {
  /** Honour X-Forwarded-Host; only behind a proxy that sets it. */
  trustProxy: boolean;
}

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  return {
    trustProxy: readBoolean('TRUST_PROXY', env.TRUST_PROXY, false),
  };
}

export const serverEnv: ServerEnv = parseServerEnv({ TRUST_PROXY: process.env.TRUST_PROXY });
