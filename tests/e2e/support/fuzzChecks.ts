// What every answer to a generated request must be, straight to an instance (fuzz.spec.ts) or
// through the proxy (topology.spec.ts).
import { expect } from '@playwright/test';
import { MARK, type FuzzRequest } from './fuzzRequests';

/** No 5xx, and nothing of the request (marked with MARK) back in the body or headers. Returns how to name the request. */
export function expectNoServerErrorNorEcho(
  { method, host, path }: FuzzRequest,
  answer: { status: number; headers: object; body: string },
): string {
  const what = `${method} ${host}${path.slice(0, 200)}`;
  // Its opening '<fz': the quotes after it may come back escaped, the tag never may.
  const echo = MARK.slice(0, 3);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.body.includes(echo), `${what} echoes the request`).toBe(false);
  expect(JSON.stringify(answer.headers)).not.toContain(echo);
  return what;
}
