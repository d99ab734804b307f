// Spec §9 (locales: the website's 11, with their full locale entries) over the place data:
// every sentence that names a place reads right in its language, and money, numbers and time zones
// are written as the host's country writes that language.
import { formatDistance } from '@/content/distance';
import { landingProps } from '@/landing/server';
import { regionalFormat, regionalLocale, timeZoneName } from '@/i18n/regionalLocale';
import { formatMoney } from '@/i18n/formatMoney';
import { placePhrase, placeReference } from '@/tenancy/placePhrases';
import { PLACES } from '@/tenancy/placeData';
import { groupTenantPages } from '@/tenancy/tenantPages';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import type { WebsiteLocale } from '@/i18n/websiteLocales';

const whereOn = (slug: string, type: string, locale: string) => landingProps({ slug, type }, locale)?.place.where;

describe('the place phrase ({{where}}) pinned for one place of each kind, in every language with articles or cases', () => {
  it.each([
    // station
    ['geneva-train-station', 'en', 'near Geneva Cornavin Station'],
    ['geneva-train-station', 'fr', 'près de la gare de Genève-Cornavin'],
    ['geneva-train-station', 'de', 'in der Nähe des Bahnhofs Genf-Cornavin'],
    ['kings-cross-station', 'es', "cerca de la estación de King's Cross"],
    ['kings-cross-station', 'it', "vicino alla stazione di King's Cross"],
    ['kings-cross-station', 'pt', "perto da estação de King's Cross"],
    ['kings-cross-station', 'ru', 'рядом с вокзалом Кингс-Кросс'],
    ['kings-cross-station', 'pl', "w\u00a0pobliżu dworca King's Cross"],
    // airport: elision in French and Italian, contraction in Spanish and Portuguese, case in German, Russian, Polish
    ['heathrow-airport', 'en', 'near Heathrow Airport'],
    ['heathrow-airport', 'es', 'cerca del aeropuerto de Heathrow'],
    ['heathrow-airport', 'fr', 'près de l’aéroport de Londres-Heathrow'],
    ['heathrow-airport', 'de', 'in der Nähe des Flughafens London Heathrow'],
    ['heathrow-airport', 'it', 'vicino all’aeroporto di Londra-Heathrow'],
    ['heathrow-airport', 'pt', 'perto do aeroporto de Heathrow'],
    ['heathrow-airport', 'ru', 'рядом с аэропортом Хитроу'],
    ['heathrow-airport', 'pl', 'w\u00a0pobliżu lotniska Londyn-Heathrow'],
    // landmark
    ['eiffel-tower', 'en', 'near the Eiffel Tower'],
    ['eiffel-tower', 'es', 'cerca de la Torre Eiffel'],
    ['eiffel-tower', 'fr', 'près de la tour Eiffel'],
    ['eiffel-tower', 'de', 'in der Nähe des Eiffelturms'],
    ['eiffel-tower', 'it', 'vicino alla Torre Eiffel'],
    ['eiffel-tower', 'pt', 'perto da Torre Eiffel'],
    ['eiffel-tower', 'ru', 'рядом с Эйфелевой башней'],
    ['eiffel-tower', 'pl', 'w\u00a0pobliżu wieży Eiffla'],
    // city: "in", with the locative in Russian and Polish
    ['prague', 'en', 'in Prague'],
    ['prague', 'es', 'en Praga'],
    ['prague', 'fr', 'à Prague'],
    ['prague', 'de', 'in Prag'],
    ['prague', 'it', 'a Praga'],
    ['prague', 'pt', 'em Praga'],
    ['prague', 'ru', 'в Праге'],
    ['prague', 'pl', 'w\u00a0Pradze'],
  ])('%s in %s: "%s"', (slug, locale, expected) => {
    const type = PLACES[slug]!.kind === 'city' ? 'city' : 'poi';
    expect(whereOn(slug, type, locale)).toBe(expected);
  });

  it('derives Japanese, Korean and Chinese from the name: a postposition for a POI, the bare name for a city', () => {
    expect(whereOn('kings-cross-station', 'poi', 'ja')).toBe('キングス・クロス駅周辺');
    expect(whereOn('eiffel-tower', 'poi', 'ko')).toBe(`${PLACES['eiffel-tower']!.name.ko} 근처`);
    expect(whereOn('london', 'city', 'zh')).toBe('伦敦');
    expect(placePhrase({ kind: 'station', name: { en: 'X' } }, 'ja')).toBeUndefined();
  });

  it('never falls back to a bare name where the grammar needs a phrase', () => {
    expect(placePhrase({ kind: 'landmark', name: { en: 'Eiffel Tower', fr: 'Tour Eiffel' } }, 'fr')).toBeUndefined();
  });

  it('gives an airport the "in …" phrase of its city for its "into the city" heading, and no one else', () => {
    expect(landingProps({ slug: 'heathrow-airport', type: 'poi' }, 'pl')?.place.cityWhere).toBe('w\u00a0Londynie');
    expect(landingProps({ slug: 'kings-cross-station', type: 'poi' }, 'pl')?.place.cityWhere).toBeNull();
  });
});

describe('regional formats', () => {
  it.each([
    ['pt', 'PT', 'pt-PT'],
    ['es', 'ES', 'es-ES'],
    ['zh', 'CN', 'zh-CN'],
    ['de', 'CH', 'de-CH'],
    ['fr', 'CH', 'fr-CH'],
    ['fr', 'BE', 'fr-BE'],
    ['fr', 'CA', 'fr-CA'],
    ['en', 'GB', 'en-GB'],
    ['en', 'AU', 'en-AU'],
    ['en', 'CA', 'en-CA'],
    ['en', 'FR', 'en-GB'],
    ['en', 'JP', 'en-GB'],
    ['en', 'US', 'en-US'],
    ['en', '', 'en-US'],
    ['de', 'FR', 'de-DE'],
    ['pt', 'FR', 'pt-PT'],
  ] as const)('%s on a host in %s formats as %s', (locale, country, expected) =>
    expect(regionalLocale(locale, country)).toBe(expected),
  );

  it('writes money as the host country does', () => {
    const price = (slug: string, locale: string) =>
      landingProps({ slug, type: PLACES[slug]!.kind === 'city' ? 'city' : 'poi' }, locale)?.price;
    expect(price('lisbon', 'pt')?.dailyFrom).toBe('5\u00a0€'); // Portugal, not Brazil's "€ 5"
    expect(price('geneva-train-station', 'de')?.guarantee).toMatch(/^CHF\u00a03['’]000$/u); // Swiss German, not "3.000 CHF"
    expect(price('paris', 'de')?.guarantee).toBe('3.000\u00a0€');
    expect(price('kings-cross-station', 'en')?.dailyFrom).toBe('£5');
    expect(formatMoney(3000, 'EUR', regionalFormat('fr', 'BE'))).toMatch(/^3\u202f000\u00a0€$/u);
  });

  it('writes distances with the host country’s digits, in its distance system', () => {
    const firstDistance = (slug: string, locale: string) =>
      landingProps({ slug, type: 'poi' }, locale)?.nearby[0]?.distance;
    expect(firstDistance('geneva-train-station', 'de')).toBe('4\u00a0km');
    expect(formatDistance(1.94, regionalFormat('de', 'CH'))).toBe('1.9\u00a0km');
    expect(formatDistance(1.94, regionalFormat('de', 'DE'))).toBe('1,9\u00a0km');
    expect(formatDistance(1.96, regionalFormat('en', 'GB'))).toBe('1.2\u00a0mi');
  });

  it('names a time zone for its reader, never by its IANA id', () => {
    expect(timeZoneName('Europe/London', 'en-GB')).toBe('United Kingdom Time');
    expect(timeZoneName('Asia/Tokyo', 'ja-JP')).toBe('日本標準時');
    const zones = ['kings-cross-station', 'kyoto-station', 'geneva-train-station'].map(
      (slug) => landingProps({ slug, type: 'poi' }, 'en')?.place.timeZoneName,
    );
    for (const zone of zones) expect(zone).not.toMatch(/^[A-Za-z]+\/[A-Za-z_]+$/);
  });
});

// Issue 21: the map caption named a station as "ist Bahnhof Genf-Cornavin", "indique Tour Eiffel",
// "è Colosseo". It now refers to the place through the translator's "near" phrase, article kept.
describe('placeReference: the map caption keeps the article, on every station, airport and landmark page', () => {
  const ARTICLE: Partial<Record<WebsiteLocale, RegExp>> = {
    en: /^(the |[A-Z0-9])/,
    de: /^(des|der|von) \S/,
    fr: /^(de la |du |des |de l’|de l'|de )\S/,
    it: /^(del |dello |della |dell’|dei |degli |delle |di )\S/,
    es: /^(del |de la |de los |de las |de )\S/,
    pt: /^(da |do |das |dos |de )\S/,
  };
  // Areas read "in Waikiki", "on the Las Vegas Strip", not "near …": their caption names them as a label instead.
  const isArea = (slug: string) => /^(in|on) /.test(PLACES[slug]?.where?.en ?? '');

  it.each([
    ['geneva-train-station', 'de', 'des Bahnhofs Genf-Cornavin'],
    ['geneva-train-station', 'fr', 'de la gare de Genève-Cornavin'],
    ['geneva-train-station', 'it', 'della stazione di Ginevra Cornavin'],
    ['colosseum', 'it', 'del Colosseo'],
    // Two places joined by "e": both take "di" ("… e al Sacro Cuore" was left as it was).
    ['montmartre-sacre-coeur', 'it', 'di Montmartre e del Sacro Cuore'],
    ['vatican-st-peters', 'it', 'del Vaticano e di San Pietro'],
    ['madrid-barajas-airport', 'it', 'dell’aeroporto di Madrid-Barajas'],
    ['madrid-barajas-airport', 'es', 'del aeropuerto Adolfo Suárez Madrid-Barajas'],
    ['eiffel-tower', 'pt', 'da Torre Eiffel'],
    ['london-eye', 'en', 'the London Eye'],
    ['kyoto-station', 'ja', '京都駅'],
  ] as const)('%s in %s → %s', (slug, locale, expected) => {
    const place = PLACES[slug]!;
    expect(placeReference(place, placePhrase(place, locale) ?? '', locale)).toBe(expected);
  });

  it('covers every page, with the article its language needs', () => {
    const missing: string[] = [];
    for (const { slug, locales } of groupTenantPages(DOMAIN_ENTRIES)) {
      const place = PLACES[slug]!;
      if (place.kind === 'city' || isArea(slug)) continue;
      for (const locale of locales) {
        const reference = placeReference(place, placePhrase(place, locale) ?? '', locale);
        const article = ARTICLE[locale];
        if (reference === undefined || (article && !article.test(reference)))
          missing.push(`${slug} ${locale}: ${reference}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves cities and areas to a label, naming them', () => {
    expect(placeReference(PLACES.prague!, placePhrase(PLACES.prague!, 'de') ?? '', 'de')).toBeUndefined();
    expect(placeReference(PLACES.fira!, placePhrase(PLACES.fira!, 'fr') ?? '', 'fr')).toBeUndefined();
  });
});
