import { test as base, expect } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { ALL_GRANTED, serializeConsent, type ConsentChoice } from '../../../src/consent/record';

export { expect };

/** The URL a marketer previews a host at: `{domain}.localhost` reaches the local server. */
export const hostUrl = (domain: string, path = '/') => `http://${domain}.localhost:${E2E_PORT}${path}`;
export const micrositesUrl = (path = '/') => `http://localhost:${E2E_PORT}${path}`;

/**
 * A visitor who made a cookie choice on this host earlier: the consent cookie as the
 * banner writes it. Tests of what analytics and monitoring send start from "Accept all".
 */
export async function rememberConsent(
  context: BrowserContext,
  domain: string,
  choice: ConsentChoice = ALL_GRANTED,
  madeAt = new Date(),
) {
  await context.addCookies([{ name: 'consent', value: serializeConsent(choice, madeAt), url: hostUrl(domain) }]);
}

const isLocal = (url: URL) =>
  ['data:', 'blob:'].includes(url.protocol) ||
  url.hostname === 'localhost' ||
  url.hostname.endsWith('.localhost') ||
  url.hostname === '127.0.0.1';

/** Console errors seen in the page, less the ones a test says it expects. */
class ConsoleGuard {
  private readonly allowed: RegExp[] = [];
  readonly errors: string[] = [];
  allow(pattern: RegExp) {
    this.allowed.push(pattern);
  }
  unexpected() {
    return this.errors.filter((text) => !this.allowed.some((pattern) => pattern.test(text)));
  }
}

interface Guards {
  consoleGuard: ConsoleGuard;
  /** Requests that tried to leave the machine. */
  externalRequests: string[];
}

/**
 * In every test a request for a non-local host is aborted and fails the test, and so does any
 * console error or uncaught page error the test did not declare.
 */
export const test = base.extend<Guards>({
  consoleGuard: async ({}, use) => {
    await use(new ConsoleGuard());
  },
  externalRequests: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleGuard, externalRequests }, use) => {
    await page.context().route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (isLocal(url)) return route.fallback();
      externalRequests.push(url.href);
      return route.abort('blockedbyclient');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleGuard.errors.push(message.text());
    });
    page.on('pageerror', (error) => consoleGuard.errors.push(`pageerror: ${error.message}`));
    await use(page);
    expect(externalRequests, 'requests that tried to leave for the internet').toEqual([]);
    expect(consoleGuard.unexpected(), 'browser console errors').toEqual([]);
  },
});
