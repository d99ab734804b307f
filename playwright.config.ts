import { dirname } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SERVER_ENV, E2E_SERVER_LOG, SITE_PORT } from './tests/e2e/support/collectorConfig';

/** End-to-end tests run against `npm run build` + the production server (.next/standalone/server.js) in Debian's Chromium. */
export const E2E_PORT = SITE_PORT;

/** isbot flags HeadlessChrome; human-visitor tests present a normal desktop Chrome. */
export const HUMAN_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export default defineConfig({
  testDir: 'tests/e2e',
  // Local stand-ins for every vendor endpoint; the e2e build (npm run build:e2e) points at them.
  globalSetup: './tests/e2e/support/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    userAgent: HUMAN_USER_AGENT,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    // First: the topology's tests run one after another (one machine's containers, ports and load),
    // about a third of the run; started last, they ran alone on one worker while the other idled.
    { name: 'topology', testMatch: /topology\.spec\.ts$/ },
    { name: 'site', testIgnore: /(logs|topology)\.spec\.ts$/ },
    // The log check reads what the whole run wrote: it runs once every other test has.
    { name: 'logs', testMatch: /logs\.spec\.ts$/, dependencies: ['topology', 'site'] },
  ],
  webServer: {
    // Its JSON log lines, one per request, go to a file the tests read (tests/e2e/logs.spec.ts), not the run's output.
    command: `mkdir -p ${dirname(E2E_SERVER_LOG)} && node .next/standalone/server.js > ${E2E_SERVER_LOG}`,
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: false,
    env: { ...E2E_SERVER_ENV, PORT: String(E2E_PORT), HOSTNAME: '0.0.0.0' },
    timeout: 60_000,
  },
});
