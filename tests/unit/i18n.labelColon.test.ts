// The screenshot review of issue 21 found "Langue: Français" and half-width colons in Japanese
// and Chinese; labels take the colon their language sets (src/i18n/labelColon.ts).
import { describe, expect, it } from 'vitest';
import { labelColon } from '@/i18n/labelColon';

describe('labelColon', () => {
  it.each([
    ['fr', '\u00a0: '],
    ['ja', '：'],
    ['zh', '：'],
    ['en', ': '],
    ['de', ': '],
    ['ko', ': '],
  ])('%s → %j', (language, colon) => expect(labelColon(language)).toBe(colon));
});
