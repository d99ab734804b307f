import type { WebsiteLocale } from './websiteLocales';

/**
 * The colon after a label, as each language sets it: French with a no-break space before it
 * ("Langue : Français"), Japanese and Chinese full width and without a following space.
 */
const COLONS: Partial<Record<WebsiteLocale, string>> = { fr: '\u00a0: ', ja: '：', zh: '：' };

export const labelColon = (language: string): string => COLONS[language as WebsiteLocale] ?? ': ';
