// Issue 25 item 3 (docs/ops.md, "Server logs"): after every other e2e test (playwright.config.ts,
// project "logs"), the logs the run wrote, the e2e server's and the topology's, hold no secret, no
// cookie and no query string.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/consent/record';
import { LANGUAGE_COOKIE } from '../../src/i18n/pageLanguage';
import { topologyLogs } from '../../deploy/local';
import { E2E_REVALIDATE_SECRET, E2E_SERVER_LOG } from './support/collectorConfig';

/** Every log file of the run: the e2e server's, and the topology's containers (instances, nginx, purger, Redis). */
function runLogs(): Array<[file: string, text: string]> {
  return [E2E_SERVER_LOG, ...topologyLogs()]
    .filter((file) => existsSync(file))
    .map((file) => [file, readFileSync(file, 'utf8')]);
}

test('the run wrote its server log as JSON lines, one per request with its id', () => {
  const lines = readFileSync(E2E_SERVER_LOG, 'utf8').trim().split('\n');
  expect(lines.length).toBeGreaterThan(100);
  const records = lines.map((line) => JSON.parse(line) as { http?: { request_id: string; status_code: number } });
  expect(records.filter((record) => record.http).length).toBeGreaterThan(100);
});

test('no secret, cookie or query string in any log of the run', () => {
  const logs = runLogs();
  expect(logs.map(([file]) => file)).toContain(E2E_SERVER_LOG);
  for (const [file, text] of logs) {
    expect(text.includes(E2E_REVALIDATE_SECRET), `${file}: the revalidation secret`).toBe(false);
    // A cookie as a visitor's browser sends it; the site's own cookie names.
    expect(text, `${file}: a cookie`).not.toMatch(
      new RegExp(`(^|[;\\s"])(${CONSENT_COOKIE}|${LANGUAGE_COOKIE}|_dd_s_v2)=`),
    );
    // Tracking ids and campaign parameters the tests send in queries.
    expect(text, `${file}: a query string`).not.toMatch(/[?&](utm_[a-z]+|gclid|fbclid)=/);
  }
});
