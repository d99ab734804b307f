// Spec §2 (page language: stored setting, else router locale, else default) and §9 (locale sets).
import { readFileSync } from 'node:fs';
import { expect, hostUrl, test } from './support/fixtures';

test('the switcher offers only the host locales and switches in place', async ({ page }) => {
  await page.goto(hostUrl('cornavin-bagberth.ch'));
  await page.getByText('Language: English').click();
  const choices = page.getByRole('list', { name: 'Language' }).getByRole('link');
  await expect(choices).toHaveText(['English', 'Français', 'Deutsch', 'Italiano']);

  await choices.filter({ hasText: 'Deutsch' }).click();
  await expect(page).toHaveURL(hostUrl('cornavin-bagberth.ch', '/de'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Genf');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('de');
});

test.describe('without JavaScript, or before the app has started', () => {
  test.use({ javaScriptEnabled: false });

  test('the switcher still switches and remembers the choice', async ({ page }) => {
    await page.goto(hostUrl('cornavin-bagberth.ch', '/fr'));
    await page.getByText('Langue: Français').click();
    await page.getByRole('list', { name: 'Langue' }).getByRole('link', { name: 'Deutsch' }).click();

    await expect(page).toHaveURL(hostUrl('cornavin-bagberth.ch', '/de'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Genf');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('de');

    // The stored choice leads the next visit to the root.
    await page.goto(hostUrl('cornavin-bagberth.ch', '/'));
    await expect(page).toHaveURL(hostUrl('cornavin-bagberth.ch', '/de'));
  });
});

test('a stored language choice is used on the next visit to the root', async ({ page }) => {
  await page.context().addCookies([{ name: 'language', value: 'ja', url: hostUrl('kyotostation-bagberth.jp') }]);
  await page.goto(hostUrl('kyotostation-bagberth.jp'));
  await expect(page).toHaveURL(hostUrl('kyotostation-bagberth.jp', '/ja'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('京都駅');
});

test('an English-only host shows no switcher', async ({ page }) => {
  const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Array<{ domain: string; locales: string[] }> };
  const englishOnly = domains.find((entry) => entry.locales.length === 1);
  test.skip(!englishOnly, 'no English-only host in the tenant map');
  await page.goto(hostUrl(englishOnly!.domain));
  await expect(page.getByText(/^Language:/)).toHaveCount(0);
});
