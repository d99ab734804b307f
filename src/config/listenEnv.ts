import { z } from 'zod';
import { envSchema, parseEnv, port, show, type Env } from './parse';

/**
 * Every interface, IPv4 or IPv6, for a container or a load balancer on another machine; or
 * loopback, for a proxy on the same machine (deploy/), which no other machine can then bypass.
 */
const LISTEN_ADDRESSES = ['0.0.0.0', '::', '127.0.0.1', '::1'] as const;

/**
 * Where the server (server.ts, run as .next/standalone/server.js) listens. Read when it starts,
 * not by the build's check: a build machine's HOSTNAME is nobody's business.
 */
export const listenEnvSchema = envSchema({
  port: ['PORT', port().default(3000)],
  // Docker and Kubernetes set HOSTNAME to the container's name. Next's own standalone server.js
  // takes it as its address, and then proxies every middleware rewrite (every tenant page) back to
  // itself: half the throughput. This server.js keeps that contract and refuses anything but every
  // interface or loopback, so the trap cannot come back with a swap of servers (docs/deploy.md).
  hostname: [
    'HOSTNAME',
    z
      .enum(LISTEN_ADDRESSES, {
        error: (issue) =>
          `expected 0.0.0.0 or :: (every interface), or 127.0.0.1 or ::1 (behind a proxy on the same machine), got ${show(issue.input)}. Containers set HOSTNAME to their own name: set HOSTNAME=0.0.0.0 where the server starts`,
      })
      .default('0.0.0.0'),
  ],
});

export const parseListenEnv = (env: Env) => parseEnv(listenEnvSchema, env);
