// Spec §2 (routes, hosts, aliases) and §5/§8 ('No mapping found for origin').
import { normalizeHost, requestHost, stripPreviewSuffix } from '@/tenancy/normalizeHost';
import { hostConsentRegime, hostFormatLocale } from '@/tenancy/hostFormat';
import { createTenantResolver, NO_MAPPING_MESSAGE, NoMappingError } from '@/tenancy/resolveTenant';
import { pathNamesLocale, routeRequest, type RouteDecision, type RouteRequest } from '@/tenancy/routeRequest';
import { FIXTURE_ENTRIES } from './fixtures';

const context = {
  micrositesHost: 'localhost',
  resolveTenant: createTenantResolver(FIXTURE_ENTRIES),
  formatLocaleFor: hostFormatLocale,
  regimeFor: hostConsentRegime,
};

describe('normalizeHost', () => {
  it.each([
    ['KingsCross-Test.co.uk', 'kingscross-test.co.uk'],
    ['kingscross-test.co.uk:8443', 'kingscross-test.co.uk'],
    ['kingscross-test.co.uk.', 'kingscross-test.co.uk'],
    ['KINGSCROSS-TEST.CO.UK.:80', 'kingscross-test.co.uk'],
    ['  localhost:3000 ', 'localhost'],
    ['[::1]:3000', '[::1]'],
    ['', ''],
  ])('%j → %j', (raw, expected) => expect(normalizeHost(raw)).toBe(expected));

  it.each([
    ['prague-test.cz.localhost', 'prague-test.cz'],
    ['prague-test.cz', 'prague-test.cz'],
    ['localhost', 'localhost'],
  ])('preview suffix %j → %j', (host, expected) => expect(stripPreviewSuffix(host)).toBe(expected));
});

describe('requestHost', () => {
  // Behind N trusted proxies, the entry N from the right is the one they added; what
  // the client wrote to the left of it never picks the tenant (cache poisoning behind a CDN).
  it.each([
    { host: 'prague-test.cz', forwarded: 'kyoto-test.jp', hops: 0, expected: 'prague-test.cz' },
    { host: 'internal:3000', forwarded: 'Kyoto-Test.jp', hops: 1, expected: 'kyoto-test.jp' },
    {
      host: 'kingscross-test.co.uk',
      forwarded: 'prague-test.cz, kingscross-test.co.uk',
      hops: 1,
      expected: 'kingscross-test.co.uk',
    },
    { host: 'internal', forwarded: 'prague-test.cz, kyoto-test.jp, cdn.internal', hops: 2, expected: 'kyoto-test.jp' },
    { host: 'prague-test.cz', forwarded: 'kyoto-test.jp', hops: 2, expected: 'prague-test.cz' },
    { host: 'prague-test.cz', forwarded: ' , ', hops: 1, expected: 'prague-test.cz' },
    { host: 'prague-test.cz', forwarded: null, hops: 1, expected: 'prague-test.cz' },
    { host: null, forwarded: null, hops: 0, expected: '' },
  ])('host=$host forwarded=$forwarded hops=$hops → $expected', ({ host, forwarded, hops, expected }) =>
    expect(requestHost(host, forwarded, hops)).toBe(expected),
  );
});

describe('createTenantResolver', () => {
  const resolve = createTenantResolver(FIXTURE_ENTRIES);

  it.each([
    ['kingscross-test.co.uk', '/kings-cross-station/poi'],
    ['kingscross-alias.com', '/kings-cross-station/poi'],
    ['prague-test.cz', '/prague/city'],
    ['prague-test.cz.localhost', '/prague/city'],
  ])('%s → %s', (host, path) => expect(resolve(host).path).toBe(path));

  it('throws the spec error for an unmapped host', () => {
    expect(() => resolve('unknown.example')).toThrow(NO_MAPPING_MESSAGE);
    expect(() => resolve('unknown.example')).toThrow(NoMappingError);
    expect(NO_MAPPING_MESSAGE).toBe('No mapping found for origin');
  });

  it('answers preview aliases only when the site runs on a local base URL', () => {
    const live = createTenantResolver(FIXTURE_ENTRIES, { previewAliases: false });
    expect(live('prague-test.cz').path).toBe('/prague/city');
    expect(() => live('prague-test.cz.localhost')).toThrow(NoMappingError);
  });

  it('refuses a map that lists a domain twice, rather than letting one entry win silently', () => {
    const [first, second] = FIXTURE_ENTRIES;
    expect(() => createTenantResolver([first!, { ...second!, domain: first!.domain }])).toThrow(
      `tenants/domains.json: entry "${first!.domain}", field "domain": listed twice`,
    );
  });
});

describe('routeRequest', () => {
  const request = (overrides: Partial<RouteRequest>): RouteRequest => ({
    host: 'kingscross-test.co.uk',
    pathname: '/',
    locale: 'en',
    explicitLocale: false,
    ...overrides,
  });
  const cases: Array<[string, Partial<RouteRequest>, RouteDecision['kind'], Record<string, unknown>]> = [
    ['tenant root rewrites to its landing path', {}, 'rewrite', { pathname: '/kings-cross-station/poi' }],
    [
      'alias host rewrites to the shared path',
      { host: 'kingscross-alias.com' },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    [
      'tenant root in an offered locale',
      { locale: 'de', explicitLocale: true },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    [
      'preview host resolves like the domain',
      { host: 'prague-test.cz.localhost' },
      'rewrite',
      { pathname: '/prague/city' },
    ],
    // Issue 22: a host's 404 keeps the host's consent regime, like its landing and legal pages.
    [
      'a locale the host does not offer is 404',
      { locale: 'ja', explicitLocale: true },
      'not-found',
      { reason: 'locale-not-offered', page: '/not-found/opt-in' },
    ],
    [
      "an opt-out host's 404 is in its regime",
      { host: 'kyoto-test.jp', pathname: '/admin' },
      'not-found',
      { reason: 'foreign-path', page: '/not-found/opt-out' },
    ],
    [
      'and so is a locale it does not offer',
      { host: 'kyoto-test.jp', locale: 'ko', explicitLocale: true },
      'not-found',
      { reason: 'locale-not-offered', page: '/not-found/opt-out' },
    ],
    [
      'but in an EEA language it asks first',
      { host: 'kyoto-test.jp', locale: 'pl', explicitLocale: true },
      'not-found',
      { reason: 'locale-not-offered', page: '/not-found/opt-in' },
    ],
    [
      'an unknown host is 404 on the unknown-host page',
      { host: 'nope.example' },
      'not-found',
      { reason: 'unknown-host', page: '/unknown-host', locale: 'en' },
    ],
    [
      "an unknown host answers in the browser's language",
      { host: 'nope.example', acceptLanguage: 'nl, ja;q=0.8' },
      'not-found',
      { reason: 'unknown-host', locale: 'ja' },
    ],
    [
      'an unknown host answers in the language its URL names',
      { host: 'nope.example', locale: 'de', explicitLocale: true, acceptLanguage: 'ja' },
      'not-found',
      { locale: 'de' },
    ],
    [
      'a request without a Host is an unknown host',
      { host: '', pathname: '/prague/city' },
      'not-found',
      { reason: 'unknown-host' },
    ],
    ['another tenant path is 404', { pathname: '/prague/city' }, 'not-found', { reason: 'foreign-path' }],
    ['any other path is 404', { pathname: '/admin' }, 'not-found', { reason: 'foreign-path' }],
    [
      'the own landing path redirects to the root',
      { pathname: '/kings-cross-station/poi', locale: 'fr' },
      'redirect',
      { pathname: '/', locale: 'fr' },
    ],
    [
      'a stored language redirects a bare root',
      { storedLanguage: 'fr' },
      'redirect',
      { pathname: '/', locale: 'fr', byVisitorLanguage: 'fr' },
    ],
    ['a bare root without a stored language says it depends on one', {}, 'rewrite', { byVisitorLanguage: 'en' }],
    [
      "the browser's first language the host offers redirects a bare root",
      { acceptLanguage: 'ja, fr-FR;q=0.9, en;q=0.8' },
      'redirect',
      { pathname: '/', locale: 'fr', byVisitorLanguage: 'fr' },
    ],
    ['a regional tag counts by its language', { acceptLanguage: 'de-CH' }, 'redirect', { locale: 'de' }],
    [
      "the host's default language in the browser keeps the bare root",
      { acceptLanguage: 'en-GB, fr' },
      'rewrite',
      { pathname: '/kings-cross-station/poi', byVisitorLanguage: 'en' },
    ],
    [
      'no language the host offers keeps the bare root',
      { acceptLanguage: 'ja, ko, *' },
      'rewrite',
      { byVisitorLanguage: 'en' },
    ],
    [
      "a stored language beats the browser's",
      { storedLanguage: 'de', acceptLanguage: 'fr' },
      'redirect',
      { locale: 'de' },
    ],
    [
      'a stored language the host lacks leaves it to the browser',
      { storedLanguage: 'ja', acceptLanguage: 'fr' },
      'redirect',
      { locale: 'fr' },
    ],
    [
      'a URL that names its locale ignores the browser',
      { locale: 'de', explicitLocale: true, acceptLanguage: 'fr' },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    ['a URL that names its locale beats the stored one', { storedLanguage: 'fr', explicitLocale: true }, 'rewrite', {}],
    ['a stored language the host lacks is ignored', { storedLanguage: 'ja' }, 'rewrite', {}],
    ['a stored nonsense language is ignored', { storedLanguage: '<script>' }, 'rewrite', {}],
    ['API routes pass on any host', { host: 'nope.example', pathname: '/api/is-bot' }, 'pass', {}],
    ['the microsites host serves its own routes', { host: 'localhost', pathname: '/prague/city' }, 'pass', {}],
    ['the microsites root is the directory', { host: 'localhost' }, 'pass', {}],
    [
      'every host has a sitemap from the tenant map',
      { pathname: '/sitemap.xml' },
      'rewrite',
      { pathname: '/api/host-file', search: '?file=sitemap.xml' },
    ],
    [
      'robots.txt too, even on an unknown host (the route answers 404)',
      { host: 'nope.example', pathname: '/robots.txt' },
      'rewrite',
      { search: '?file=robots.txt' },
    ],
    [
      'share images render through the image route',
      { pathname: '/og/prague-city.png' },
      'rewrite',
      { pathname: '/api/og/prague-city', search: '' },
    ],
    [
      'a malformed share image path is not an image',
      { pathname: '/og/../secret.png' },
      'not-found',
      { reason: 'foreign-path' },
    ],
    ['nor one below another folder', { pathname: '/x/og/prague-city.png' }, 'not-found', { reason: 'foreign-path' }],
    ['nor one with more after .png', { pathname: '/og/prague-city.png.bak' }, 'not-found', { reason: 'foreign-path' }],
    // Legal pages are written as the host's country writes the locale (issue 21): a British host's date is day-first.
    [
      'a tenant host serves the legal pages',
      { pathname: '/privacy', locale: 'fr', explicitLocale: true },
      'rewrite',
      { pathname: '/legal/privacy/fr-FR/opt-in' },
    ],
    [
      'in its country’s regional locale',
      { pathname: '/terms', locale: 'en', explicitLocale: true },
      'rewrite',
      { pathname: '/legal/terms/en-GB/opt-in' },
    ],
    [
      'a Japanese host in English writes British English (issue 39 item 4)',
      { host: 'kyoto-test.jp', pathname: '/terms', locale: 'en', explicitLocale: true },
      'rewrite',
      { pathname: '/legal/terms/en-GB/opt-out' },
    ],
    [
      'legal pages follow the host locales',
      { pathname: '/terms', locale: 'ja', explicitLocale: true },
      'not-found',
      { reason: 'locale-not-offered' },
    ],
    [
      'the shared legal page is not served directly on a tenant host',
      { pathname: '/legal/terms' },
      'not-found',
      { reason: 'foreign-path' },
    ],
    // Issue 21 item 5: German, Austrian and Swiss sites must have an imprint; German speakers look for /impressum.
    [
      'a tenant host serves the imprint',
      { pathname: '/imprint' },
      'rewrite',
      { pathname: '/legal/imprint/en-GB/opt-in' },
    ],
    [
      'and the same page at /impressum',
      { pathname: '/impressum' },
      'rewrite',
      { pathname: '/legal/imprint/en-GB/opt-in' },
    ],
    [
      'in every locale the host offers',
      { pathname: '/impressum', locale: 'de', explicitLocale: true },
      'rewrite',
      { pathname: '/legal/imprint/de-DE/opt-in' },
    ],
    [
      'not in a locale the host lacks',
      { pathname: '/impressum', locale: 'ja', explicitLocale: true },
      'not-found',
      { reason: 'locale-not-offered' },
    ],
    [
      'the microsites host serves the imprint',
      { host: 'localhost', pathname: '/imprint', locale: 'fr' },
      'rewrite',
      { pathname: '/legal/imprint/fr-FR/opt-in' },
    ],
    [
      'and /impressum',
      { host: 'localhost', pathname: '/impressum', locale: 'de' },
      'rewrite',
      { pathname: '/legal/imprint/de-DE/opt-in' },
    ],
    [
      'an alias switches language in place',
      { pathname: '/impressum', chosenLanguage: 'de' },
      'redirect',
      { pathname: '/impressum', locale: 'de', storeLanguage: 'de' },
    ],
    [
      'only the alias table names a page: no other word is a legal page',
      { pathname: '/constructor' },
      'not-found',
      { reason: 'foreign-path' },
    ],
    ['nor a path below one', { pathname: '/impressum/x' }, 'not-found', { reason: 'foreign-path' }],
    [
      'the microsites host serves the legal pages too, in the spec’s locale (§9)',
      { host: 'localhost', pathname: '/cookies', locale: 'de' },
      'rewrite',
      { pathname: '/legal/cookies/de-DE/opt-in' },
    ],
    [
      'the unknown-host page is not served directly',
      { host: 'localhost', pathname: '/unknown-host' },
      'not-found',
      { reason: 'internal-page' },
    ],
    // Spec §2 names /500 a special route: shown on a server error, never a 5xx anyone can ask for.
    [
      'the server-error page is not served directly',
      { host: 'localhost', pathname: '/500' },
      'not-found',
      { reason: 'internal-page', page: '/404' },
    ],
    [
      'nor in another language',
      { host: 'localhost', pathname: '/500', locale: 'de', explicitLocale: true },
      'not-found',
      { reason: 'internal-page' },
    ],
    [
      'a tenant host has no server-error page either',
      { pathname: '/500' },
      'not-found',
      { reason: 'foreign-path', page: '/not-found/opt-in' },
    ],
    [
      "a tenant host's 404 page is not served directly",
      { host: 'localhost', pathname: '/not-found/opt-out' },
      'not-found',
      { reason: 'internal-page', page: '/404' },
    ],
    [
      'a language picked in the switcher is stored and shown',
      { chosenLanguage: 'de' },
      'redirect',
      { pathname: '/', locale: 'de', storeLanguage: 'de' },
    ],
    [
      'a picked language beats the URL and the stored one',
      { locale: 'fr', explicitLocale: true, storedLanguage: 'fr', chosenLanguage: 'de' },
      'redirect',
      { locale: 'de', storeLanguage: 'de' },
    ],
    [
      'a legal page switches in place',
      { pathname: '/terms', locale: 'fr', explicitLocale: true, chosenLanguage: 'de' },
      'redirect',
      { pathname: '/terms', locale: 'de', storeLanguage: 'de' },
    ],
    [
      'a picked language the host lacks is ignored',
      { chosenLanguage: 'ja' },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    [
      'a picked nonsense language is ignored',
      { chosenLanguage: '<script>' },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    [
      'a picked language does not rescue a foreign path',
      { pathname: '/prague/city', chosenLanguage: 'de' },
      'not-found',
      { reason: 'foreign-path' },
    ],
    // Issue 22 item 4, issue 36 item 3: the visitor's own regime, from the proxy in front, only ever tightens the page's.
    [
      'an opt-out host serves its opt-in page to a visitor who is asked first',
      { host: 'kyoto-test.jp', visitorAsksFirst: true },
      'rewrite',
      { pathname: '/kyoto-station/poi/opt-in', byVisitorRegime: true, byVisitorLanguage: 'en' },
    ],
    [
      'in a URL that names its locale too',
      { host: 'kyoto-test.jp', locale: 'ja', explicitLocale: true, visitorAsksFirst: true },
      'rewrite',
      { pathname: '/kyoto-station/poi/opt-in', byVisitorRegime: true },
    ],
    [
      'its own page to a visitor elsewhere',
      { host: 'kyoto-test.jp', visitorAsksFirst: false },
      'rewrite',
      { pathname: '/kyoto-station/poi', byVisitorRegime: true },
    ],
    [
      'and without a word from the proxy',
      { host: 'kyoto-test.jp' },
      'rewrite',
      { pathname: '/kyoto-station/poi', byVisitorRegime: true },
    ],
    [
      'its legal pages too',
      { host: 'kyoto-test.jp', pathname: '/cookies', visitorAsksFirst: true },
      'rewrite',
      { pathname: '/legal/cookies/en-GB/opt-in', byVisitorRegime: true },
    ],
    [
      'its 404 too',
      { host: 'kyoto-test.jp', pathname: '/admin', visitorAsksFirst: true },
      'not-found',
      { page: '/not-found/opt-in' },
    ],
    [
      'an opt-in host does not change with it',
      { visitorAsksFirst: false },
      'rewrite',
      { pathname: '/kings-cross-station/poi' },
    ],
    [
      'nor does its legal page',
      { pathname: '/terms', visitorAsksFirst: false },
      'rewrite',
      { pathname: '/legal/terms/en-GB/opt-in' },
    ],
    [
      "an opt-out host's EEA-language page asks first anyway",
      { host: 'kyoto-test.jp', locale: 'pl', explicitLocale: true, visitorAsksFirst: false },
      'not-found',
      { page: '/not-found/opt-in' },
    ],
    [
      'a foreign path stays 404 with it',
      { host: 'kyoto-test.jp', pathname: '/kyoto-station/poi/opt-in', visitorAsksFirst: true },
      'not-found',
      { reason: 'foreign-path' },
    ],
    [
      'the microsites host asks first whoever visits',
      { host: 'localhost', pathname: '/cookies', visitorAsksFirst: false },
      'rewrite',
      { pathname: '/legal/cookies/en-US/opt-in' },
    ],
    [
      'the microsites host switches its own routes',
      { host: 'localhost', pathname: '/prague/city', chosenLanguage: 'de' },
      'redirect',
      { pathname: '/prague/city', locale: 'de', storeLanguage: 'de' },
    ],
  ];

  it.each(cases)('%s', (_name, overrides, kind, fields) => {
    const decision = routeRequest(request(overrides), context);
    expect(decision.kind).toBe(kind);
    expect(decision).toMatchObject(fields);
  });

  it('lets a resolver failure other than an unknown host surface, not answer as one', () => {
    const broken = {
      ...context,
      resolveTenant: () => {
        throw new Error('tenant index unreadable');
      },
    };
    expect(() => routeRequest(request({}), broken)).toThrow('tenant index unreadable');
  });

  it("lets a cache keep an opt-in host's pages for every country", () => {
    expect(routeRequest(request({}), context)).not.toHaveProperty('byVisitorRegime');
    expect(routeRequest(request({ pathname: '/privacy' }), context)).not.toHaveProperty('byVisitorRegime');
  });

  it('lets a cache keep a URL that names its locale for everyone, cookie or not', () => {
    expect(
      routeRequest(request({ locale: 'fr', explicitLocale: true, storedLanguage: 'de' }), context),
    ).not.toHaveProperty('byVisitorLanguage');
  });
});

describe('pathNamesLocale', () => {
  it.each([
    ['/', false],
    ['/de', true],
    ['/de/', true],
    ['/deutsch', false],
    ['/prague/city', false],
    ['/ja/kyoto-station/poi', true],
  ])('%s → %s', (path, expected) => expect(pathNamesLocale(path)).toBe(expected));
});
