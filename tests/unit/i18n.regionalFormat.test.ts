// Issue 21: conventions follow the host's country, not only the page's language. Spec §3 (locale
// entry: distanceSystem IMPERIAL or METRIC) and §9 (the locale table); the spec says nothing of
// money formats, so amounts follow what local sites print.
import { readFileSync } from 'node:fs';
import { formatDistance } from '@/content/distance';
import { formatMoney } from '@/i18n/formatMoney';
import { LOCALE_TABLE } from '@/i18n/localeTable';
import { formatDate, regionalFormat, spelledFor } from '@/i18n/regionalLocale';
import { isWebsiteLocale, type WebsiteLocale } from '@/i18n/websiteLocales';
import { hostFormatLocale } from '@/tenancy/hostFormat';
import { PLACES } from '@/tenancy/placeData';
import type { DomainEntry } from '@/tenancy/types';

describe('distances follow the host country, whatever the language', () => {
  // 8.53 km is 5.3 miles: Dublin's neighbours read "5.3\u00a0mi away" on en pages before.
  it.each([
    ['GB', 'en', '5.3\u00a0mi'],
    ['US', 'en', '5.3\u00a0mi'],
    ['US', 'es', '5.3\u00a0mi'],
    // Issue 39 item 6: Japanese and Korean write miles out, with no space before a CJK unit.
    ['GB', 'ja', '5.3マイル'],
    ['US', 'ko', '5.3마일'],
    ['GB', 'zh', '5.3英里'],
    ['GB', 'de', '5,3\u00a0mi'],
    ['JP', 'ja', '8.5\u00a0km'],
    ['IE', 'en', '8.5\u00a0km'],
    ['AU', 'en', '8.5\u00a0km'],
    ['CA', 'en', '8.5\u00a0km'],
    ['SG', 'en', '8.5\u00a0km'],
    ['CH', 'de', '8.5\u00a0km'],
    ['CA', 'fr', '8,5\u00a0km'],
    ['FR', 'en', '8.5\u00a0km'],
  ] as const)('%s × %s → %s', (country, locale, expected) =>
    expect(formatDistance(8.53, regionalFormat(locale, country))).toBe(expected),
  );

  it.each(['ru', 'de', 'pl', 'en', 'it', 'ja'] as const)(
    'keeps number and unit together in %s (a no-break space, never a plain one)',
    (locale) => {
      expect(formatDistance(0.7, regionalFormat(locale, 'CH'))).toMatch(/^0[.,]7\u00a0\S+$/);
    },
  );

  it('agrees with the spec’s locale table: its IMPERIAL entries are in mile countries (§3, §9)', () => {
    const imperial = LOCALE_TABLE.filter(
      (entry) => entry.distanceSystem === 'IMPERIAL' && isWebsiteLocale(entry.language),
    );
    expect(imperial.map((entry) => entry.locale)).toEqual(['en-US']);
    for (const entry of imperial)
      expect(regionalFormat(entry.language as WebsiteLocale, entry.countryCode).distanceSystem).toBe('IMPERIAL');
  });
});

describe('money as local sites print it', () => {
  it.each([
    ['JP', 'ja', 'JPY', 800, '800円'],
    ['JP', 'ja', 'JPY', 450000, '450,000円'],
    ['KR', 'ko', 'KRW', 8000, '8,000원'],
    ['JP', 'zh', 'JPY', 800, '800日元'],
    ['KR', 'zh', 'KRW', 8000, '8,000韩元'],
    ['KR', 'ja', 'KRW', 8000, '8,000ウォン'],
    ['JP', 'ko', 'JPY', 800, '800엔'],
    // Other currencies keep Intl's sign, which CJK sites print too.
    ['FR', 'zh', 'EUR', 5, '€5'],
    // Swiss sites group from 1,000 in every language; CLDR's it-CH, es and pl write "3000".
    ['CH', 'it', 'CHF', 3000, "CHF\u00a03'000"],
    ['CH', 'de', 'CHF', 3000, "CHF\u00a03'000"],
    ['CH', 'fr', 'CHF', 3000, '3\u202f000\u00a0CHF'],
    ['CH', 'es', 'CHF', 3000, '3.000\u00a0CHF'],
    ['CH', 'pl', 'CHF', 3000, '3\u00a0000\u00a0CHF'],
    ['CH', 'en', 'CHF', 3000, 'CHF\u00a03,000'],
    // Elsewhere CLDR's own rule stands: Spain and Italy leave four digits bare.
    ['ES', 'es', 'EUR', 3000, '3000\u00a0€'],
    ['IT', 'it', 'EUR', 3000, '3000\u00a0€'],
  ] as const)('%s × %s: %s %d → %s', (country, locale, currency, amount, expected) =>
    expect(formatMoney(amount, currency, regionalFormat(locale, country))).toBe(expected),
  );
});

describe('dates follow the regional locale', () => {
  it.each([
    ['GB', 'en', '1 November 2026'],
    ['IE', 'en', '1 November 2026'],
    ['AU', 'en', '1 November 2026'],
    ['US', 'en', 'November 1, 2026'],
    ['CH', 'de', '1. November 2026'],
    ['JP', 'ja', '2026年11月1日'],
  ] as const)('%s × %s → %s', (country, locale, expected) =>
    expect(formatDate('2026-11-01', regionalFormat(locale, country).locale)).toBe(expected),
  );
});

describe('Swiss German spelling', () => {
  const copy = {
    sizes: 'Jede Größe, ein Preis',
    faq: [{ a: 'Manche schließen spät.' }],
    nested: { body: 'Genießen Sie den Tag. GROẞ' },
    count: 3,
    none: null,
  };

  it('writes ss for ß in every string of a de-CH page, keys and other values untouched', () => {
    expect(spelledFor('de-CH', copy)).toEqual({
      sizes: 'Jede Grösse, ein Preis',
      faq: [{ a: 'Manche schliessen spät.' }],
      nested: { body: 'Geniessen Sie den Tag. GROSS' },
      count: 3,
      none: null,
    });
  });

  it.each(['de-DE', 'de-AT', 'fr-CH'])('leaves %s as written', (formatLocale) =>
    expect(spelledFor(formatLocale, copy)).toBe(copy),
  );
});

// The screenshot review found "travellers" on the New York page: the English copy is British.
describe('American spelling on en-US pages', () => {
  const flatten = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(flatten) : [];
  const english = flatten({
    ...JSON.parse(readFileSync('locales/en/microsites.json', 'utf8')),
    ...JSON.parse(readFileSync('locales/en/legal.json', 'utf8')),
  });
  const BRITISH =
    /\b(travell\w*|jewellery|pushchairs?|cancell(?:ing|ed)|centre|colour|favour\w*|organis\w*|metres?|programme)\b/i;

  it('respells every British word of the English copy, and only on en-US', () => {
    expect(english.filter((text) => BRITISH.test(text)).length).toBeGreaterThan(0);
    expect(spelledFor('en-US', english).filter((text) => BRITISH.test(text))).toEqual([]);
    expect(spelledFor('en-GB', english)).toBe(english);
  });

  it.each([
    ['Why travellers choose us', 'Why travelers choose us'],
    ['Cancelling a booking', 'Canceling a booking'],
    ['cash, passports, jewellery', 'cash, passports, jewelry'],
    ['Suitcases, backpacks, pushchairs', 'Suitcases, backpacks, strollers'],
    ['Cancellation is free', 'Cancellation is free'],
  ])('%s → %s', (british, american) => expect(spelledFor('en-US', british)).toBe(american));
});

// Issue 39 item 4: English on Vienna, Paris, Berlin or Kyoto was American ("travelers",
// "November 25, 2026"). Every host × en page: American English only in the US.
describe('English pages outside the US are British', () => {
  const hosts = (JSON.parse(readFileSync('tenants/domains.json', 'utf8')) as { domains: DomainEntry[] }).domains.filter(
    (entry) => entry.locales.includes('en'),
  );
  const day = new Date(Date.UTC(2026, 10, 25, 12));

  it.each(hosts.map((entry) => [entry.domain, entry.slug] as const))('%s', (_domain, slug) => {
    const country = PLACES[slug]!.country;
    const format = hostFormatLocale(slug, 'en');
    if (country === 'US') {
      expect(format).toBe('en-US');
      return;
    }
    // A country with an English of its own writes it (Canada: "November 25, 2026"); the rest, British.
    expect(format).toBe(['GB', 'IE', 'AU', 'CA', 'SG'].includes(country) ? `en-${country}` : 'en-GB');
    expect(spelledFor(format, 'Why travellers choose us')).toBe('Why travellers choose us');
    if (format === 'en-GB')
      expect(new Intl.DateTimeFormat(format, { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
        '25 November 2026',
      );
  });
});
