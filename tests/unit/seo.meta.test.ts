// Spec §3 (locale entry: locale and country code) and §9 (website locales): Open Graph and Twitter tags.
import { ogLocale, socialMetaTags, type MetaTag } from '@/seo/meta';

const content = (tags: MetaTag[], key: string) =>
  tags.filter((tag) => ('property' in tag ? tag.property : tag.name) === key).map((tag) => tag.content);

describe('ogLocale', () => {
  it.each([
    ['en', 'en_US'],
    ['de', 'de_DE'],
    ['ja', 'ja_JP'],
    ['zh', 'zh_CN'],
    ['pt', 'pt_PT'],
  ] as const)('%s → %s', (locale, expected) => expect(ogLocale(locale)).toBe(expected));
});

describe('socialMetaTags', () => {
  const tags = socialMetaTags({
    title: 'Gepäckaufbewahrung am Bahnhof King’s Cross',
    description: 'Ab 5 £ pro Tag.',
    url: 'https://kingscross-bagberth.co.uk/de',
    imageUrl: 'https://kingscross-bagberth.co.uk/og/kings-cross-station.jpg',
    imageAlt: 'Bahnhof King’s Cross',
    locale: 'de',
    alternateLocales: ['en', 'fr', 'de'],
  });

  it('carries the Open Graph page facts', () => {
    expect(content(tags, 'og:type')).toEqual(['website']);
    expect(content(tags, 'og:site_name')).toEqual(['Bagberth']);
    expect(content(tags, 'og:title')).toEqual(['Gepäckaufbewahrung am Bahnhof King’s Cross']);
    expect(content(tags, 'og:url')).toEqual(['https://kingscross-bagberth.co.uk/de']);
    expect(content(tags, 'og:image')).toEqual(['https://kingscross-bagberth.co.uk/og/kings-cross-station.jpg']);
    expect(content(tags, 'og:image:alt')).toEqual(['Bahnhof King’s Cross']);
  });

  it('names the page’s locale and its other locales, not itself twice', () => {
    expect(content(tags, 'og:locale')).toEqual(['de_DE']);
    expect(content(tags, 'og:locale:alternate')).toEqual(['en_US', 'fr_FR']);
  });

  it('uses `property` for Open Graph and `name` for the Twitter card', () => {
    expect(
      tags.filter((tag) => 'property' in tag).every((tag) => 'property' in tag && tag.property.startsWith('og:')),
    ).toBe(true);
    expect(tags.filter((tag) => 'name' in tag).map((tag) => ('name' in tag ? tag.name : ''))).toEqual([
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
      'twitter:image:alt',
    ]);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
  });

  it('leaves out alt tags without alt text', () => {
    const plain = socialMetaTags({
      title: 't',
      description: 'd',
      url: 'https://x.example/',
      imageUrl: 'https://x.example/i.jpg',
      locale: 'en',
    });
    expect(content(plain, 'og:image:alt')).toEqual([]);
    expect(content(plain, 'twitter:image:alt')).toEqual([]);
    expect(content(plain, 'og:locale:alternate')).toEqual([]);
  });
});
