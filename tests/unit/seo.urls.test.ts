// Spec §2 (landing routes per host) and §9 (11 website locales, en the default): canonical and hreflang URLs.
import { headLinks } from '@/seo/pageLinks';
import { alternates, linkToHost, pageUrl } from '@/seo/urls';
import { FIXTURE_ENTRIES } from './fixtures';

describe('pageUrl', () => {
  it('puts the default locale at the root and others under their prefix', () => {
    expect(pageUrl('kingscross-bagberth.co.uk', 'en')).toBe('https://kingscross-bagberth.co.uk/');
    expect(pageUrl('kingscross-bagberth.co.uk', 'de')).toBe('https://kingscross-bagberth.co.uk/de');
  });

  it('uses http for a local preview', () => {
    expect(pageUrl('kyoto-test.jp.localhost:3000', 'ja', 'http')).toBe('http://kyoto-test.jp.localhost:3000/ja');
  });
});

describe('alternates', () => {
  it('lists every locale in website order, then x-default on the English page', () => {
    expect(alternates('kx.co.uk', ['de', 'en', 'fr'])).toEqual([
      { hrefLang: 'en', href: 'https://kx.co.uk/' },
      { hrefLang: 'fr', href: 'https://kx.co.uk/fr' },
      { hrefLang: 'de', href: 'https://kx.co.uk/de' },
      { hrefLang: 'x-default', href: 'https://kx.co.uk/' },
    ]);
  });

  it('passes the scheme on', () => {
    expect(alternates('kx.localhost:3000', ['en'], 'http')).toEqual([
      { hrefLang: 'en', href: 'http://kx.localhost:3000/' },
      { hrefLang: 'x-default', href: 'http://kx.localhost:3000/' },
    ]);
  });
});

describe('linkToHost', () => {
  it('links in the reader’s locale when the host offers it, else in English', () => {
    expect(linkToHost('kyoto-test.jp', ['en', 'ja'], 'ja')).toEqual({
      href: 'https://kyoto-test.jp/ja',
      hrefLang: 'ja',
    });
    expect(linkToHost('prague-test.cz', ['en'], 'ja')).toEqual({ href: 'https://prague-test.cz/', hrefLang: 'en' });
  });
});

describe('headLinks', () => {
  it('names the canonical host on every alias, in the page’s locale', () => {
    const links = headLinks({ path: '/kings-cross-station/poi', locales: ['en', 'fr', 'de'] }, 'fr', FIXTURE_ENTRIES);
    expect(links?.canonical).toBe('https://kingscross-test.co.uk/fr');
    expect(links?.alternates.map((link) => link.href)).toEqual([
      'https://kingscross-test.co.uk/',
      'https://kingscross-test.co.uk/fr',
      'https://kingscross-test.co.uk/de',
      'https://kingscross-test.co.uk/',
    ]);
  });

  it('follows a "canonical": true override', () => {
    const entries = FIXTURE_ENTRIES.map((entry) =>
      entry.domain === 'kingscross-alias.com' ? { ...entry, canonical: true } : entry,
    );
    expect(headLinks({ path: '/kings-cross-station/poi', locales: ['en'] }, 'en', entries)?.canonical).toBe(
      'https://kingscross-alias.com/',
    );
  });

  it('has nothing for a path outside the map', () => {
    expect(headLinks({ path: '/nowhere/poi', locales: ['en'] }, 'en', FIXTURE_ENTRIES)).toBeUndefined();
  });
});
