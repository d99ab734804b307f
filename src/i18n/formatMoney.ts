import type { RegionalFormat } from './regionalLocale';

/**
 * Yen and won as Japanese, Korean and Chinese sites print them: a unit word after the amount
 * (800円, 8,000원, 800日元), where Intl writes an ambiguous or technical sign (￥800, ₩8,000, JP¥800).
 */
const UNIT_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ja: { JPY: '円', KRW: 'ウォン' },
  ko: { JPY: '엔', KRW: '원' },
  zh: { JPY: '日元', KRW: '韩元' },
};

/** Whole amounts drop their decimals (£5, not £5.00); the page formats on the server only. */
export function formatMoney(amount: number, currency: string, format: RegionalFormat): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const options = {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: format.grouping,
  } as const;
  const unitWord = UNIT_WORDS[new Intl.Locale(format.locale).language]?.[currency];
  if (unitWord) return `${new Intl.NumberFormat(format.locale, options).format(amount)}${unitWord}`;
  return new Intl.NumberFormat(format.locale, { ...options, style: 'currency', currency }).format(amount);
}
