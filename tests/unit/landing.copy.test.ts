// Every sentence that names the place takes its `where` phrase, so titles, headlines,
// descriptions and calls to action are grammatical by construction in every language. The real
// copy (locales/) over the real tenant data (tenants/), as the page composes them.
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_LOCALES, type WebsiteLocale } from '@/i18n/websiteLocales';
import { landingProps } from '@/landing/server';
import { titleKeys } from '@/landing/titleKeys';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { groupTenantPages } from '@/tenancy/tenantPages';
import type { LandingProps } from '@/landing/types';

const translators = new Map<WebsiteLocale, TFunction>();
beforeAll(async () => {
  for (const locale of WEBSITE_LOCALES) {
    const i18n = createInstance();
    const microsites = (await import(`../../locales/${locale}/microsites.json`)).default;
    await i18n.init({
      lng: locale,
      ns: ['microsites'],
      defaultNS: 'microsites',
      resources: { [locale]: { microsites } },
      interpolation: { escapeValue: false },
    });
    translators.set(locale, i18n.t);
  }
});

/** What a landing page shows for these keys: LandingHead, Hero and OpeningHours pass the same values. */
function page(slug: string, type: 'poi' | 'city', locale: WebsiteLocale) {
  const props = landingProps({ slug, type }, locale) as LandingProps;
  const t = translators.get(locale)!;
  const values = { where: props.place.where, price: props.price.dailyFrom, guarantee: props.price.guarantee };
  const keys = titleKeys(type, props.place.kind);
  return {
    where: props.place.where,
    title: t(keys.title, values),
    description: t(`meta.description.${type}`, values),
    h1: t(keys.headline, values),
    cta: t('hero.cta', values),
    hours: t(`hours.${props.place.kind}`, values),
    localTime: t('hours.localTime', { timeZone: props.place.timeZoneName }),
  };
}

describe('sentences that name the place', () => {
  it.each([
    [
      'eiffel-tower',
      'poi',
      'fr',
      'Consigne à bagages près de la tour Eiffel',
      'Trouver une consigne près de la tour Eiffel',
    ],
    [
      'heathrow-airport',
      'poi',
      'fr',
      'Consigne à bagages près de l’aéroport de Londres-Heathrow',
      'Trouver une consigne près de l’aéroport de Londres-Heathrow',
    ],
    [
      'kings-cross-station',
      'poi',
      'de',
      "Gepäckaufbewahrung in der Nähe des Bahnhofs King's Cross",
      "Aufbewahrung in der Nähe des Bahnhofs King's Cross finden",
    ],
    [
      'eiffel-tower',
      'poi',
      'it',
      'Deposito bagagli vicino alla Torre Eiffel',
      'Trova un deposito vicino alla Torre Eiffel',
    ],
    [
      'kings-cross-station',
      'poi',
      'es',
      "Consigna de equipaje cerca de la estación de King's Cross",
      "Buscar consigna cerca de la estación de King's Cross",
    ],
    [
      'heathrow-airport',
      'poi',
      'pt',
      'Depósito de bagagem perto do aeroporto de Heathrow',
      'Encontrar depósito perto do aeroporto de Heathrow',
    ],
    [
      'kings-cross-station',
      'poi',
      'pl',
      "Przechowalnia bagażu w\u00a0pobliżu dworca King's Cross",
      "Znajdź przechowalnię w\u00a0pobliżu dworca King's Cross",
    ],
    [
      'eiffel-tower',
      'poi',
      'ru',
      'Камера хранения багажа рядом с Эйфелевой башней',
      'Найти камеру хранения рядом с Эйфелевой башней',
    ],
    ['prague', 'city', 'en', 'Luggage storage in Prague', 'Find storage in Prague'],
    ['prague', 'city', 'pl', 'Przechowalnia bagażu w\u00a0Pradze', 'Znajdź przechowalnię w\u00a0Pradze'],
    ['prague', 'city', 'de', 'Gepäckaufbewahrung in Prag', 'Aufbewahrung in Prag finden'],
    ['prague', 'city', 'fr', 'Consigne à bagages à Prague', 'Trouver une consigne à Prague'],
    ['venice', 'poi', 'en', 'Central luggage storage in Venice', 'Find storage in Venice'],
    ['venice', 'poi', 'it', 'Deposito bagagli in centro a Venezia', 'Trova un deposito a Venezia'],
  ] as const)('%s (%s) in %s: “%s”', (slug, type, locale, h1, cta) => {
    const shown = page(slug, type, locale);
    expect(shown.h1).toBe(h1);
    expect(shown.cta).toBe(cta);
    expect(shown.title).toContain(h1.replace(/^Камера хранения багажа/, 'Камера хранения'));
    expect(shown.description).toContain(` ${shown.where}`);
  });

  it('Japanese, Korean and Chinese take the derived phrase', () => {
    expect(page('kings-cross-station', 'poi', 'ja').h1).toMatch(/^.+駅周辺の荷物預かり$/);
    expect(page('prague', 'city', 'ko').h1).toBe('프라하 짐 보관');
    expect(page('prague', 'city', 'zh').h1).toBe('布拉格行李寄存');
  });

  it('a city is "in" the city everywhere on its page, never "near" it', () => {
    const shown = page('prague', 'city', 'en');
    for (const text of Object.values(shown)) expect(text).not.toMatch(/near Prague/);
    expect(shown.hours).toBe('Storage spots in Prague open from early morning to late evening, seven days a week.');
    expect(shown.title).toBe('Luggage storage in Prague from CZK\u00a0120 a day | Bagberth');
  });

  it('names the time zone as the reader says it, never by its IANA id', () => {
    expect(page('kings-cross-station', 'poi', 'en').localTime).toContain('(United Kingdom Time)');
    expect(page('kings-cross-station', 'poi', 'ja').localTime).not.toMatch(/Europe\/London/);
  });

  it('no template interpolates the bare name after a preposition: sentences take {{where}}', async () => {
    for (const locale of WEBSITE_LOCALES) {
      const text = JSON.stringify((await import(`../../locales/${locale}/microsites.json`)).default);
      expect(text, locale).not.toContain('{{place}}');
    }
  });
});

// Spec §2: Venice is both /venice/city and /venice/poi. Two pages with one title compete for one
// search result, and a reader cannot tell them apart; alias hosts of one path are one page.
it('no two pages in a locale share a title or a headline', () => {
  const firstPath = new Map<string, string>();
  const shared: string[] = [];
  for (const { slug, type, path, locales } of groupTenantPages(DOMAIN_ENTRIES)) {
    for (const locale of locales) {
      const { title, h1 } = page(slug, type, locale);
      for (const shown of [`${locale} title: ${title}`, `${locale} h1: ${h1}`]) {
        const first = firstPath.get(shown);
        if (first) shared.push(`${shown} (${path} and ${first})`);
        else firstPath.set(shown, path);
      }
    }
  }
  expect(shared).toEqual([]);
});
