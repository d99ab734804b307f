// Requests to the topology on this machine, as a visitor's browser would send them, for the tests,
// the benches and deploy/local.ts's own health checks.
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One request to this machine for the URL's host, answered whole. Node resolves no `*.localhost`
 * name and its fetch cannot set Host, so the request goes to 127.0.0.1 with the URL's host as Host
 * (unless `headers.host` says otherwise) and as the TLS server name; the certificate is the local one.
 */
export interface LoopbackAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function askLoopback(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: {
    method?: string;
    headers?: OutgoingHttpHeaders & { host?: string };
    body?: string;
    /** The visitor's own loopback address (127.x.y.z). */ localAddress?: string;
  } = {},
): Promise<LoopbackAnswer> {
  const { protocol, hostname, port, pathname, search } = new URL(url);
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  const host = headers.host ?? `${hostname}:${port}`;
  return new Promise((resolveAnswer, reject) => {
    const request = send(
      {
        hostname: '127.0.0.1',
        localAddress,
        servername: host.split(':')[0],
        port,
        path: `${pathname}${search}`,
        method,
        headers: { ...headers, host },
        rejectUnauthorized: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `url` through the proxy until it answers from its cache (a few asks), for a bench's warm case; fails if it never does. */
export async function askUntilCached(
  url: string,
  options: Parameters<typeof askLoopback>[1] = {},
): Promise<LoopbackAnswer> {
  let answer: LoopbackAnswer | undefined;
  for (let tries = 0; tries < 5 && answer?.headers['x-cache-status'] !== 'HIT'; tries += 1)
    answer = await askLoopback(url, options);
  if (answer?.headers['x-cache-status'] !== 'HIT')
    throw new Error(`the proxy did not cache ${url}: ${answer?.headers['x-cache-status']}`);
  return answer;
}
