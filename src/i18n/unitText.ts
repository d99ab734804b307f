/**
 * A number and its unit as the page's language sets them: CLDR puts a space before some Japanese
 * units ("14 日", "5.3 マイル") that Japanese text does not have ("14日"); Korean and Chinese have
 * none already, and a Latin unit ("5.3 km") keeps its space.
 */
export const unitText = (formatted: string): string =>
  formatted.replace(/(\d)[ \u00a0](?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu, '$1');

/** Languages whose short mile is the Latin "mi", which their readers do not use: miles are written out ("マイル", "마일"). */
const MILES_WRITTEN_OUT: readonly string[] = ['ja', 'ko'];

export const milesWrittenOut = (locale: string): boolean =>
  MILES_WRITTEN_OUT.includes(new Intl.Locale(locale).language);
