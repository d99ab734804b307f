import type { Server, ServerResponse } from 'node:http';

/**
 * After a stop signal, how long server.ts finishes what it is answering before it closes what is
 * left: inside Kubernetes' 30 s grace period, after the 5 s the pod's preStop waits for the
 * endpoints to drop it (deploy/k8s/manifests.ts, docs/deploy.md "Deploys and stops").
 */
export const DRAIN_DEADLINE_MS = 20_000;
/** How often a draining server closes the connections that have become idle since. */
const SWEEP_MS = 100;

/**
 * Stopping a server without cutting a request off (docs/deploy.md, "Deploys and stops"): once
 * `start()` is called the server accepts no new connection, answers what it is still answering with
 * `Connection: close` (so a proxy sends nothing more on that connection), closes every connection
 * as soon as it is idle, and resolves when the last has gone, or after `deadlineMs` by closing what
 * is left: a platform kills the process soon after its stop signal anyway (Kubernetes after 30 s).
 */
export interface Drain {
  readonly draining: boolean;
  start(): Promise<void>;
}

export function drainer(server: Server, { deadlineMs }: { deadlineMs: number }): Drain {
  let draining: Promise<void> | undefined;
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
    if (draining) closeAfter(response);
  });
  return {
    get draining() {
      return draining !== undefined;
    },
    start() {
      draining ??= new Promise<void>((resolve) => {
        unanswered.forEach(closeAfter);
        const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
        const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
      return draining;
    },
  };
}
