// Issue 39 items 1, 2 and 5: facts that are each valid and wrong together (a currency, a time zone,
// a phrase's language, a headline's width, one place entered twice) are refused naming file, entry,
// field and what to write instead; today's map passes with none of them (spec §3: the tenant map).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eld } from 'eld/large';
import { SUPPORTED_CURRENCIES } from '@/content/pricing';
import {
  currencyProblem,
  languageReader,
  SAME_PLACE_WITHIN_M,
  timeZoneProblem,
  widthProblem,
} from '@/tenancy/placeFacts';
import { formatProblem } from '@/tenancy/types';
import { validateTenants } from '@/tenancy/validateTenants';

type Places = Record<string, Record<string, unknown> & { name: Record<string, string>; where: Record<string, string> }>;
const read = (file: string) => JSON.parse(readFileSync(`tenants/${file}`, 'utf8'));
const options = { currencies: SUPPORTED_CURRENCIES, languageOf: languageReader(eld) };
// Loading eld's n-grams and checking 171 hosts with every phrase: seconds on a busy machine.
const WHOLE_MAP_MS = 60_000;

/** The real map with one change, as the lines the tenant check prints. */
function problemsWith(change: (places: Places, domains: Array<Record<string, unknown>>) => void): string[] {
  const domains = read('domains.json');
  const places = read('places.json');
  change(places.places, domains.domains);
  return validateTenants(domains, places, options).map(formatProblem);
}

describe("today's map", () => {
  it(
    'passes every cross-check, the language of all 706 phrases included: no false alarm',
    { timeout: WHOLE_MAP_MS },
    () => {
      expect(problemsWith(() => undefined)).toEqual([]);
    },
  );
});

describe('each mistake is one problem, with what to write instead', { timeout: WHOLE_MAP_MS }, () => {
  it.each<[string, (places: Places, domains: Array<Record<string, unknown>>) => void, string]>([
    [
      'an Austrian station priced in francs',
      (places) => (places['vienna-main-station']!.currency = 'CHF'),
      'entry "vienna-main-station", field "currency": "CHF" is not the currency of Austria (AT): use "EUR"',
    ],
    [
      'a typo in a currency',
      (places) => (places['vienna-main-station']!.currency = 'EUD'),
      'field "currency": "EUD" is not a currency the site prices (EUR, GBP, USD, CAD, AUD, JPY, KRW, SGD, THB, CHF, CZK, HUF, DKK, TRY): use "EUR", the currency of Austria (AT)',
    ],
    [
      'a time zone of another country',
      (places) => (places.vienna!.timeZone = 'America/New_York'),
      'entry "vienna", field "timeZone": "America/New_York" is not a time zone of Austria (AT); use "Europe/Vienna"',
    ],
    [
      'a time zone that does not exist',
      (places) => (places.vienna!.timeZone = 'Europe/Wien'),
      'entry "vienna", field "timeZone": "Europe/Wien" is not an IANA time zone; use "Europe/Vienna"',
    ],
    [
      'a German phrase filed as Italian',
      (places) => (places['vienna-main-station']!.where.it = 'in der Nähe des Wiener Hauptbahnhofs'),
      'entry "vienna-main-station", field "where.it": reads as German, not Italian',
    ],
    [
      'a phrase too wide for the headline',
      (places) =>
        (places.prague!.where.en =
          'in the historic and always busy capital city of Bohemia, known for its hundred spires'),
      'entry "prague", field "where.en": 85 characters wide: at most 60, so that the headline fits three lines on a phone',
    ],
    [
      'a name too wide for the headline',
      (places) => (places['kyoto-station']!.name.ja = '京都駅八条口新幹線中央改札前の手荷物預かり所の近く'),
      'entry "kyoto-station", field "name.ja": 50 characters wide: at most 48',
    ],
    [
      'a station entered again 120 m from itself',
      (places, domains) => {
        const station = places['vienna-main-station']!;
        places['wien-hauptbahnhof'] = { ...station, lat: (station.lat as number) + 0.00108 };
        domains.push({
          domain: 'wien-hbf-bagberth.at',
          type: 'poi',
          slug: 'wien-hauptbahnhof',
          path: '/wien-hauptbahnhof/poi',
          locales: ['en', 'de', 'it'],
        });
      },
      'entry "wien-hauptbahnhof", field "lat, lng": 120 m from "vienna-main-station", also a station: the same place twice?',
    ],
    [
      'an unknown locale (no second "name" problem for it)',
      (_places, domains) => (domains[0]!.locales = [...(domains[0]!.locales as string[]), 'nl']),
      'field "locales": "nl" is not one of the website locales',
    ],
  ])('%s', (_name, change, expected) => {
    const problems = problemsWith(change);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe('the rules, at their edges', () => {
  it('a currency: the country’s own; one the site does not price yet is named as such', () => {
    expect(currencyProblem('AT', 'EUR', ['EUR'])).toBeUndefined();
    expect(currencyProblem('PL', 'EUR', ['EUR'])).toBe(
      '"EUR" is not the currency of Poland (PL): Poland (PL) pays in "PLN", which src/content/pricing.ts does not price yet; add it there first',
    );
    expect(currencyProblem(undefined, 'EUR', ['EUR'])).toBeUndefined();
    expect(currencyProblem(undefined, 'XYZ', ['EUR'])).toBe(
      '"XYZ" is not a currency the site prices (EUR); a new one is added to src/content/pricing.ts first',
    );
  });

  it('a time zone: any of the country’s, named when there are several', () => {
    expect(timeZoneProblem('CH', 'Europe/Zurich')).toBeUndefined();
    expect(timeZoneProblem('US', 'Europe/London')).toBe(
      '"Europe/London" is not a time zone of United States of America (US); one of its 29, like "America/Adak", "America/Anchorage", "America/Boise"',
    );
    expect(timeZoneProblem('CH', 'Europe/Berlin')).toBe(
      '"Europe/Berlin" is not a time zone of Switzerland (CH); use "Europe/Zurich"',
    );
    expect(timeZoneProblem(undefined, 'Europe/London')).toBeUndefined();
    expect(timeZoneProblem(undefined, 'Mars/Olympus')).toBe(
      '"Mars/Olympus" is not an IANA time zone like "Europe/London"',
    );
  });

  it(
    `the same place: one kind within ${SAME_PLACE_WITHIN_M} m; King’s Cross and St Pancras, 258 m apart, are two`,
    { timeout: WHOLE_MAP_MS },
    () => {
      const moved = problemsWith((places) => {
        const kingsCross = places['kings-cross-station']!;
        // St Pancras comes later in the file: moved to 190 m north of King's Cross.
        Object.assign(places['st-pancras-international']!, {
          lat: (kingsCross.lat as number) + 0.0017,
          lng: kingsCross.lng,
        });
      });
      expect(moved).toEqual([
        expect.stringContaining(
          'entry "st-pancras-international", field "lat, lng": 189 m from "kings-cross-station", also a station',
        ),
      ]);
    },
  );

  it('widths: a Japanese character counts as two letters', () => {
    expect(widthProblem('name', 'a'.repeat(48))).toBeUndefined();
    expect(widthProblem('name', 'あ'.repeat(24))).toBeUndefined();
    expect(widthProblem('name', `${'あ'.repeat(24)}a`)).toMatch(/^49 characters wide/);
  });
});

describe('`npm run tenants:check` (the build runs it too) on a copy of tenants/', () => {
  const check = (edit: (text: string) => string) => {
    const folder = mkdtempSync(join(tmpdir(), 'tenants-'));
    try {
      cpSync('tenants', folder, { recursive: true });
      const file = join(folder, 'places.json');
      writeFileSync(file, edit(readFileSync(file, 'utf8')));
      return spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/check-tenants.mts', folder], {
        encoding: 'utf8',
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  const lineOf = (text: string, pattern: RegExp) => text.slice(0, pattern.exec(text)!.index).split('\n').length + 1;

  it('names the line of each mistake', { timeout: WHOLE_MAP_MS }, () => {
    let line = 0;
    const run = check((text) => {
      const edited = text.replace(/("vienna-main-station": \{[^}]*?\n[^]*?"currency": )"EUR"/, '$1"CHF"');
      const station = edited.indexOf('"vienna-main-station": {');
      line = edited.slice(0, edited.indexOf('"currency": "CHF"', station)).split('\n').length;
      return edited;
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `tenants/places.json, line ${line}: entry "vienna-main-station", field "currency": "CHF" is not the currency of Austria (AT): use "EUR"`,
    );
  });

  it('refuses a place added again under a name the file has, naming both lines', { timeout: WHOLE_MAP_MS }, () => {
    const first = lineOf(readFileSync('tenants/places.json', 'utf8'), /\n {4}"vienna": \{/);
    let again = 0;
    const run = check((text) => {
      const edited = text.replace(/\n {4}"vienna-main-station": \{/, '\n    "vienna": { "kind": "city" },$&');
      again = lineOf(edited, /\n {4}"vienna": \{ "kind"/);
      return edited;
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `tenants/places.json: line ${again}: "vienna" is already a key of places at line ${first}: JSON keeps only the last of the two, so remove one or give it a name of its own\n`,
    );
  });
});
