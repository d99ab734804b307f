// The proxy keys its copy of a host's bare root `/` on the language the middleware will pick for
// it (spec §2, src/i18n/pageLanguage.ts): nginx's regular expressions (deploy/proxyConf.ts) and
// negotiateLanguage must agree on every header, or one language's copy is served to another. The
// `language` cookie enters the key only when the host offers its value (resolvePageLanguage), so
// a cookie of any other value never makes a copy of its own (issue 24 item 4).
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { languageCookieValue, languageNegotiation, storedLanguage } from '../../deploy/proxyConf';
import { middleware } from '../../middleware';
import nextConfig from '../../next.config.js';
import { negotiateLanguage, resolvePageLanguage, rootLanguage, storedLanguageIn } from '@/i18n/pageLanguage';
import { DEFAULT_LOCALE, WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

/** The map's lines as JavaScript expressions: PCRE and JavaScript read these patterns alike. */
const lines = languageNegotiation(DOMAIN_ENTRIES)
  .split('\n')
  .map((line) => new RegExp(/^\s*"~\*(.*)" \$language;$/.exec(line)?.[1] ?? 'unparsed', 'i'));

/** What nginx's map gives: the first line that matches, else "" (its default). */
const proxyKey = (host: string, acceptLanguage: string) =>
  lines
    .map((pattern) => pattern.exec(`${host}|${acceptLanguage}`)?.groups?.language)
    .find((language) => language !== undefined)
    ?.toLowerCase() ?? '';

const tag = fc.oneof(
  fc.constantFrom(...WEBSITE_LOCALES, 'nl', 'sv', '*', 'en-GB', 'pt-BR', 'zh-Hant-TW', 'DE-ch', 'english', 'fri'),
  fc.stringMatching(/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/),
);
const entry = fc
  .tuple(tag, fc.option(fc.constantFrom(';q=0.9', '; q=0.5', ';q=0', ';q=1.0'), { nil: undefined }))
  .map(([language, weight]) => `${language}${weight ?? ''}`);
const header = fc
  .array(entry, { maxLength: 6 })
  .chain((entries) => fc.constantFrom(entries.join(','), entries.join(', '), entries.join(' ,')));

describe('the proxy negotiates the bare root as the middleware does', () => {
  it('has every host in exactly one line', () => {
    for (const { domain } of DOMAIN_ENTRIES)
      expect(
        lines.filter((pattern) => pattern.test(`${domain}|en`)),
        domain,
      ).toHaveLength(1);
  });

  it.each([
    ['kyotostation-bagberth.jp', 'ja,en-US;q=0.9,en;q=0.8', 'ja'],
    ['kyotostation-bagberth.jp.localhost', 'fr-FR, en;q=0.5', 'en'],
    ['edinburgh-bagberth.co.uk', 'ko, zh-CN', ''],
    ['edinburgh-bagberth.co.uk', '', ''],
  ])('%s with %j → %j', (host, acceptLanguage, expected) => {
    expect(proxyKey(host, acceptLanguage)).toBe(expected);
  });

  it('on every host, for generated headers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DOMAIN_ENTRIES),
        fc.boolean(),
        header,
        ({ domain, locales }, preview, acceptLanguage) => {
          expect(proxyKey(preview ? `${domain}.localhost` : domain, acceptLanguage)).toBe(
            negotiateLanguage(acceptLanguage, locales) ?? '',
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

/** The stored-language map's lines as JavaScript expressions (case-sensitive, as nginx's `~`). */
const storedLines = storedLanguage(DOMAIN_ENTRIES)
  .split('\n')
  .map((line) => new RegExp(/^\s*"~(\^.*)" \$language;$/.exec(line)?.[1] ?? 'unparsed'));
const storedKey = (host: string, cookie: string) =>
  storedLines
    .map((pattern) => pattern.exec(`${host}|${cookie}`)?.groups?.language)
    .find((language) => language !== undefined) ?? '';

describe('the language cookie enters the key only as a language the host offers', () => {
  it.each([
    ['kyotostation-bagberth.jp', 'ja', 'ja'],
    ['kyotostation-bagberth.jp.localhost', 'en', 'en'],
    ['kyotostation-bagberth.jp', 'de', ''],
    ['kyotostation-bagberth.jp', 'JA', ''],
    ['kyotostation-bagberth.jp', 'ja-x', ''],
    ['kyotostation-bagberth.jp', '', ''],
  ])('%s with language=%j → %j', (host, cookie, expected) => {
    expect(storedKey(host, cookie)).toBe(expected);
  });

  it('on every host, for generated cookie values: the same language the page will be in, or none', () => {
    const cookie = fc.oneof(
      fc.constantFrom(...WEBSITE_LOCALES, 'EN', 'de ', 'x', 'en|de'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...DOMAIN_ENTRIES), fc.boolean(), cookie, ({ domain, locales }, preview, value) => {
        const offered = (locales as readonly string[]).includes(value);
        expect(storedKey(preview ? `${domain}.localhost` : domain, value)).toBe(
          offered ? resolvePageLanguage(value, undefined, locales) : '',
        );
      }),
      { numRuns: 2_000 },
    );
  });
});

/** nginx's read of the Cookie header (`$language_cookie`): the map's one line, in JavaScript. */
const cookiePattern = new RegExp(
  /^\s*"~(.*)" \$language_value;$/.exec(languageCookieValue())?.[1]?.replace('\\t', '\t') ?? 'unparsed',
);
const cookieValue = (header: string) => cookiePattern.exec(header)?.groups?.language_value ?? '';

/** The key nginx gives a tenant host's `/` (`$root_language`): stored, else negotiated, else the default. */
const rootKey = (host: string, cookieHeader: string, acceptLanguage: string) =>
  storedKey(host, cookieValue(cookieHeader)) || proxyKey(host, acceptLanguage) || DEFAULT_LOCALE;

const cookieName = fc.constantFrom(
  'language',
  'Language',
  'LANGUAGE',
  'language ',
  ' language',
  'lang',
  'xlanguage',
  'consent',
  'anonymous-id',
);
const cookieText = fc.oneof(
  fc.constantFrom(...WEBSITE_LOCALES, 'DE', ' de', 'de ', 'xx', '', '"de"', 'de=fr'),
  fc.string({ maxLength: 6 }).filter((text) => !text.includes(';')),
);
const cookieHeader = fc
  .array(fc.tuple(cookieName, cookieText), { maxLength: 5 })
  .chain((pairs) =>
    fc
      .constantFrom('; ', ';', ';\t', ' ; ')
      .map((separator) => pairs.map(([name, value]) => `${name}=${value}`).join(separator)),
  );

// Issue 41 item 1: one definition of the stored language, at the proxy and in the middleware.
describe("the proxy's key for a bare root is the language the middleware answers it in", () => {
  it.each([
    ['language=de', 'de'],
    ['consent=v1; language=de', 'de'],
    ['language=de; language=xx', 'de'],
    ['language=xx; language=de', 'xx'],
    ['Language=de', undefined],
    ['LANGUAGE=de', undefined],
    ['language =de', undefined],
    ['language= de', ' de'],
    ['xlanguage=de', undefined],
    ['', undefined],
  ])('the stored language of %j is %j, read alike', (header, expected) => {
    expect(storedLanguageIn(header)).toBe(expected);
    expect(cookieValue(header)).toBe(expected ?? '');
  });

  it('for generated cookie headers and Accept-Language values, on every host', () => {
    const i18n = { i18n: nextConfig('phase-test').i18n };
    fc.assert(
      fc.property(
        fc.constantFrom(...DOMAIN_ENTRIES),
        fc.boolean(),
        cookieHeader,
        header,
        ({ domain, locales }, preview, cookie, acceptLanguage) => {
          const host = preview ? `${domain}.localhost` : domain;
          const answer = middleware(
            new NextRequest(`http://${host}/`, {
              headers: { host, cookie, 'accept-language': acceptLanguage },
              nextConfig: i18n,
            }),
          );
          // A header's value as both receive it: nginx and the Fetch API's Headers drop the white space around it.
          const key = rootKey(host, cookie.trim(), acceptLanguage.trim());
          expect(answer.headers.get('x-language-choice')).toBe(key);
          expect(rootLanguage(cookie.trim(), acceptLanguage.trim(), locales)).toBe(key);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
