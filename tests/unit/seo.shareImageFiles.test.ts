// One prebuilt share image per (page, locale); a host gets only its own.
import { describe, expect, it } from 'vitest';
import { shareImageFor, shareImageName } from '@/seo/shareImageFiles';
import { FIXTURE_ENTRIES } from './fixtures';

const kingsCross = FIXTURE_ENTRIES.find((entry) => entry.path === '/kings-cross-station/poi')!;

describe('shareImageFor', () => {
  it.each([
    [
      'its own page in one of its locales',
      shareImageName('kings-cross-station', 'poi', kingsCross.locales[0]!),
      kingsCross,
      true,
    ],
    ['its own page in a locale it lacks', shareImageName('kings-cross-station', 'poi', 'xx'), kingsCross, false],
    ['another host’s page', shareImageName('prague', 'city', 'en'), kingsCross, false],
    ['the old name without a locale', 'kings-cross-station-poi', kingsCross, false],
    ['a path trick', '../kings-cross-station-poi-en', kingsCross, false],
    ['any page from the microsites host', shareImageName('prague', 'city', 'en'), 'microsites', true],
    ['no such page from the microsites host', shareImageName('nowhere', 'city', 'en'), 'microsites', false],
  ] as const)('%s → %s', (_, name, host, found) => {
    expect(shareImageFor(name, host, FIXTURE_ENTRIES)).toBe(found ? name : null);
  });
});
