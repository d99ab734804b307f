// Issue 39 item 6: Japanese legal text read "14 日" and Japanese and Korean pages "5.3 mi". A number
// and its unit as each language sets them (src/i18n/unitText.ts).
import { period } from '@/landing/legal/format';
import { unitText } from '@/i18n/unitText';

describe('a number and its unit', () => {
  it.each([
    [{ count: 14, unit: 'day' }, 'ja-JP', '14日'],
    [{ count: 30, unit: 'day' }, 'ja-JP', '30日'],
    [{ count: 4, unit: 'hour' }, 'ja-JP', '4時間'],
    [{ count: 14, unit: 'day' }, 'ko-KR', '14일'],
    [{ count: 14, unit: 'day' }, 'zh-CN', '14天'],
    [{ count: 14, unit: 'day' }, 'en-GB', '14 days'],
    [{ count: 14, unit: 'day' }, 'de-DE', '14 Tage'],
  ] as const)('%o in %s: %s', (value, locale, expected) => expect(period(value, locale)).toBe(expected));

  it('keeps the space before a Latin unit and between words', () => {
    expect(unitText('5.3 km')).toBe('5.3 km');
    expect(unitText('営業時間 24 hours')).toBe('営業時間 24 hours');
  });
});
