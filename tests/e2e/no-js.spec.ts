// The server HTML is the whole page, in place. A visitor without JavaScript, a reader
// view, a link-preview tool or a Content-Security-Policy that allows no inline script sees the
// headline, the price, the call to action, the FAQ and the footer, on pages of every kind.
import type { Page } from '@playwright/test';
import { expect, hostUrl, micrositesUrl, test } from './support/fixtures';

const PAGES = [
  { kind: 'station', url: hostUrl('kingscross-bagberth.co.uk', '/ja') },
  { kind: 'airport', url: hostUrl('heathrow-bagberth.co.uk', '/de') },
  { kind: 'landmark', url: hostUrl('eiffeltower-bagberth.fr', '/fr') },
  { kind: 'city', url: hostUrl('prague-bagberth.cz', '/pl') },
];

async function expectWholePage(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('#offer-price')).toBeVisible();
  await expect(page.locator('#offer-price')).toHaveText(/\d/);
  await expect(page.locator('main a[href^="http"]').first()).toBeVisible();
  const faq = page.locator('section[aria-labelledby="faq-title"]');
  await expect(faq.locator('h2')).toBeVisible();
  await expect(faq.locator('summary').first()).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  // Nothing of the page waits in a hidden container for a script to reveal it.
  expect(await page.locator('body [hidden]').count()).toBe(0);
  expect(await page.evaluate(() => document.body.innerText.length)).toBeGreaterThan(800);
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const { kind, url } of PAGES) {
    test(`a ${kind} page shows its full content`, async ({ page }) => {
      await page.goto(url);
      await expectWholePage(page);
    });
  }
});

test.describe('under a CSP that allows no inline script', () => {
  for (const { kind, url } of PAGES) {
    test(`a ${kind} page shows its full content`, async ({ page, consoleGuard }) => {
      // The blocked inline scripts report themselves; that is what this test sets up.
      consoleGuard.allow(/Content Security Policy|Content-Security-Policy/);
      await page.route(url, async (route) => {
        // Node cannot resolve *.localhost: fetch from loopback with the page's Host.
        const { host, pathname } = new URL(url);
        const response = await route.fetch({
          url: micrositesUrl(pathname),
          headers: { ...route.request().headers(), host },
        });
        await route.fulfill({
          response,
          headers: { ...response.headers(), 'content-security-policy': "script-src 'self'" },
        });
      });
      await page.goto(url);
      await expectWholePage(page);
    });
  }
});
