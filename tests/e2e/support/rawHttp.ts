import { request as httpRequest } from 'node:http';
import { E2E_PORT } from '../../../playwright.config';
import { MAX_ANSWER_HEADERS } from './fuzzRequests';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request to the local server with exactly the method, target, headers and body given: Node's
 * fetch cannot set Host, and a browser cannot send TRACE or a `*` target. `localAddress` picks the
 * peer address the server sees (any of 127.0.0.0/8).
 */
export function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  { localAddress, body }: { localAddress?: string; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path: target,
        headers,
        localAddress,
        timeout: 15_000,
        maxHeaderSize: MAX_ANSWER_HEADERS,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${target}: no answer in 15 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
