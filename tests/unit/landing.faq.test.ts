// FAQ answers written per kind of place, in every language, listed once for both the
// visible FAQ and its structured data.
import { describe, expect, it } from 'vitest';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { faqItems } from '@/landing/faqTopics';
import { PLACE_KINDS } from '@/tenancy/types';

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('faqItems', () => {
  it.each([
    ['airport', ['layover', 'flight']],
    ['station', ['early', 'dayTrip']],
    ['landmark', ['visit', 'departure']],
    ['city', ['checkout', 'arrival']],
  ] as const)('puts the questions of a %s first, then the shared ones', (kind, own) => {
    const topics = faqItems(kind).map((item) => item.topic);
    expect(topics.slice(0, 2)).toEqual(own);
    expect(topics.slice(2)).toEqual(['hours', 'size', 'guarantee', 'cancel', 'id', 'find']);
  });

  it('has a question and an answer for every item of every kind in all 11 languages', async () => {
    for (const locale of WEBSITE_LOCALES) {
      const copy = (await import(`../../locales/${locale}/microsites.json`)).default;
      for (const kind of PLACE_KINDS) {
        for (const { key } of faqItems(kind)) {
          expect(typeof lookup(copy, `${key}.q`), `${locale} ${key}.q`).toBe('string');
          expect(typeof lookup(copy, `${key}.a`), `${locale} ${key}.a`).toBe('string');
        }
      }
    }
  });
});
