// Issue 23 item 3: in the browser, `next-i18next/pages` is a small lookup over the page's own copy
// (src/i18n/browserLookup.tsx, aliased for the browser only in next.config.js); the server renders
// with next-i18next and i18next. Once the page has hydrated it must show exactly the server's
// text: a word the lookup rendered differently would be a hydration mismatch, which React reports
// (the fixture fails on any console error) and repairs by rendering the client's text.
// Every host in its first language, and in every language one host's landing, cookie and 404
// pages. tests/unit/i18n.browserLookup.test.tsx compares every page the build makes, both ways.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, hostUrl, test } from './support/fixtures';

type Entry = { domain: string; locales: string[] };
const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Entry[] };
const prefix = (locale: string) => (locale === 'en' ? '' : `/${locale}`);

const urls = new Map<string, string[]>();
const add = (locale: string, url: string) => urls.set(locale, [...(urls.get(locale) ?? []), url]);
for (const { domain, locales } of domains) add(locales[0]!, hostUrl(domain, prefix(locales[0]!) || '/'));
for (const locale of new Set(domains.flatMap((entry) => entry.locales))) {
  const host = domains.find((entry) => entry.locales.includes(locale))!.domain;
  add(locale, hostUrl(host, `${prefix(locale)}/cookies`));
  add(locale, hostUrl(host, `${prefix(locale)}/no-such-page`));
}

/** The server's text of the app (`#__next`), from the HTML as it arrived. */
const serverText = (page: Page, html: string) =>
  page.evaluate((markup) => new DOMParser().parseFromString(markup, 'text/html').getElementById('__next')?.textContent ?? '', html);

/** Every element of the app hydrated: React has attached its fiber to each (the page's content hydrates last, in slices). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const elements = document.querySelectorAll('#__next *');
    return elements.length > 0 && [...elements].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
  });

test.describe.configure({ mode: 'parallel' });

/** At most this many pages per test, so that the workers share the hosts. */
const PER_TEST = 20;

for (const [locale, all] of urls) {
  for (let from = 0; from < all.length; from += PER_TEST) {
    const pages = all.slice(from, from + PER_TEST);
    test(`${locale}: pages ${from + 1}–${from + pages.length} of ${all.length} show the server's text once hydrated`, async ({ page, consoleGuard }) => {
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
}
