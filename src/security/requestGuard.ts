/**
 * Requests Next would answer with a 500 and a stack trace (a TRACE, which the Edge
 * runtime cannot represent; `GET *` or an absolute URL, which it cannot parse) are refused in the
 * server in front of it, with a short plain answer.
 */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;

// Far above any URL the site makes (the longest is a proxied telemetry request, about 4 KiB).
const MAX_TARGET_LENGTH = 8192;

export interface Refusal {
  status: 400 | 405 | 414;
  headers: Record<string, string>;
  body: string;
}

const refusal = (status: Refusal['status'], body: string, headers: Record<string, string> = {}): Refusal => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body,
});

export function refuseRequest(method: string | undefined, target: string | undefined): Refusal | undefined {
  if (!(ALLOWED_METHODS as readonly string[]).includes(method ?? '')) {
    return refusal(405, 'Method not allowed\n', { allow: ALLOWED_METHODS.join(', ') });
  }
  if (!target?.startsWith('/') || target.startsWith('//')) return refusal(400, 'Bad request\n');
  if (target.length > MAX_TARGET_LENGTH) return refusal(414, 'URI too long\n');
  return undefined;
}
