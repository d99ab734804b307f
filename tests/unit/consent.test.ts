// @vitest-environment jsdom
// Consent: a regime per host, the record (version, date, six months), one list of storage
// keys (docs/consent.md). Spec §9's event catalogue has the "cookie consent" category.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OPT_IN_COUNTRIES,
  consentRegimeFor,
  visitorAsksFirst,
  visitorCountry,
  visitorRegimeFor,
} from '@/tenancy/consentRegime';
import { MARK_RECORDED_CONSENT_SCRIPT } from '@/consent/markRecordedConsent';
import {
  CONSENT_MARK_ATTRIBUTE,
  GPC_MARK_ATTRIBUTE,
  ALL_GRANTED,
  ALL_REFUSED,
  choiceFromForm,
  effectiveConsent,
  parseConsent,
  serializeConsent,
} from '@/consent/record';
import { namesToPurge, storageEntryFor } from '@/consent/storageKeys';
import { PLACES } from '@/tenancy/placeData';

const DAY = 86_400_000;
const NOW = new Date('2026-11-24T12:00:00Z');

describe('consent regime by the host country and the page language', () => {
  it.each([
    ['GB', 'opt-in'],
    ['CH', 'opt-in'],
    ['FR', 'opt-in'],
    ['de', 'opt-in'],
    ['NO', 'opt-in'],
    ['IS', 'opt-in'],
    ['LI', 'opt-in'],
    ['US', 'opt-out'],
    ['CA', 'opt-out'],
    ['JP', 'opt-out'],
    ['AU', 'opt-out'],
    ['TR', 'opt-out'],
    ['SG', 'opt-out'],
    [null, 'opt-in'],
    ['', 'opt-in'],
  ] as const)('%s in English → %s', (country, regime) => {
    expect(consentRegimeFor(country, 'en')).toBe(regime);
  });

  // Issue 22 item 4: a page in an EEA language is read from the EEA; it asks first on any host.
  it.each([
    ['de', 'opt-in'],
    ['fr', 'opt-in'],
    ['it', 'opt-in'],
    ['es', 'opt-in'],
    ['pt', 'opt-in'],
    ['pl', 'opt-in'],
    ['en', 'opt-out'],
    ['ru', 'opt-out'],
    ['ja', 'opt-out'],
    ['ko', 'opt-out'],
    ['zh', 'opt-out'],
  ] as const)('a US host in %s → %s', (locale, regime) => {
    expect(consentRegimeFor('US', locale)).toBe(regime);
  });

  it('keeps an opt-in host opt-in in every language', () => {
    for (const locale of ['en', 'ru', 'ja', 'ko', 'zh']) expect(consentRegimeFor('GB', locale)).toBe('opt-in');
  });

  it('covers the EEA, the UK and Switzerland: 27 + 3 + 2 countries', () => {
    expect(OPT_IN_COUNTRIES.size).toBe(32);
  });

  it('gives every place of the tenant map a regime from its country', () => {
    const regimes = new Set(Object.values(PLACES).map((place) => consentRegimeFor(place.country, 'en')));
    expect(regimes).toEqual(new Set(['opt-in', 'opt-out']));
  });
});

// Issue 22 item 4, issue 36 item 3: the visitor's own country, found at the edge, puts a visitor in
// the EEA, the UK or Switzerland, and one whose country is unknown, under opt-in on every page.
describe("the visitor's country", () => {
  it.each([
    ['DE', 'opt-in'],
    ['de', 'opt-in'],
    [' FR ', 'opt-in'],
    ['GB', 'opt-in'],
    ['CH', 'opt-in'],
    ['NO', 'opt-in'],
    ['LI', 'opt-in'],
    ['IS', 'opt-in'],
    ['US', 'opt-out'],
    ['JP', 'opt-out'],
    ['RU', 'opt-out'],
    ['TR', 'opt-out'],
    ['us ', 'opt-out'],
    ['XX', 'opt-in'],
    ['T1', 'opt-in'],
    ['A1', 'opt-in'],
    ['EU', 'opt-in'],
    ['', 'opt-in'],
    ['DEU', 'opt-in'],
    ['D', 'opt-in'],
    [undefined, 'opt-in'],
    [null, 'opt-in'],
  ] as const)('%j: %s', (country, expected) => {
    expect(visitorRegimeFor(country)).toBe(expected);
  });

  it('asks first in exactly the countries whose hosts do, and where nobody knows', () => {
    for (const country of OPT_IN_COUNTRIES)
      expect(visitorRegimeFor(country), country).toBe(consentRegimeFor(country, 'en'));
  });

  it("is the CDN's where it gives a code, else the lookup's", () => {
    expect(visitorCountry('fr', 'US')).toBe('FR');
    expect(visitorCountry(' ', 'US')).toBe('US');
    expect(visitorCountry('France', 'us')).toBe('US');
    expect(visitorCountry(undefined, null)).toBe('');
  });

  it('behind the proxy, asks first unless the proxy said opt-out; without one, never on its own', () => {
    expect(visitorAsksFirst('opt-out', true)).toBe(false);
    for (const header of ['opt-in', undefined, null, '', 'OPT-OUT', ' opt-out', 'opt-out, opt-out'])
      expect(visitorAsksFirst(header, true), String(header)).toBe(true);
    for (const header of ['opt-in', undefined, 'opt-out'])
      expect(visitorAsksFirst(header, false), String(header)).toBe(false);
  });
});

describe('the consent record', () => {
  it('round-trips each choice with the version and the day', () => {
    for (const choice of [
      ALL_GRANTED,
      ALL_REFUSED,
      { analytics: true, monitoring: false },
      { analytics: false, monitoring: true },
    ]) {
      const value = serializeConsent(choice, NOW);
      expect(value).toMatch(/^v1\.2026-11-24\.a[01]m[01]$/);
      expect(parseConsent(value, NOW)).toEqual(choice);
    }
  });

  it.each([
    ['kept the day before six months are up', 'v1.2026-05-27.a1m1', true],
    ['asked again after six months', 'v1.2026-05-25.a1m1', false],
    ['another version', 'v2.2026-11-24.a1m1', false],
    ['a date in the future', 'v1.2026-12-01.a1m1', false],
    ['garbage', 'yes', false],
    ['nothing', undefined, false],
  ])('%s', (_what, value, valid) => {
    expect(parseConsent(value, NOW) !== undefined).toBe(valid);
  });

  it('lets a recorded choice win, asks first on opt-in hosts and honours GPC on opt-out hosts', () => {
    expect(effectiveConsent('opt-in', undefined, false)).toBeUndefined();
    expect(effectiveConsent('opt-in', ALL_GRANTED, true)).toEqual(ALL_GRANTED);
    expect(effectiveConsent('opt-out', undefined, false)).toEqual(ALL_GRANTED);
    expect(effectiveConsent('opt-out', undefined, true)).toEqual({ analytics: false, monitoring: true });
    expect(effectiveConsent('opt-out', ALL_REFUSED, false)).toEqual(ALL_REFUSED);
  });

  it('reads the banner form: its button, and the boxes for a custom choice', () => {
    expect(choiceFromForm({ choice: 'all' })).toEqual(ALL_GRANTED);
    expect(choiceFromForm({ choice: 'none', analytics: 'on' })).toEqual(ALL_REFUSED);
    expect(choiceFromForm({ choice: 'custom', monitoring: 'on' })).toEqual({ analytics: false, monitoring: true });
    expect(choiceFromForm({ choice: 'maybe' })).toBeUndefined();
    expect(choiceFromForm({})).toBeUndefined();
  });
});

describe('the head script that hides the banner for a recorded choice', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(CONSENT_MARK_ATTRIBUTE);
    document.cookie.split('; ').forEach((cookie) => {
      document.cookie = `${cookie.split('=')[0]}=; max-age=0`;
    });
  });

  // The same table as parseConsent's: the two must agree on what counts as a valid record.
  it.each([
    ['a fresh record', serializeConsent(ALL_REFUSED, new Date()), true],
    ['a record 181 days old', serializeConsent(ALL_GRANTED, new Date(Date.now() - 181 * DAY)), true],
    ['a record 183 days old', serializeConsent(ALL_GRANTED, new Date(Date.now() - 183 * DAY)), false],
    ['another version', serializeConsent(ALL_GRANTED, new Date()).replace(/^v1/, 'v9'), false],
    ['garbage', 'v1.yes', false],
  ])('%s', (_what, value, marked) => {
    document.cookie = `other=1`;
    document.cookie = `consent=${value}`;
    expect(parseConsent(value, new Date()) !== undefined).toBe(marked);
    new Function(MARK_RECORDED_CONSENT_SCRIPT)();
    expect(document.documentElement.getAttribute(CONSENT_MARK_ATTRIBUTE)).toBe(marked ? 'recorded' : null);
  });

  it.each([
    [true, 'on'],
    [false, null],
    [undefined, null],
  ])('marks Global Privacy Control %s for the banner: %s', (signal, mark) => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: signal });
    try {
      new Function(MARK_RECORDED_CONSENT_SCRIPT)();
      expect(document.documentElement.getAttribute(GPC_MARK_ATTRIBUTE)).toBe(mark);
    } finally {
      vi.unstubAllGlobals();
      document.documentElement.removeAttribute(GPC_MARK_ATTRIBUTE);
    }
  });

  it('does not take another cookie whose name ends in consent', () => {
    document.cookie = `xconsent=${serializeConsent(ALL_GRANTED, new Date())}`;
    new Function(MARK_RECORDED_CONSENT_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_MARK_ATTRIBUTE)).toBe(false);
  });
});

describe('the list of stored names', () => {
  it('puts each name in one category, SDK prefixes included', () => {
    expect(storageEntryFor('cookie', 'language')?.category).toBe('necessary');
    expect(storageEntryFor('cookie', 'AMP_0123456789')?.category).toBe('analytics');
    expect(storageEntryFor('localStorage', 'persisted-queue:v1:key:items')?.category).toBe('analytics');
    expect(storageEntryFor('cookie', '_dd_s_v2')?.category).toBe('monitoring');
    expect(storageEntryFor('cookie', 'unknown')).toBeUndefined();
  });

  it('purges only the refused categories, never strictly necessary storage', () => {
    const cookies = [
      'language',
      'consent',
      'anonymous-id',
      'page-referrer',
      'AMP_abc',
      'ajs_user_id',
      '_dd_s_v2',
      'unrelated',
    ];
    expect(namesToPurge('cookie', cookies, ['analytics'])).toEqual([
      'anonymous-id',
      'page-referrer',
      'AMP_abc',
      'ajs_user_id',
    ]);
    expect(namesToPurge('cookie', cookies, ['monitoring'])).toEqual(['_dd_s_v2']);
    expect(namesToPurge('cookie', cookies, [])).toEqual([]);
  });
});
