import { envReader, type Env } from './parse';

/**
 * Where the server (server.ts, run as .next/standalone/server.js) listens. Read when it starts,
 * not by the build's check: a build machine's HOSTNAME is nobody's business.
 */
export interface ListenEnv {
  port: number;
  hostname: string;
}

/** Every interface, IPv4 or IPv6: the only addresses an instance behind a proxy or load balancer may bind. */
const ANY_INTERFACE = ['0.0.0.0', '::'];

export function parseListenEnv(env: Env): ListenEnv {
  const read = envReader(env);
  const port = read.port('PORT', 3000);
  const hostname = read.string('HOSTNAME', '0.0.0.0');
  // Docker and Kubernetes set HOSTNAME to the container's name. Next's own standalone server.js
  // takes it as its address, and then proxies every middleware rewrite (every tenant page) back to
  // itself: half the throughput. This server.js keeps that contract and refuses anything but every
  // interface, so the trap cannot come back with a swap of servers (docs/deploy.md).
  if (!ANY_INTERFACE.includes(hostname)) {
    read.problem('HOSTNAME', `expected 0.0.0.0 (or ::), got ${JSON.stringify(hostname)}. Containers set HOSTNAME to their own name: set HOSTNAME=0.0.0.0 where the server starts`);
  }
  return read.done({ port, hostname });
}
