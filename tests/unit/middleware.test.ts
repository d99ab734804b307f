// Spec §2: the Edge middleware's matcher and rewrite targets, run through Next's own test helpers.
import { getRedirectUrl, getRewrittenUrl, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { config, middleware } from '../../middleware';
import nextConfig from '../../next.config.js';

const i18nConfig = { i18n: nextConfig('phase-test').i18n };

describe('middleware matcher', () => {
  // Next's helper matches with the locale in the path, as the server does after it adds the default.
  it.each([
    ['/en', true],
    ['/ja', true],
    ['/en/prague/city', true],
    ['/_next/data/build-id/en.json', true],
    ['/_next/data/build-id/de/kings-cross-station/poi.json', true],
    ['/en/api/is-bot', false],
    ['/_next/static/chunks/main.js', false],
    ['/en/favicon.svg', false],
    ['/en/robots.txt', true],
    ['/en/sitemap.xml', true],
    ['/en/og/prague-city.png', true],
    ['/en/images/hero/city.png', false],
  ])('%s → %s', (url, expected) => {
    expect(unstable_doesMiddlewareMatch({ config, url, nextConfig: i18nConfig })).toBe(expected);
  });
});

describe('middleware responses', () => {
  const call = (url: string, host: string, headers: Record<string, string> = {}) =>
    middleware(new NextRequest(url, { headers: { host, ...headers }, nextConfig: i18nConfig }));

  it('rewrites a tenant root to its landing path and keeps the locale', () => {
    const response = call('http://kingscross-bagberth.co.uk/de', 'kingscross-bagberth.co.uk');
    expect(getRewrittenUrl(response)).toBe('http://kingscross-bagberth.co.uk/de/kings-cross-station/poi');
  });

  // Issue 36 item 3: without the proxy in front (the embedded setup), no header picks the regime.
  it("without BEHIND_PROXY, serves a host's own regime whatever a visitor-regime header says", () => {
    for (const regime of ['opt-in', 'opt-out']) {
      const response = call('http://newyork-bagberth.com/', 'newyork-bagberth.com', { 'x-visitor-regime': regime });
      expect(getRewrittenUrl(response), regime).toBe('http://newyork-bagberth.com/new-york/city');
    }
  });

  it('rewrites the default locale without a prefix', () => {
    const response = call('http://prague-bagberth.cz/', 'prague-bagberth.cz');
    expect(getRewrittenUrl(response)).toBe('http://prague-bagberth.cz/prague/city');
  });

  it('answers an unknown host with the unknown-host page and status 404', () => {
    const response = call('http://nope.example/', 'nope.example');
    expect(response.status).toBe(404);
    expect(getRewrittenUrl(response)).toBe('http://nope.example/unknown-host');
  });

  it('answers a locale the host lacks with the 404 page of its consent regime', () => {
    const response = call('http://kyotostation-bagberth.jp/ko', 'kyotostation-bagberth.jp');
    expect(response.status).toBe(404);
    expect(getRewrittenUrl(response)).toBe('http://kyotostation-bagberth.jp/ko/not-found/opt-out');
    // In German it is read from Europe: it asks first.
    expect(getRewrittenUrl(call('http://kyotostation-bagberth.jp/de', 'kyotostation-bagberth.jp'))).toBe(
      'http://kyotostation-bagberth.jp/de/not-found/opt-in',
    );
  });

  it('answers an unknown path of an opt-out host with its regime’s 404 page, never stored', () => {
    const response = call('http://newyork-bagberth.com/nothing-here', 'newyork-bagberth.com');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(getRewrittenUrl(response)).toBe('http://newyork-bagberth.com/not-found/opt-out');
  });

  it('redirects a bare root to the stored language, an answer the proxy may keep for every visitor of that language', () => {
    const response = call('http://kingscross-bagberth.co.uk/', 'kingscross-bagberth.co.uk', { cookie: 'language=fr' });
    expect(getRedirectUrl(response)).toBe('http://kingscross-bagberth.co.uk/fr');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(response.headers.get('x-language-choice')).toBe('fr');
  });

  it('names the language of a bare root it serves, for the proxy to check against its key', () => {
    const response = call('http://kingscross-bagberth.co.uk/', 'kingscross-bagberth.co.uk', {
      'accept-language': 'nl, en;q=0.5',
    });
    expect(getRewrittenUrl(response)).toBe('http://kingscross-bagberth.co.uk/kings-cross-station/poi');
    expect(response.headers.get('x-language-choice')).toBe('en');
    expect(
      call('http://kingscross-bagberth.co.uk/de', 'kingscross-bagberth.co.uk').headers.has('x-language-choice'),
    ).toBe(false);
  });

  // Issue 41 item 1: the proxy reads the cookie by the same rule (storedLanguageIn), so none of
  // these may make the middleware answer in German while the proxy keys the copy as English.
  it.each(['Language=de', 'LANGUAGE=de', 'language =de', 'language= de', 'language=xx; language=de'])(
    'a cookie %j is no stored German',
    (cookie) => {
      const response = call('http://lisbon-bagberth.pt/', 'lisbon-bagberth.pt', { cookie });
      expect(getRedirectUrl(response)).toBeNull();
      expect(response.headers.get('x-language-choice')).toBe('en');
    },
  );

  it('takes the first of two language cookies, as the proxy does', () => {
    const response = call('http://lisbon-bagberth.pt/', 'lisbon-bagberth.pt', {
      cookie: 'consent=v1; language=de; language=xx',
    });
    expect(getRedirectUrl(response)).toBe('http://lisbon-bagberth.pt/de');
  });

  it('stores a language picked without JavaScript and redirects to the page in it', () => {
    const response = call(
      'http://kingscross-bagberth.co.uk/fr?language=de&utm_source=mail',
      'kingscross-bagberth.co.uk',
      { cookie: 'language=fr' },
    );
    expect(response.status).toBe(303);
    expect(getRedirectUrl(response)).toBe('http://kingscross-bagberth.co.uk/de?utm_source=mail');
    const cookie = response.cookies.get('language');
    expect(cookie).toMatchObject({
      value: 'de',
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
      sameSite: 'lax',
      secure: false,
    });
  });

  it('keeps the page when switching on a legal page', () => {
    const response = call('http://kingscross-bagberth.co.uk/terms?language=fr', 'kingscross-bagberth.co.uk');
    expect(getRedirectUrl(response)).toBe('http://kingscross-bagberth.co.uk/fr/terms');
  });

  it('serves the imprint at /impressum too, on the page of the host’s regional locale', () => {
    const response = call('http://kingscross-bagberth.co.uk/de/impressum', 'kingscross-bagberth.co.uk');
    expect(response.status).toBe(200);
    expect(getRewrittenUrl(response)).toBe('http://kingscross-bagberth.co.uk/de/legal/imprint/de-DE/opt-in');
    expect(getRewrittenUrl(call('http://localhost:3000/impressum', 'localhost:3000'))).toBe(
      'http://localhost:3000/legal/imprint/en-US/opt-in',
    );
  });

  it('serves an opt-out host’s legal pages in its regime', () => {
    expect(getRewrittenUrl(call('http://newyork-bagberth.com/cookies', 'newyork-bagberth.com'))).toBe(
      'http://newyork-bagberth.com/legal/cookies/en-US/opt-out',
    );
    // Its German pages are read from Europe: they ask first (issue 22 item 4).
    expect(getRewrittenUrl(call('http://newyork-bagberth.com/de/cookies', 'newyork-bagberth.com'))).toBe(
      'http://newyork-bagberth.com/de/legal/cookies/de-DE/opt-in',
    );
    expect(getRewrittenUrl(call('http://newyork-bagberth.com/de/nothing-here', 'newyork-bagberth.com'))).toBe(
      'http://newyork-bagberth.com/de/not-found/opt-in',
    );
  });

  it('rewrites /sitemap.xml to the host-file route with its query', () => {
    const response = call('http://prague-bagberth.cz/sitemap.xml', 'prague-bagberth.cz');
    expect(getRewrittenUrl(response)).toBe('http://prague-bagberth.cz/api/host-file?file=sitemap.xml');
  });

  it('lets the microsites host serve its own routes', () => {
    const response = call('http://localhost:3000/prague/city', 'localhost:3000');
    expect(getRewrittenUrl(response)).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});
