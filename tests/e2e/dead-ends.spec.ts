// No dead ends. Every footer link on every host answers 200, the unknown-host page
// offers a way on (and keeps the spec §5 message), legal pages name the operator and lead back to
// the landing page, and the directory works on a phone.
import { readFileSync } from 'node:fs';
import { createLimiter } from '../../src/content/limitConcurrency';
import { expect, hostUrl, micrositesUrl, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';
import { appStarted } from './support/visitorWatch';

const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as {
  domains: { domain: string; type: string; path: string; locales: string[] }[];
};
/** City pages, whatever number of alias hosts each has. */
const CITY_PAGES = new Set(domains.filter((entry) => entry.type === 'city').map((entry) => entry.path)).size;

/** The footer's links, as the server sent them. */
const footerLinks = (html: string) =>
  [...(/<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);

/**
 * Requests a link as a browser on `host` would follow it; a link within the page ("Cookie
 * settings", #cookie-consent) answers as its page does when that page has the element it names.
 */
async function follow(host: string, href: string, pageBody: string) {
  if (href.startsWith('#')) return { status: pageBody.includes(`id="${href.slice(1)}"`) ? 200 : 404 };
  const url = new URL(href, `http://${host}`);
  return rawRequest('GET', url.pathname + url.search, { host: url.host });
}

test('every footer link on every host answers 200, in every language of the host', async () => {
  test.setTimeout(120_000);
  const checked = new Set<string>();
  // A few hosts at a time: some 900 pages and their links, one after another, took most of the timeout on a busy machine.
  const limit = createLimiter(4);
  await Promise.all(
    domains.map(({ domain, locales }) =>
      limit(async () => {
        for (const locale of locales) {
          const page = await rawRequest('GET', locale === 'en' ? '/' : `/${locale}`, { host: domain });
          expect(page.status, `${domain} ${locale}`).toBe(200);
          const links = footerLinks(page.body);
          expect(links.length, `${domain} ${locale}: footer links`).toBeGreaterThanOrEqual(3);
          for (const href of links) {
            const key = `${domain} ${href}`;
            if (checked.has(key)) continue;
            checked.add(key);
            expect((await follow(domain, href, page.body)).status, key).toBe(200);
          }
        }
      }),
    ),
  );
});

test('the footer links of the unknown-host page and of a 404 answer 200', async () => {
  for (const [host, path] of [
    ['no-such-site.example', '/'],
    ['no-such-site.example', '/de'],
    ['kingscross-bagberth.co.uk', '/no-such-page'],
  ] as const) {
    const page = await rawRequest('GET', path, { host });
    expect(page.status).toBe(404);
    for (const href of footerLinks(page.body))
      expect((await follow(host, href, page.body)).status, `${host}${path} → ${href}`).toBe(200);
  }
});

test('every city the unknown-host page offers answers 200, in the language it links to', async () => {
  for (const path of ['/', '/ja']) {
    const page = await rawRequest('GET', path, { host: 'no-such-site.example' });
    const links = [
      ...(/<nav aria-labelledby="city-sites"[\s\S]*?<\/nav>/.exec(page.body)?.[0] ?? '').matchAll(/href="([^"]+)"/g),
    ].map((match) => match[1]!);
    expect(links).toHaveLength(CITY_PAGES);
    for (const href of links) expect((await follow('no-such-site.example', href, page.body)).status, href).toBe(200);
  }
});

test('the unknown-host page says what happened, offers the booking service, and keeps the spec message', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  await page.goto(hostUrl('no-such-site.example'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("This address isn't one of our sites");
  await expect(page.getByText("We don't run a luggage-storage site at this address.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find luggage storage with Bagberth' })).toHaveAttribute(
    'href',
    'https://app.bagberth.com/',
  );
  await expect(page.getByText('No mapping found for origin')).toBeVisible();
  // Issue 21: a way on besides the booking service, every city with a site.
  const cities = page.getByRole('navigation', { name: 'Or choose a city' });
  await expect(cities.getByRole('link', { name: 'London', exact: true })).toHaveAttribute(
    'href',
    'https://london-bagberth.co.uk/',
  );
  expect(await cities.getByRole('link').count()).toBe(CITY_PAGES);
});

test.describe('an unknown host opened by a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('answers in German, with the spec message kept as it is', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto(hostUrl('no-such-site.example'));
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(hostUrl('no-such-site.example'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Adresse gehört zu keiner unserer Websites');
    await expect(page.getByText('No mapping found for origin')).toBeVisible();
    // The cities in German, each on its German page where the host offers one.
    const cities = page.getByRole('navigation', { name: 'Oder wählen Sie eine Stadt' });
    await expect(cities.getByRole('link', { name: 'Mailand', exact: true })).toHaveAttribute(
      'href',
      /^https:\/\/[^/]+\/de$/,
    );
  });
});

test('a legal page names the operator with a contact, and leads back to the landing page', async ({ page }) => {
  await page.goto(hostUrl('kingscross-bagberth.co.uk', '/de/privacy'));
  // The last address on the page: who runs the site (the policy names others, its processors').
  const operator = page.locator('address').last();
  await expect(operator).toContainText('Bagberth Ltd');
  await expect(operator.getByRole('link', { name: 'support@bagberth.com' })).toHaveAttribute(
    'href',
    'mailto:support@bagberth.com',
  );
  await page.getByRole('link', { name: /Zurück zur Gepäckaufbewahrung/ }).click();
  await expect(page).toHaveURL(hostUrl('kingscross-bagberth.co.uk', '/de'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('King');
});

test('the directory fits a 320 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(micrositesUrl('/'));
  const first = page.locator('tbody tr').first();
  await expect(first.getByRole('link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

// A page that fails in the browser after the switch in place (its data broken, as by a deploy
// that changed the page's props under an open tab) is replaced by pages/_error.tsx, which has only
// its status there: it speaks with the copy the app already has (src/i18n/browserLookup.tsx),
// in the page's language, never with its keys. tests/unit/shell.errorInBrowser.test.tsx has the
// cases in each language.
test('a page that fails after the language switch shows the error page in words', async ({ page, consoleGuard }) => {
  // The page's error and Next's line about it (next/dist/client/index.js, renderError).
  consoleGuard.allow(/Cannot read properties of undefined/);
  consoleGuard.allow(/A client-side exception has occurred/);
  await page.route('**/_next/data/**', async (route) => {
    const url = new URL(route.request().url());
    const served = await rawRequest('GET', url.pathname, { host: url.host, 'x-nextjs-data': '1' });
    const data = JSON.parse(served.body) as { pageProps: { place?: unknown } };
    delete data.pageProps.place;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data) });
  });
  await page.goto(hostUrl('cornavin-bagberth.ch'));
  // In place only once the app runs: a click before follows the link, as without JavaScript.
  await appStarted(page);
  await page.getByText('Language: English').click();
  await page.getByRole('list', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei uns ist etwas schiefgelaufen');
  await expect(page.getByText('Fehler 500')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  expect(await page.locator('body').textContent()).not.toMatch(/errors\.\w+/);
});
