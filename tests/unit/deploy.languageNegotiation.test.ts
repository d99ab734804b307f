// The proxy keys its copy of a host's bare root `/` on the language the middleware will pick for
// it (spec §2, src/i18n/pageLanguage.ts), or one language's copy is served to another. Issue 40
// item 1: nginx holds no copy of the rule. It reads the Cookie and Accept-Language headers by the
// rules' own patterns from src/, given verbatim, and the rest are tables that rootLanguage and
// resolvePageLanguage filled for every value their inputs can take (deploy/proxyConf.ts,
// languageMaps). These tests read the configuration proxyConf.ts renders (deploy/nginx.conf.template
// filled in) and run its maps by nginx's rules, so that a hand edit of the template, of the
// generator or of a table fails them.
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { nginxMap, nginxMapLines } from './support/nginxMap';
import { proxyConfFor } from './support/proxyConfFor';
import { middleware } from '../../middleware';
import nextConfig from '../../next.config.js';
import {
  acceptLanguagePattern,
  negotiateLanguage,
  resolvePageLanguage,
  rootLanguage,
  STORED_LANGUAGE_PATTERN,
  storedLanguageIn,
} from '@/i18n/pageLanguage';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const conf = proxyConfFor();
const hostOffer = nginxMap(conf, '$host', 'host_offer');
const cookieValue = nginxMap(conf, '$http_cookie', 'language_cookie');
const storedLocale = nginxMap(conf, '$language_cookie', 'stored_locale');
const negotiatedBy = nginxMap(conf, '$host_offer', 'negotiated_as_sent');
const rootTable = nginxMap(conf, '"$host_offer|$stored_locale|$negotiated_as_sent"', 'root_language');
const visitorTable = nginxMap(conf, '"$host_offer|$stored_locale|$negotiated_as_sent"', 'visitor_language');
const languageKey = nginxMap(conf, '"$host_offer|$uri"', 'language_key');
const pageLanguage = nginxMap(conf, '"$path_language|$visitor_language"', 'page_language');

/** The negotiation maps `$negotiated_as_sent` chooses from, by variable name. */
const negotiations = new Map(
  nginxMapLines(conf, '$host_offer', 'negotiated_as_sent')
    .filter(({ key }) => key !== 'default')
    .map(({ value }) => [value.slice(1), nginxMap(conf, '$http_accept_language', value.slice(1))]),
);
/** `$negotiated_as_sent` for a host's languages and an Accept-Language value. */
const negotiatedAsSent = (offer: string, acceptLanguage: string) =>
  negotiatedBy(offer, Object.fromEntries([...negotiations].map(([name, map]) => [name, map(acceptLanguage)])));

/** nginx's variables for a request to `host` with these headers, each as its map gives it. */
function proxyLanguages(host: string, cookieHeader: string, acceptLanguage: string, uri = '/') {
  const offer = hostOffer(host);
  const key = `${offer}|${storedLocale(cookieValue(cookieHeader))}|${negotiatedAsSent(offer, acceptLanguage)}`;
  const root = rootTable(key);
  const visitor = visitorTable(key);
  return { root, visitor, key: languageKey(`${offer}|${uri}`, { root_language: root }) };
}

/** Every letter case of a short text: `de`, `De`, `dE`, `DE`. */
const everyCase = (text: string): string[] =>
  [...text].reduce<string[]>(
    (variants, char) =>
      variants.flatMap((variant) => [...new Set([variant + char.toLowerCase(), variant + char.toUpperCase()])]),
    [''],
  );

const tag = fc.oneof(
  fc.constantFrom(...WEBSITE_LOCALES, 'nl', 'sv', '*', 'en-GB', 'pt-BR', 'zh-Hant-TW', 'DE-ch', 'english', 'fri'),
  fc.stringMatching(/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/),
);
const entry = fc
  .tuple(tag, fc.option(fc.constantFrom(';q=0.9', '; q=0.5', ';q=0', ';q=1.0', ' ;q=0.2'), { nil: undefined }))
  .map(([language, weight]) => `${language}${weight ?? ''}`);
const header = fc
  .array(entry, { maxLength: 6 })
  .chain((entries) => fc.constantFrom(entries.join(','), entries.join(', '), entries.join(' ,'), entries.join(',\t')));

describe("the proxy runs the language rules' own patterns and tables", () => {
  it("reads the Cookie header by storedLanguageIn's pattern and Accept-Language by each host's negotiateLanguage pattern, verbatim", () => {
    expect(nginxMapLines(conf, '$http_cookie', 'language_cookie')).toEqual([
      { key: `~${STORED_LANGUAGE_PATTERN}`, value: '$language_value' },
      { key: 'default', value: '' },
    ]);
    for (const { domain, locales } of DOMAIN_ENTRIES) {
      const name = nginxMapLines(conf, '$host_offer', 'negotiated_as_sent')
        .find(({ key }) => key === hostOffer(domain))!
        .value.slice(1);
      expect(nginxMapLines(conf, '$http_accept_language', name), domain).toEqual([
        { key: `~*${acceptLanguagePattern(locales)}`, value: '$language' },
        { key: 'default', value: '' },
      ]);
    }
  });

  it('gives every tenant host and its preview its own languages, and any other host none', () => {
    for (const { domain, locales } of DOMAIN_ENTRIES)
      for (const host of [domain, `${domain}.localhost`]) expect(hostOffer(host), host).toBe(locales.join(','));
    for (const host of ['localhost', 'no-such-host.example', `x${DOMAIN_ENTRIES[0]!.domain}`])
      expect(hostOffer(host)).toBe('');
  });

  it("keys each host's bare root on rootLanguage, and names the 503's language by resolvePageLanguage, for every stored and negotiated value in every case", () => {
    const storedValues = ['', 'xx', 'english', ...WEBSITE_LOCALES.flatMap(everyCase)];
    // One host per set of languages: every host's set is checked above.
    const hosts = new Map(DOMAIN_ENTRIES.map((entry) => [entry.locales.join(','), entry]));
    for (const { domain, locales } of hosts.values())
      for (const stored of storedValues)
        for (const negotiated of ['', 'xx', ...WEBSITE_LOCALES.flatMap(everyCase)]) {
          const cookie = `language=${stored}`;
          const proxy = proxyLanguages(domain, cookie, negotiated);
          const what = `${domain} ${cookie} ${negotiated}`;
          expect(proxy.key, what).toBe(rootLanguage(cookie, negotiated, locales));
          expect(proxy.visitor, what).toBe(
            resolvePageLanguage(
              storedLanguageIn(cookie),
              negotiateLanguage(negotiated, locales) ?? locales[0],
              locales,
            ),
          );
          expect(pageLanguage(`|${proxy.visitor}`), what).toBe(proxy.visitor);
        }
  });

  it('keys no other path or host on a language', () => {
    expect(proxyLanguages('kyotostation-bagberth.jp', 'language=ja', 'ja', '/ja').key).toBe('');
    expect(proxyLanguages('localhost', 'language=ja', 'ja').key).toBe('');
    expect(pageLanguage('de|ja')).toBe('de');
    expect(pageLanguage('|')).toBe('en');
  });

  it.each([
    ['kyotostation-bagberth.jp', 'ja,en-US;q=0.9,en;q=0.8', 'ja'],
    ['kyotostation-bagberth.jp.localhost', 'fr-FR, en;q=0.5', 'en'],
    ['kyotostation-bagberth.jp', 'FR-fr, JA-jp;q=0.5', 'ja'],
    ['edinburgh-bagberth.co.uk', 'ko, zh-CN', ''],
    ['edinburgh-bagberth.co.uk', '', ''],
  ])('negotiates %s with %j → %j', (host, acceptLanguage, expected) => {
    expect(negotiatedAsSent(hostOffer(host), acceptLanguage).toLowerCase()).toBe(expected);
  });

  it('negotiates as negotiateLanguage on every host, for generated headers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DOMAIN_ENTRIES),
        fc.boolean(),
        header,
        ({ domain, locales }, preview, acceptLanguage) => {
          const host = preview ? `${domain}.localhost` : domain;
          expect(negotiatedAsSent(hostOffer(host), acceptLanguage).toLowerCase()).toBe(
            negotiateLanguage(acceptLanguage, locales) ?? '',
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

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
          const { key } = proxyLanguages(host, cookie.trim(), acceptLanguage.trim());
          expect(answer.headers.get('x-language-choice')).toBe(key);
          expect(rootLanguage(cookie.trim(), acceptLanguage.trim(), locales)).toBe(key);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
