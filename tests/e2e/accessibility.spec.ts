// Quality bar: axe finds no violations on landing, legal and error pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, hostUrl, test } from './support/fixtures';

const pages = [
  { name: 'landing (en)', url: hostUrl('kingscross-bagberth.co.uk') },
  { name: 'landing (ja)', url: hostUrl('kyotostation-bagberth.jp', '/ja') },
  { name: 'station landing (de)', url: hostUrl('cornavin-bagberth.ch', '/de') },
  { name: 'privacy policy (en)', url: hostUrl('kingscross-bagberth.co.uk', '/privacy') },
  { name: 'imprint (de)', url: hostUrl('cornavin-bagberth.ch', '/de/impressum') },
];

for (const { name, url } of pages) {
  test(`axe finds no violations: ${name}`, async ({ page }) => {
    await page.goto(url);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}

test('axe finds no violations: unknown host page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await page.goto(hostUrl('no-such-site.example'));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
