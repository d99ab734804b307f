// Issue 25 item 3 (docs/ops.md, "Server logs"): a request's id comes back as a header and names
// its JSON log line, in Datadog's attribute names, with the tenant and without the query.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { askLoopback } from '../../deploy/loopback';
import { E2E_PORT } from '../../playwright.config';
import { E2E_SERVER_LOG } from './support/collectorConfig';

test("a request's id is an answer header and names its one JSON log line", async () => {
  const answer = await askLoopback(
    `http://kingscross-bagberth.co.uk.localhost:${E2E_PORT}/de?utm_source=newsletter&gclid=abc123`,
  );
  expect(answer.status).toBe(200);
  const id = answer.headers['x-request-id'];
  expect(id).toMatch(/^[\w-]{16}$/);
  const lineFor = () =>
    readFileSync(E2E_SERVER_LOG, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown> & { http?: { request_id?: string } })
      .filter((record) => record.http?.request_id === id);
  await expect.poll(() => lineFor().length).toBe(1);
  expect(lineFor()[0]).toMatchObject({
    status: 'info',
    service: 'microsites-server',
    message: 'GET /de 200',
    http: { method: 'GET', status_code: 200, url_details: { host: 'kingscross-bagberth.co.uk', path: '/de' } },
    tenant: { host: 'kingscross-bagberth.co.uk', slug: 'kings-cross-station', type: 'poi' },
    locale: 'de',
    duration: expect.any(Number),
    network: { bytes_written: expect.any(Number) },
  });
  expect(JSON.stringify(lineFor()[0])).not.toMatch(/utm_source|gclid/);
});
