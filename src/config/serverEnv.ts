import { readProxyHops } from './parse';

/** Server-only configuration (middleware and API routes), parsed once. */
export interface ServerEnv {
  /**
   * How many proxies in front of the server append to X-Forwarded-Host / -For (0: none trusted,
   * the headers are ignored). See src/config/forwarded.ts.
   */
  trustProxyHops: number;
}

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  return {
    trustProxyHops: readProxyHops('TRUST_PROXY', env.TRUST_PROXY),
  };
}

export const serverEnv: ServerEnv = parseServerEnv({ TRUST_PROXY: process.env.TRUST_PROXY });
