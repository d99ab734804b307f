// Prices per currency and locale (spec §3, §9).
import { PRICE_BOOK, pricePointFor } from '@/content/pricing';
import { formatMoney } from '@/i18n/formatMoney';
import { regionalFormat } from '@/i18n/regionalLocale';

describe('prices', () => {
  it('format per locale without needless decimals', () => {
    expect(formatMoney(5, 'GBP', regionalFormat('en', 'GB'))).toBe('£5');
    expect(formatMoney(5.5, 'EUR', regionalFormat('en', 'IE'))).toBe('€5.50');
    expect(formatMoney(3000, 'EUR', regionalFormat('de', 'DE'))).toBe('3.000\u00a0€');
  });

  it('exist for every currency the price book lists, and nothing else', () => {
    for (const currency of Object.keys(PRICE_BOOK)) expect(pricePointFor(currency).dailyFrom).toBeGreaterThan(0);
    expect(() => pricePointFor('SEK')).toThrow('No price point for currency SEK');
  });
});
