// Issue 21 item 5: every host has an imprint, at /imprint and at /impressum, with the operator's
// facts from tenants/operator.json, and every page's footer links to it: landing, legal, error and
// unknown-host pages alike.
import { readFileSync } from 'node:fs';
import { expect, hostUrl, micrositesUrl, test } from './support/fixtures';

const operator = JSON.parse(readFileSync('tenants/operator.json', 'utf8')) as {
  legalName: string;
  address: { street: string; postcode: string; city: string };
  hostingProvider: { name: string; phone: string };
};

for (const [name, url] of [
  ['a tenant host', (path: string) => hostUrl('cornavin-bagberth.ch', `/de${path}`)],
  ['the microsites host', (path: string) => micrositesUrl(path)],
] as const) {
  for (const path of ['/imprint', '/impressum']) {
    test(`${name} answers ${path} with the operator's name and address`, async ({ page }) => {
      const response = await page.goto(url(path));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(url(path));
      const main = page.getByRole('main');
      await expect(main).toContainText(operator.legalName);
      await expect(main).toContainText(operator.address.street);
      await expect(main).toContainText(`${operator.address.city} ${operator.address.postcode}`);
      // As noindex as the other legal pages: the same text on every host.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    });
  }
}

test('the imprint names countries in the page’s language', async ({ page }) => {
  await page.goto(hostUrl('cornavin-bagberth.ch', '/de/impressum'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('main')).toContainText('Vereinigtes Königreich');
});

test('the French legal notice names the hosting provider, as the LCEN asks', async ({ page }) => {
  await page.goto(hostUrl('paris-bagberth.fr', '/fr/imprint'));
  const section = page.getByRole('heading', { name: 'Hébergeur' }).locator('xpath=following-sibling::address[1]');
  await expect(section).toContainText(operator.hostingProvider.name);
  await expect(section.getByRole('link', { name: operator.hostingProvider.phone })).toHaveAttribute(
    'href',
    `tel:${operator.hostingProvider.phone.replaceAll(' ', '')}`,
  );
});

for (const [name, url, status] of [
  ['a landing page', hostUrl('kingscross-bagberth.co.uk', '/fr'), 200],
  ['a legal page', hostUrl('kingscross-bagberth.co.uk', '/privacy'), 200],
  ['the 404 page', hostUrl('kingscross-bagberth.co.uk', '/no-such-page'), 404],
  ['the unknown-host page', hostUrl('no-such-site.example'), 404],
] as const) {
  test(`the footer of ${name} links to the imprint`, async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    // By its address: its label is whatever the page's language calls an imprint.
    const link = page.getByRole('contentinfo').locator('a[href$="/imprint"]');
    await expect(link).toBeVisible();
    const target = await link.getAttribute('href');
    expect(target).toMatch(/\/imprint$/);
    // The browser resolves every `*.localhost` preview host; Node's resolver does not.
    expect((await page.goto(new URL(target!, url).href))?.status()).toBe(200);
  });
}

test('the legal pages fit a 320 px phone: nothing reaches past the screen, not even inside a box', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of ['/de/privacy', '/de/impressum', '/de/terms', '/de/cookies', '/fr/cookies', '/ja/cookies']) {
    await page.goto(hostUrl(path.startsWith('/ja') ? 'kyotostation-bagberth.jp' : 'cornavin-bagberth.ch', path));
    // The cookie tables scrolled inside their own box: the page did not, and the names squeezed
    // every other column to a letter wide. Any element whose right edge passes the screen fails.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`),
    );
    expect(outside, path).toEqual([]);
  }
});
