// Spec §2 (routes and hosts), §5 ('No mapping found for origin') and §9 (locale sets).
import { readFileSync } from 'node:fs';
import { expect, hostUrl, micrositesUrl, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';

const NOT_FOUND_DOCUMENT = /status of 404/;

test.describe('tenant hosts', () => {
  test('kings-cross-station host renders its landing page', async ({ page }) => {
    const response = await page.goto(hostUrl('kingscross-bagberth.co.uk'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Luggage storage near King's Cross Station");
    await expect(page.getByText('From £5 per bag per day')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The Bagberth guarantee' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Questions travellers ask' })).toBeVisible();
    await expect(page).toHaveTitle(/King's Cross Station/);
  });

  test('an alias host serves the same page under its own address', async ({ page }) => {
    const response = await page.goto(hostUrl('bagberth-kingscross.co.uk'));
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Luggage storage near King's Cross Station");
  });

  // What of the visit's query goes with it depends on the visitor's choice: consent.spec.ts.
  test('each call to action (the hero\'s, and after "How it works") books near the place', async ({ page }) => {
    await page.goto(hostUrl('kingscross-bagberth.co.uk', '/?secret=no'));
    const ctas = page.getByRole('link', { name: "Find storage near King's Cross Station" });
    await expect(ctas).toHaveCount(2);
    for (const cta of await ctas.all()) {
      const href = new URL((await cta.getAttribute('href')) ?? '');
      expect(href.origin).toBe('https://app.bagberth.com');
      expect(href.searchParams.get('place')).toBe('kings-cross-station');
      expect(href.searchParams.has('secret')).toBe(false);
    }
  });

  test('prague is a city page in koruna', async ({ page }) => {
    await page.goto(hostUrl('prague-bagberth.cz'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luggage storage in Prague');
    await expect(page.getByText('Trusted shops and hotels in Prague look after your bags')).toBeVisible();
    await expect(page.getByText(/From CZK\s?120 per bag per day/)).toBeVisible();
  });

  test('venice exists as a city page and as a poi page, each with its own headline', async ({ page }) => {
    await page.goto(hostUrl('venice-bagberth.it'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luggage storage in Venice');
    await expect(page.getByText('Trusted shops and hotels in Venice look after your bags')).toBeVisible();
    await page.goto(hostUrl('venezia-bagberth.it'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Central luggage storage in Venice');
    await expect(page).toHaveTitle('Central luggage storage in Venice from €5 a day | Bagberth');
    await expect(
      page.getByText('Drop your bags at a trusted local shop or hotel in Venice, then explore hands-free.'),
    ).toBeVisible();
  });

  test('geneva station in German', async ({ page }) => {
    await page.goto(hostUrl('cornavin-bagberth.ch', '/de'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Genf');
  });

  test('kyoto station in Japanese', async ({ page }) => {
    await page.goto(hostUrl('kyotostation-bagberth.jp', '/ja'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('京都駅');
    // Yen as Japanese sites print it, not Intl's ￥800 (issue 21).
    await expect(page.getByText('800円').first()).toBeVisible();
  });
});

test.describe('what a host must not serve', () => {
  test('an unknown host answers 404 and says so', async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_DOCUMENT);
    const response = await page.goto(hostUrl('no-such-site.example'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("This address isn't one of our sites");
    await expect(page.getByText('No mapping found for origin')).toBeVisible();
  });

  test('a locale the host does not offer answers 404', async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_DOCUMENT);
    const response = await page.goto(hostUrl('kyotostation-bagberth.jp', '/de'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('京都');
  });

  test("another tenant's path on a tenant host answers 404", async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_DOCUMENT);
    const response = await page.goto(hostUrl('kingscross-bagberth.co.uk', '/prague/city'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  });

  // Spec §2: /500 is the page shown on a server error. Asked for by URL it answered 500 on the
  // microsites host, so anyone could set off the 5xx alerts.
  test('the server-error page answers 404 by URL, as a page and as page data, on every host', async () => {
    const buildId = readFileSync('.next/standalone/.next/BUILD_ID', 'utf8').trim();
    const answers: Record<string, number> = {};
    for (const host of ['localhost', 'kingscross-bagberth.co.uk']) {
      for (const target of [
        '/500',
        '/de/500',
        `/_next/data/${buildId}/500.json`,
        `/_next/data/${buildId}/en/500.json`,
      ]) {
        answers[`${host} ${target}`] = (await rawRequest('GET', target, { host })).status;
      }
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((request) => [request, 404])));
  });
});

test.describe('the shared microsites host', () => {
  test('serves /{slug}/{type} directly', async ({ page }) => {
    const response = await page.goto(micrositesUrl('/prague/city'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luggage storage in Prague');
  });

  test('lists every tenant with a preview link', async ({ page }) => {
    const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as {
      domains: Array<{ domain: string }>;
    };
    await page.goto(micrositesUrl('/'));
    await expect(page.getByRole('row')).toHaveCount(domains.length + 1);
    const preview = page.getByRole('link', { name: 'kingscross-bagberth.co.uk', exact: true });
    await expect(preview).toHaveAttribute('href', hostUrl('kingscross-bagberth.co.uk'));
  });
});
