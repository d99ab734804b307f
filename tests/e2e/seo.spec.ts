// Spec §2 (hosts, aliases, locales) and §9 (locale sets): what search engines and link previews
// see on each host — canonical, hreflang, sitemap, robots, structured data, share tags.
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { expect, hostUrl, test } from './support/fixtures';
import { rawRequest } from './support/rawHttp';
import { appStarted } from './support/visitorWatch';

const head = (page: Page) => ({
  canonical: () => page.locator('link[rel="canonical"]').getAttribute('href'),
  alternates: () =>
    page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])),
  meta: (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content'),
  jsonLd: () =>
    page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null'))),
});

test.describe('landing page head', () => {
  test('kyoto station in Japanese: language, title, canonical, hreflang and x-default', async ({ page }) => {
    await page.goto(hostUrl('kyotostation-bagberth.jp', '/ja'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page).toHaveTitle(/京都駅/);
    expect(await head(page).meta('description')).toContain('京都駅');
    expect(await head(page).canonical()).toBe('https://kyotostation-bagberth.jp/ja');
    expect(await head(page).alternates()).toEqual([
      ['en', 'https://kyotostation-bagberth.jp/'],
      ['ja', 'https://kyotostation-bagberth.jp/ja'],
      ['x-default', 'https://kyotostation-bagberth.jp/'],
    ]);
  });

  test('an alias host names the canonical host', async ({ page }) => {
    await page.goto(hostUrl('bagberth-kingscross.co.uk', '/de'));
    expect(await head(page).canonical()).toBe('https://kingscross-bagberth.co.uk/de');
    const alternates = await head(page).alternates();
    expect(alternates).toHaveLength(12);
    expect(alternates.every(([, href]) => href?.startsWith('https://kingscross-bagberth.co.uk/'))).toBe(true);
  });

  test('titles and descriptions differ per host and per language', async ({ page }) => {
    const seen = new Set<string>();
    for (const url of [
      hostUrl('kingscross-bagberth.co.uk'),
      hostUrl('kingscross-bagberth.co.uk', '/fr'),
      hostUrl('prague-bagberth.cz'),
      hostUrl('heathrow-bagberth.co.uk'),
    ]) {
      await page.goto(url);
      seen.add(`${await page.title()}|${await head(page).meta('description')}`);
    }
    expect(seen.size).toBe(4);
  });

  test('structured data parses and carries Place, BreadcrumbList, Organization and FAQPage', async ({ page }) => {
    await page.goto(hostUrl('kingscross-bagberth.co.uk'));
    const data = (await head(page).jsonLd()) as Array<Record<string, unknown>>;
    expect(data.map((item) => item['@type']).sort()).toEqual(['BreadcrumbList', 'FAQPage', 'Organization', 'Place']);
    const place = data.find((item) => item['@type'] === 'Place') as {
      name: string;
      geo: { latitude: number; longitude: number };
    };
    expect(place.name).toBe("King's Cross Station");
    expect(place.geo.latitude).toBeCloseTo(51.53, 1);
    const crumbs = (
      data.find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string }> }
    ).itemListElement;
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Bagberth', 'London', "King's Cross Station"]);
    // The same questions as the visible FAQ, a station's own first.
    const faq = data.find((item) => item['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string }> };
    const visible = await page.locator('section[aria-labelledby="faq-title"] summary').allTextContents();
    expect(faq.mainEntity.map((question) => question.name)).toEqual(visible);
    expect(visible[0]).toBe('Can I leave my bags when I arrive on an early train, or collect them for a late one?');
    expect(visible).toHaveLength(8);
  });

  test('an airport page answers questions about layovers and flights', async ({ page }) => {
    await page.goto(hostUrl('heathrow-bagberth.co.uk', '/de'));
    const questions = page.locator('section[aria-labelledby="faq-title"] summary');
    await expect(questions.first()).toHaveText('Kann ich mein Gepäck während eines Zwischenstopps abgeben?');
    await expect(questions.nth(1)).toHaveText('Wann sollte ich mein Gepäck vor dem Abflug abholen?');
  });

  test('hydration never strips the title, canonical, description or structured data from the head', async ({
    page,
  }) => {
    // Crawlers that run scripts snapshot the head at any moment; a tag removed and re-added later
    // is a tag they may miss. Records every removal of an SEO tag and every blank title.
    await page.addInitScript(() => {
      const lost: string[] = [];
      Object.assign(window, { __lostHeadTags: lost });
      const seo = 'title, link[rel="canonical"], meta[name="description"], script[type="application/ld+json"]';
      new MutationObserver((records) => {
        for (const record of records) {
          record.removedNodes.forEach((node) => {
            if (node instanceof Element && node.matches(seo)) lost.push(node.outerHTML.slice(0, 80));
          });
        }
        if (document.readyState !== 'loading' && document.title === '') lost.push('blank title');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // networkidle: past the shell's commit and the props Next fetches again; and hydrated, since the
    // scripts start after the first paint, which can come after a quiet network.
    await page.goto(hostUrl('kingscross-bagberth.co.uk'), { waitUntil: 'networkidle' });
    await appStarted(page);
    await expect(page.getByRole('link', { name: /find storage near/i }).first()).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { __lostHeadTags: string[] }).__lostHeadTags)).toEqual([]);
    expect(await head(page).jsonLd()).toHaveLength(4);
    expect(await head(page).canonical()).toBe('https://kingscross-bagberth.co.uk/');
  });

  test("share tags carry the page's image in its language, drawn at build time and cached for good", async ({
    page,
  }) => {
    await page.goto(hostUrl('prague-bagberth.cz'));
    expect(await head(page).meta('og:image')).toBe('https://prague-bagberth.cz/og/prague-city-en.png');
    expect(await head(page).meta('twitter:card')).toBe('summary_large_image');
    expect(await head(page).meta('og:locale')).toBe('en_US');
    await page.goto(hostUrl('prague-bagberth.cz', '/ja'));
    expect(await head(page).meta('og:image')).toBe('https://prague-bagberth.cz/og/prague-city-ja.png');

    // One file per (page, locale), served from disk.
    const english = await rawRequest('GET', '/og/prague-city-en.png', { host: 'prague-bagberth.cz' });
    expect(english.status).toBe(200);
    expect(english.headers['content-type']).toBe('image/png');
    expect(english.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const japanese = await rawRequest('GET', '/og/prague-city-ja.png', { host: 'prague-bagberth.cz' });
    expect(japanese.status).toBe(200);
    expect(japanese.body).not.toBe(english.body);
    // The query string plays no part.
    expect(
      (await rawRequest('GET', '/og/prague-city-en.png?size=99999&text=x', { host: 'prague-bagberth.cz' })).body,
    ).toBe(english.body);
    // Nothing for an unknown host, another host's page, a locale the host lacks, or no such page.
    for (const [host, path] of [
      ['no-such-site.example', '/og/prague-city-en.png'],
      ['kingscross-bagberth.co.uk', '/og/prague-city-en.png'],
      ['kyotostation-bagberth.jp', '/og/kyoto-station-poi-de.png'],
      ['prague-bagberth.cz', '/og/nowhere-city-en.png'],
      ['prague-bagberth.cz', '/og/prague-city.png'],
    ]) {
      const missing = await rawRequest('GET', path!, { host: host! });
      expect(missing.status, `${host}${path}`).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
    }
  });
});

test.describe('per-host files', () => {
  test('sitemap.xml lists the host in each of its languages with alternates', async ({ page }) => {
    const response = await page.goto(hostUrl('cornavin-bagberth.ch', '/sitemap.xml'));
    expect(response?.headers()['content-type']).toContain('application/xml');
    const xml = (await response?.text()) ?? '';
    const base = `http://cornavin-bagberth.ch.localhost:${E2E_PORT}`;
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${base}/`,
      `${base}/fr`,
      `${base}/de`,
      `${base}/it`,
    ]);
    expect(xml).toContain(`hreflang="x-default" href="${base}/"`);
  });

  test('an alias host has an empty sitemap: its page is canonical elsewhere', async ({ page }) => {
    const xml = (await (await page.goto(hostUrl('bagberth-kingscross.co.uk', '/sitemap.xml')))?.text()) ?? '';
    expect(xml).toContain('<urlset');
    expect(xml).not.toContain('<loc>');
  });

  test('robots.txt allows crawling and points at the host sitemap', async ({ page }) => {
    const response = await page.goto(hostUrl('prague-bagberth.cz', '/robots.txt'));
    expect(await response?.text()).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: http://prague-bagberth.cz.localhost:${E2E_PORT}/sitemap.xml\n`,
    );
  });

  test('an unknown host has neither, and no cache keeps that answer once the host goes live', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 404/);
    for (const file of ['/sitemap.xml', '/robots.txt']) {
      const response = await page.goto(hostUrl('no-such-site.example', file));
      expect(response?.status()).toBe(404);
      expect(response?.headers()['cache-control']).toBe('no-store');
    }
  });
});

test.describe('place content', () => {
  test('a POI page links to nearby places on their own hosts, in miles for English', async ({ page }) => {
    await page.goto(hostUrl('kingscross-bagberth.co.uk'));
    const nearby = page.getByRole('region', { name: "Also near King's Cross Station" });
    const first = nearby.getByRole('link').first();
    await expect(first).toContainText(/mi away/);
    expect(await first.getAttribute('href')).toMatch(/^http:\/\/[a-z0-9.-]+-bagberth\.[a-z.]+\.localhost:\d+\/$/);
  });

  test('a city page leads with the places in the city, in miles in Britain whatever the language', async ({ page }) => {
    await page.goto(hostUrl('london-bagberth.co.uk', '/de'));
    const regions = page.getByRole('region');
    const list = page
      .getByRole('region', { name: /London/ })
      .filter({ has: page.getByRole('list') })
      .first();
    await expect(list.getByRole('link')).not.toHaveCount(0);
    await expect(list.getByRole('link').first()).toContainText(/\d\smi\b/);
    expect(await regions.count()).toBeGreaterThan(4);
  });

  test('the map caption refers to the place with its article, as the language needs (issue 21)', async ({ page }) => {
    for (const [path, caption] of [
      ['/it', 'L’indicatore giallo segna la posizione della stazione di Ginevra Cornavin;'],
      ['/fr', 'Le repère jaune indique l’emplacement de la gare de Genève-Cornavin ;'],
      ['/de', 'Die gelbe Markierung zeigt die Lage des Bahnhofs Genf-Cornavin;'],
    ]) {
      await page.goto(hostUrl('cornavin-bagberth.ch', path));
      await expect(page.locator('figcaption'), path).toContainText(caption!);
    }
  });

  test('legal pages are served on every host in its languages', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    await page.goto(hostUrl('kingscross-bagberth.co.uk', '/fr/privacy'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Privacy policy');
    await page.goto(hostUrl('prague-bagberth.cz'));
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await expect(page).toHaveURL(hostUrl('prague-bagberth.cz', '/terms'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    expect((await page.goto(hostUrl('kyotostation-bagberth.jp', '/de/terms')))?.status()).toBe(404);
  });
});

// Issue 21: conventions follow the host's country, not only the language (spec §3 distanceSystem, §9 locales).
test.describe('local formats', () => {
  test('distances are in miles only in Britain and the US', async ({ page }) => {
    const distances = async (host: string) => {
      await page.goto(hostUrl(host));
      return page.getByText(/ away$/).allTextContents();
    };
    for (const [host, unit] of [
      ['london-bagberth.co.uk', 'mi'],
      ['dublin-bagberth.ie', 'km'],
      ['toronto-bagberth.ca', 'km'],
    ] as const) {
      const shown = await distances(host);
      expect(shown.length, host).toBeGreaterThan(0);
      // Number and unit joined by a no-break space, so a phone never breaks them apart.
      for (const text of shown) expect(text, host).toMatch(new RegExp(`\\d\u00a0${unit} away$`));
    }
  });

  test('a Swiss German page and its legal pages have no ß, in the HTML or the page data', async ({ page }) => {
    for (const path of ['/de', '/de/terms', '/de/cookies', '/de/impressum']) {
      await page.goto(hostUrl('cornavin-bagberth.ch', path));
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      // The first ß with its context, not the whole page, when one slips through.
      expect((await page.content()).match(/.{0,40}ß.{0,40}/u)?.[0], path).toBeUndefined();
    }
    await page.goto(hostUrl('cornavin-bagberth.ch', '/de'));
    await expect(page.getByText('Jede Grösse, ein Preis')).toBeVisible();
    // Germany keeps it.
    await page.goto(hostUrl('berlin-bagberth.de', '/de'));
    await expect(page.getByText('Jede Größe, ein Preis')).toBeVisible();
  });

  test('a legal page dates as the host’s country writes it', async ({ page }) => {
    await page.goto(hostUrl('kingscross-bagberth.co.uk', '/terms'));
    await expect(page.getByText(/^Last updated:/)).toHaveText('Last updated: 1 December 2026');
    await page.goto(hostUrl('newyork-bagberth.com', '/terms'));
    await expect(page.getByText(/^Last updated:/)).toHaveText('Last updated: December 1, 2026');
  });
});
