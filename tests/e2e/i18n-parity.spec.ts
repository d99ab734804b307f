// Issue 23 item 3: in the browser, `next-i18next/pages` is a small lookup over the page's own copy
// (src/i18n/browserLookup.tsx, aliased for the browser only in next.config.js); the server renders
// with next-i18next and i18next. Once the page has hydrated it must show exactly the server's
// text: a word the lookup rendered differently would be a hydration mismatch, which React reports
// (the fixture fails on any console error) and repairs by rendering the client's text.
// In every language: a landing page of each kind (city, and each kind of place), the cookie page
// and a 404. The lookup is the same code on every page, so the browser sees each kind of page in
// each language; tests/unit/i18n.browserLookup.test.tsx compares every page the build makes, both
// ways (every host × locale). Before, every host in its first language (all English: 200 pages, a
// fifth of the e2e run's time) saw one language only.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, hostUrl, test } from './support/fixtures';

type Entry = { domain: string; type: string; slug: string; locales: string[] };
const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Entry[] };
const { places } = JSON.parse(readFileSync('tenants/places.json', 'utf8')) as {
  places: Record<string, { kind: string }>;
};
const prefix = (locale: string) => (locale === 'en' ? '' : `/${locale}`);

const urls = new Map<string, string[]>();
for (const locale of new Set(domains.flatMap((entry) => entry.locales))) {
  const offering = domains.filter((entry) => entry.locales.includes(locale));
  const firstOfEachKind = new Map<string, Entry>();
  for (const entry of offering) {
    const kind = `${entry.type}/${places[entry.slug]?.kind}`;
    if (!firstOfEachKind.has(kind)) firstOfEachKind.set(kind, entry);
  }
  const host = offering[0]!.domain;
  urls.set(locale, [
    ...[...firstOfEachKind.values()].map((entry) => hostUrl(entry.domain, prefix(locale) || '/')),
    hostUrl(host, `${prefix(locale)}/cookies`),
    hostUrl(host, `${prefix(locale)}/no-such-page`),
  ]);
}

/** The server's text of the app (`#__next`), from the HTML as it arrived. */
const serverText = (page: Page, html: string) =>
  page.evaluate(
    (markup) => new DOMParser().parseFromString(markup, 'text/html').getElementById('__next')?.textContent ?? '',
    html,
  );

/** Every element of the app hydrated: React has attached its fiber to each (the page's content hydrates last, in slices). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const elements = document.querySelectorAll('#__next *');
    return (
      elements.length > 0 &&
      [...elements].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    );
  });

test.describe.configure({ mode: 'parallel' });

for (const [locale, pages] of urls) {
  test(`${locale}: ${pages.length} pages (each kind of landing page, cookies, 404) show the server's text once hydrated`, async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(30_000 + pages.length * 5_000);
    // The 404 pages' own status.
    consoleGuard.allow(/status of 404/);
    for (const url of pages) {
      const response = await page.goto(url);
      expect(response, url).not.toBeNull();
      const server = await serverText(page, await response!.text());
      expect(server.length, `${url}: the server rendered text`).toBeGreaterThan(100);
      await hydrated(page);
      expect(await page.evaluate(() => document.getElementById('__next')?.textContent ?? ''), url).toBe(server);
    }
  });
}
