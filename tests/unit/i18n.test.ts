// Spec §2 (page language) and §9 (locale table, 11 website locales, translation retries).
import { readdirSync, readFileSync } from 'node:fs';
import { LOCALE_TABLE, localeEntryFor } from '@/i18n/localeTable';
import { keepRendered, withCopy, type Resources } from '@/i18n/pageCopy';
import { resolvePageLanguage } from '@/i18n/pageLanguage';
import { DEFAULT_LOCALE, WEBSITE_LOCALES, inWebsiteOrder } from '@/i18n/websiteLocales';
import nextI18nConfig from '../../next-i18next.config.js';
import nextConfig from '../../next.config.js';

describe('locale table (spec §9)', () => {
  const active = [
    'en-US',
    'es-ES',
    'fr-FR',
    'de-DE',
    'it-IT',
    'pt-PT',
    'ja-JP',
    'ko-KR',
    'zh-CN',
    'ru-RU',
    'pl-PL',
    'el-GR',
    'bn-BD',
    'hi-IN',
    'th-TH',
    'vi-VN',
    'id-ID',
    'ms-MY',
  ];
  const inactive = ['nl-NL', 'cs-CZ', 'da-DK', 'hu-HU'];

  it('has every entry with the right active flag', () => {
    expect(LOCALE_TABLE.filter((entry) => entry.active).map((entry) => entry.locale)).toEqual(active);
    expect(LOCALE_TABLE.filter((entry) => !entry.active).map((entry) => entry.locale)).toEqual(inactive);
  });

  it('fills every field consistently', () => {
    for (const entry of LOCALE_TABLE) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'active',
          'countryCode',
          'distanceSystem',
          'emoji',
          'friendlyName',
          'language',
          'locale',
          'weekStartsOn',
        ].sort(),
      );
      expect(entry.locale).toBe(`${entry.language}-${entry.countryCode}`);
      expect(['SUN', 'MON']).toContain(entry.weekStartsOn);
      expect(['IMPERIAL', 'METRIC']).toContain(entry.distanceSystem);
      expect(entry.friendlyName).not.toBe('');
      // A flag emoji is two regional-indicator symbols spelling the country code.
      const flag = [...entry.countryCode]
        .map((letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65))
        .join('');
      expect(entry.emoji).toBe(flag);
    }
  });

  it('maps website locales to their active entry, en to the default en-US', () => {
    expect(localeEntryFor('en').locale).toBe('en-US');
    expect(localeEntryFor('en').distanceSystem).toBe('IMPERIAL');
    expect(localeEntryFor('zh').locale).toBe('zh-CN');
    expect(localeEntryFor('de').distanceSystem).toBe('METRIC');
  });
});

describe('website locales', () => {
  it('are the 11 of spec §9 with en as default', () => {
    expect(WEBSITE_LOCALES).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru', 'pl']);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('are exactly the Next i18n locales, detection off', () => {
    expect(nextConfig('phase-test').i18n.locales).toEqual([...WEBSITE_LOCALES]);
    expect(nextConfig('phase-test').i18n.defaultLocale).toBe('en');
    expect(nextConfig('phase-test').i18n.localeDetection).toBe(false);
  });

  it('sort into canonical order', () => expect(inWebsiteOrder(['pl', 'en', 'ja'])).toEqual(['en', 'ja', 'pl']));
});

describe('next-i18next config', () => {
  it('loads the microsites and legal namespaces from ./locales with the spec retry settings', () => {
    expect(nextI18nConfig.localePath).toBe('./locales');
    expect(nextI18nConfig.ns).toEqual(['microsites', 'legal']);
    expect(nextI18nConfig).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });
});

describe('resolvePageLanguage (spec §2)', () => {
  it.each([
    ['stored setting wins', 'de', 'fr', ['en', 'fr', 'de'], 'de'],
    ['router locale when nothing is stored', undefined, 'fr', ['en', 'fr'], 'fr'],
    ['router locale when the stored one is not offered', 'ja', 'fr', ['en', 'fr'], 'fr'],
    ['default when neither is usable', 'xx', 'ja', ['en', 'fr'], 'en'],
    ['default with nothing at all', undefined, undefined, ['en'], 'en'],
  ] as const)('%s', (_name, stored, router, offered, expected) => {
    expect(resolvePageLanguage(stored, router, offered)).toBe(expected);
  });
});

describe('translations', () => {
  const flatten = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
      : [prefix];
  const read = (locale: string, ns: string) => JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8'));
  const placeholders = (text: unknown) => (String(text).match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
  const lookup = (tree: unknown, key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);

  it('exist for every website locale and nothing else', () => {
    expect(readdirSync('locales').sort()).toEqual([...WEBSITE_LOCALES].sort());
  });

  for (const ns of nextI18nConfig.ns) {
    const english = read('en', ns);
    const englishKeys = flatten(english).sort();
    it.each(WEBSITE_LOCALES.filter((locale) => locale !== 'en'))(
      `${ns}: %s has every English key, no more, with the same placeholders`,
      (locale) => {
        const translated = read(locale, ns);
        expect(flatten(translated).sort()).toEqual(englishKeys);
        for (const key of englishKeys) {
          const text = lookup(translated, key);
          expect(typeof text === 'string' && text.trim().length > 0, `${locale}:${key} is empty`).toBe(true);
          expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(lookup(english, key)));
        }
      },
    );
  }
});

describe('page copy: a page ships only the texts it renders', () => {
  const store = (): Resources => ({
    de: {
      microsites: {
        hero: { title: 'Gepäck {{where}}', cta: 'Buchen' },
        consent: { label: 'Cookies', reopen: 'Einstellungen' },
        directory: { title: 'Verzeichnis' },
      },
      legal: { links: { cookies: 'Cookie-Richtlinie' }, terms: { title: 'AGB' } },
    },
    en: { microsites: { hero: { title: 'Luggage {{where}}', cta: 'Book' } }, legal: {} },
  });

  it("keeps the listed texts and groups of the page's locale, and whole namespaces given true", () => {
    expect(keepRendered(store(), 'de', { microsites: ['hero.title', 'consent'], legal: true })).toEqual({
      de: {
        microsites: { hero: { title: 'Gepäck {{where}}' }, consent: { label: 'Cookies', reopen: 'Einstellungen' } },
        legal: { links: { cookies: 'Cookie-Richtlinie' }, terms: { title: 'AGB' } },
      },
    });
  });

  it('takes a group and a text inside it in either order, without writing to the loaded store', () => {
    const loaded = store();
    const kept = keepRendered(loaded, 'de', { microsites: ['consent.reopen', 'consent', 'hero.cta', 'hero'] });
    expect(kept.de?.microsites).toEqual({ consent: loaded.de?.microsites?.consent, hero: loaded.de?.microsites?.hero });
    expect(loaded).toEqual(store());
  });

  it('refuses a text the namespace lacks, naming it', () => {
    expect(() => keepRendered(store(), 'de', { microsites: ['hero.lead'] })).toThrow(
      'microsites:hero.lead is not in the de copy',
    );
    expect(() => keepRendered(store(), 'de', { microsites: ['hero.title.poi'] })).toThrow('microsites:hero.title.poi');
  });

  it("adds up the copy of a page's parts; a whole namespace covers any list", () => {
    expect(withCopy({ microsites: ['brand.name'], legal: ['links'] }, { microsites: ['hero'], legal: true })).toEqual({
      microsites: ['brand.name', 'hero'],
      legal: true,
    });
  });
});
