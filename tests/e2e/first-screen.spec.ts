// The hero's booking button is on the first screen of a phone, before any scrolling, on a first
// visit (the consent banner shown above the page, docs/consent.md) and a returning one (banner
// hidden) (issue 21). The sample is each language's longest headline, where the hero is tallest:
// de, pl, ru and fr on opt-in hosts (spec §9 locales; docs/consent.md regimes) and ja on an opt-out
// host. bench/cta-fold.mts sweeps every page.
import { readFileSync } from 'node:fs';
import { consentRegimeFor, type ConsentRegime } from '../../src/tenancy/consentRegime';
import { expect, hostUrl, rememberConsent, test } from './support/fixtures';
import { PHONE_SCREENS } from './support/phoneScreens';

type Entry = { domain: string; slug: string; locales: string[] };
type Place = { country: string; name: Record<string, string>; where?: Record<string, string> };
const { domains } = JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: Entry[] };
const { places } = JSON.parse(readFileSync('tenants/places.json', 'utf8')) as { places: Record<string, Place> };

const SAMPLE: [string, ConsentRegime][] = [
  ['de', 'opt-in'],
  ['pl', 'opt-in'],
  ['ru', 'opt-in'],
  ['fr', 'opt-in'],
  ['ja', 'opt-out'],
];

// Japanese derives "near X" from the name (src/tenancy/placePhrases.ts), so the name's length stands for it.
const headlinePlace = (entry: Entry, locale: string) =>
  places[entry.slug]?.where?.[locale] ?? places[entry.slug]?.name[locale] ?? '';

for (const [locale, regime] of SAMPLE) {
  const served = domains.filter(
    (entry) => entry.locales.includes(locale) && consentRegimeFor(places[entry.slug]?.country, locale) === regime,
  );
  const longest = served.reduce((best, entry) =>
    [...headlinePlace(entry, locale)].length > [...headlinePlace(best, locale)].length ? entry : best,
  );

  for (const visit of ['first', 'returning'] as const) {
    test(`${locale} (${regime}), ${visit} visit: ${longest.domain}'s booking button is on the first screen at 320, 360 and 390 px`, async ({
      page,
    }) => {
      if (visit === 'returning') await rememberConsent(page.context(), longest.domain);
      await page.setViewportSize(PHONE_SCREENS[0]);
      await page.goto(hostUrl(longest.domain, `/${locale}`));
      await expect(page.locator('#cookie-consent')).toBeVisible({ visible: visit === 'first' });
      const cta = page.locator('[aria-labelledby="offer-price"] a');
      // Consent on a phone stays informed: the policy is one tap away in the banner's first layer.
      const policy = page.locator('#cookie-consent a[href$="/cookies"]').filter({ visible: true });
      for (const viewport of PHONE_SCREENS) {
        await page.setViewportSize(viewport);
        if (visit === 'first')
          await expect(policy, `${viewport.width}×${viewport.height}: the cookie policy link`).toBeInViewport({
            ratio: 1,
          });
        const box = await cta.boundingBox();
        expect(box, `${viewport.width}×${viewport.height}: the booking button is drawn`).not.toBeNull();
        expect(
          box!.y + box!.height,
          `${viewport.width}×${viewport.height}: the booking button's bottom edge`,
        ).toBeLessThanOrEqual(viewport.height);
      }
    });
  }
}
