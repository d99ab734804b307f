// Nearby storage spots, optional live data over spec §7 (a GraphQL API per
// environment) and spec §8, §9 (the data cache retries failed queries 3 times on the client, the
// delay doubling: 1 s + 2 s + 4 s). The e2e build reads GRAPHQL_URL (collectorConfig.ts), which
// points at the local API that globalSetup starts (support/graphqlServer.ts): it answers spots
// computed from the coordinates, with their hours in the request's Accept-Language, and a GraphQL
// error near Prague.
import { GRAPHQL_URL } from './support/collectorConfig';
import { expect, hostUrl, test } from './support/fixtures';
import { alwaysOpen, spotsNear } from './support/graphqlServer';

const KINGS_CROSS = { lat: 51.5308, lng: -0.1238 };
/** Kyoto Station's page in Japanese, whose regional locale (ja-JP) the API is asked in. */
const KYOTO_JA = hostUrl('kyotostation-bagberth.jp', '/ja');
const JAPANESE_HOURS = `営業時間：${alwaysOpen('ja-JP')}`;

test.describe('storage spots near the place', () => {
  test.describe('in the server HTML, before and without any script', () => {
    test.use({ javaScriptEnabled: false });
    test('King’s Cross shows the spots the API sent, Prague its quiet error', async ({ page }) => {
      await page.goto(hostUrl('kingscross-bagberth.co.uk'));
      const section = page.getByRole('region', { name: "Storage spots near King's Cross Station" });
      const expected = spotsNear(KINGS_CROSS.lat, KINGS_CROSS.lng, 2, 6);
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(expected.map((spot) => spot.name));
      await expect(section.getByRole('listitem').first()).toContainText('Rated 4.8 out of 5');
      await page.goto(hostUrl('prague-bagberth.cz'));
      await expect(
        page.getByText('Storage spots could not be loaded just now. You can still search every spot in Prague.'),
      ).toBeVisible();
    });

    test('Kyoto in Japanese shows the hours the API wrote in Japanese, asked in the page’s language, and yen', async ({
      page,
    }) => {
      await page.goto(KYOTO_JA);
      const cards = page.locator('#storage-spots').getByRole('listitem');
      await expect(cards.nth(1)).toContainText(JAPANESE_HOURS);
      await expect(page.locator('#storage-spots')).not.toContainText(alwaysOpen('en'));
      // Priced in yen, as the API sends a spot in Kyoto, and written as a Japanese page writes yen.
      await expect(cards.nth(0)).toContainText('1日800円から');
    });
  });

  test('King’s Cross lists exactly the spots the API sent', async ({ page }) => {
    const request = page.waitForRequest(
      (candidate) => candidate.url() === GRAPHQL_URL && candidate.method() === 'POST',
    );
    await page.goto(hostUrl('kingscross-bagberth.co.uk'));
    // The section loads as it comes near the viewport.
    await page.locator('#storage-spots').scrollIntoViewIfNeeded();
    const sent = (await request).postDataJSON() as { query: string; variables: Record<string, number> };
    expect(sent.query).toContain('storageSpotsNear(lat: $lat, lng: $lng, radiusKm: $radiusKm, limit: $limit)');
    expect(sent.variables).toMatchObject(KINGS_CROSS);

    const section = page.getByRole('region', { name: "Storage spots near King's Cross Station" });
    const expected = spotsNear(KINGS_CROSS.lat, KINGS_CROSS.lng, sent.variables.radiusKm!, sent.variables.limit!);
    expect(expected.length).toBeGreaterThan(0);
    await expect(section.getByRole('listitem')).toHaveCount(expected.length);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(expected.map((spot) => spot.name));
    await expect(section.getByRole('listitem').first()).toContainText('0.2 mi away');
    await expect(section.getByRole('listitem').first()).toContainText('Rated 4.8 out of 5');
    await expect(section.getByRole('listitem').first()).toContainText('From £5 per day');
    await expect(section.getByText('Loading storage spots…')).toHaveCount(0);
    await expect(section.getByText(/could not be loaded/)).toHaveCount(0);
  });

  test('Kyoto in Japanese asks the API in Japanese from the browser too, whatever the browser’s languages', async ({
    page,
  }) => {
    const request = page.waitForRequest(
      (candidate) => candidate.url() === GRAPHQL_URL && candidate.method() === 'POST',
    );
    await page.goto(KYOTO_JA);
    await page.locator('#storage-spots').scrollIntoViewIfNeeded();
    const sent = await request;
    // This browser's own languages are English (en-US); the refresh asks in the page's, as the
    // server did, so its list matches the server's and the Japanese hours stay.
    expect(await sent.headerValue('accept-language')).toBe('ja-JP, ja;q=0.9');
  });

  test('Prague shows its quiet error from the server, and keeps it while the browser retries; the rest of the page stays', async ({
    page,
  }) => {
    // The test API answers the failure as a GraphQL error with HTTP 200, so the browser logs no
    // console error and consoleGuard needs no exception.
    const posts: string[] = [];
    page.on('request', (candidate) => {
      if (candidate.url() === GRAPHQL_URL && candidate.method() === 'POST') posts.push(candidate.url());
    });
    await page.goto(hostUrl('prague-bagberth.cz'));
    await page.locator('#storage-spots').scrollIntoViewIfNeeded();

    const section = page.getByRole('region', { name: 'Storage spots in Prague' });
    const note = section.getByText(
      'Storage spots could not be loaded just now. You can still search every spot in Prague.',
    );
    await expect(note).toBeVisible();
    // The browser's refresh: one try and the app QueryClient's 3 retries; the note stays throughout.
    await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(4);
    await expect(note).toBeVisible();
    await expect(section.getByRole('link', { name: 'Find storage in Prague' })).toHaveAttribute(
      'href',
      /\/search\?.*place=prague/,
    );
    await expect(section.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByText(/Spot [A-Z] near/)).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luggage storage in Prague');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: 'Find storage in Prague' })).toBeVisible();
    // English outside the US is British (issue 39 item 4, src/i18n/regionalLocale.ts).
    await expect(page.getByRole('heading', { name: 'Questions travellers ask' })).toBeVisible();
  });
});
