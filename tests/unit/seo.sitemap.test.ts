// Spec §2 (a landing page per host, alias hosts sharing a slug) and §9 (website locales): /sitemap.xml and /robots.txt per host.
import { createRequire } from 'node:module';
import { robotsTxt } from '@/seo/robots';
import { micrositesSitemap, sitemapXml, tenantSitemap } from '@/seo/sitemap';
import { escapeXml } from '@/seo/xml';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { FIXTURE_ENTRIES } from './fixtures';

// jsdom ships no type declarations; its XML parser is all these tests need.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
};
const xmlParser = new new JSDOM().window.DOMParser();
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

function parseXml(xml: string): Document {
  const doc = xmlParser.parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

/** Each <url> as its <loc> and its alternates as "hreflang href" lines. */
function readSitemap(xml: string) {
  const doc = parseXml(xml);
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  expect(doc.documentElement.localName).toBe('urlset');
  return [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent,
    alternates: [...url.getElementsByTagNameNS(XHTML_NS, 'link')].map(
      (link) => `${link.getAttribute('rel')} ${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
    ),
  }));
}

const kingsCross = FIXTURE_ENTRIES[0]!;
const kingsCrossAlias = FIXTURE_ENTRIES[1]!;

describe('tenantSitemap', () => {
  it('lists the canonical host’s page in each locale, each with every alternate and x-default', () => {
    const alternatesOfKingsCross = [
      'alternate en https://kingscross-test.co.uk/',
      'alternate fr https://kingscross-test.co.uk/fr',
      'alternate de https://kingscross-test.co.uk/de',
      'alternate x-default https://kingscross-test.co.uk/',
    ];
    expect(readSitemap(tenantSitemap(kingsCross, FIXTURE_ENTRIES))).toEqual([
      { loc: 'https://kingscross-test.co.uk/', alternates: alternatesOfKingsCross },
      { loc: 'https://kingscross-test.co.uk/fr', alternates: alternatesOfKingsCross },
      { loc: 'https://kingscross-test.co.uk/de', alternates: alternatesOfKingsCross },
    ]);
  });

  it('lists nothing on an alias host, whose page is canonical elsewhere', () => {
    expect(readSitemap(tenantSitemap(kingsCrossAlias, FIXTURE_ENTRIES))).toEqual([]);
  });

  it('lists the alias once the map makes it canonical', () => {
    const entries = [kingsCross, { ...kingsCrossAlias, canonical: true }];
    expect(readSitemap(tenantSitemap(kingsCrossAlias, entries)).map((url) => url.loc)).toEqual([
      'https://kingscross-alias.com/',
      'https://kingscross-alias.com/fr',
      'https://kingscross-alias.com/de',
    ]);
    expect(readSitemap(tenantSitemap(kingsCross, entries))).toEqual([]);
  });

  it('writes a preview host and scheme when asked', () => {
    const prague = FIXTURE_ENTRIES[2]!;
    expect(
      readSitemap(tenantSitemap(prague, FIXTURE_ENTRIES, { host: 'prague-test.cz.localhost:3000', scheme: 'http' })),
    ).toEqual([
      {
        loc: 'http://prague-test.cz.localhost:3000/',
        alternates: [
          'alternate en http://prague-test.cz.localhost:3000/',
          'alternate x-default http://prague-test.cz.localhost:3000/',
        ],
      },
    ]);
  });

  it('is well-formed for every host of the real map, and lists each canonical page once', () => {
    const listed = DOMAIN_ENTRIES.flatMap((entry) =>
      readSitemap(tenantSitemap(entry, DOMAIN_ENTRIES)).map((url) => url.loc),
    );
    const paths = new Set(DOMAIN_ENTRIES.map((entry) => entry.path));
    const pagesInAllLocales = [...paths].reduce(
      (sum, path) => sum + DOMAIN_ENTRIES.find((entry) => entry.path === path)!.locales.length,
      0,
    );
    expect(listed).toHaveLength(pagesInAllLocales);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toContain('https://kingscross-bagberth.co.uk/ja');
    expect(listed.some((loc) => loc?.startsWith('https://bagberth-kingscross.co.uk/'))).toBe(false);
  });
});

describe('sitemapXml', () => {
  it('escapes what XML reserves, in text and in attributes', () => {
    const loc = 'https://example.com/?a=1&b=<2>';
    const xml = sitemapXml([{ loc, alternates: [{ hrefLang: 'en', href: `${loc}"'` }] }]);
    expect(xml).toContain('<loc>https://example.com/?a=1&amp;b=&lt;2&gt;</loc>');
    expect(xml).toContain('href="https://example.com/?a=1&amp;b=&lt;2&gt;&quot;&apos;"');
    expect(readSitemap(xml)).toEqual([{ loc, alternates: [`alternate en ${loc}"'`] }]);
  });

  it('is checked by a parser that rejects unescaped text', () => {
    expect(() =>
      parseXml(`<urlset xmlns="${SITEMAP_NS}"><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>`),
    ).toThrow('not well-formed');
  });

  it('declares UTF-8 and both namespaces', () => {
    const xml = sitemapXml([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain(`xmlns="${SITEMAP_NS}"`);
    expect(xml).toContain(`xmlns:xhtml="${XHTML_NS}"`);
  });

  it('escapeXml leaves plain text alone', () => {
    expect(escapeXml('kingscross-bagberth.co.uk/ja')).toBe('kingscross-bagberth.co.uk/ja');
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});

describe('micrositesSitemap', () => {
  it('lists the directory in the given locales', () => {
    expect(readSitemap(micrositesSitemap('sites.bagberth.com', ['en', 'de'])).map((url) => url.loc)).toEqual([
      'https://sites.bagberth.com/',
      'https://sites.bagberth.com/de',
    ]);
  });
});

describe('robotsTxt', () => {
  it('allows everything and points to the host’s own sitemap', () => {
    expect(robotsTxt('bagberth-kingscross.co.uk')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://bagberth-kingscross.co.uk/sitemap.xml\n',
    );
  });

  it('uses the preview scheme and host', () => {
    expect(robotsTxt('kyoto-test.jp.localhost:3000', 'http')).toContain(
      'Sitemap: http://kyoto-test.jp.localhost:3000/sitemap.xml',
    );
  });
});
