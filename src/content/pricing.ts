/**
 * Marketing price points per currency: the lowest daily price per bag, and the guarantee
 * cover per bag. The tenant check rejects a place whose currency is missing here.
 */
export interface PricePoint {
  dailyFrom: number;
  guarantee: number;
}

export const PRICE_BOOK: Readonly<Record<string, PricePoint>> = {
  EUR: { dailyFrom: 5, guarantee: 3000 },
  GBP: { dailyFrom: 5, guarantee: 2500 },
  USD: { dailyFrom: 6, guarantee: 3000 },
  CAD: { dailyFrom: 8, guarantee: 4000 },
  AUD: { dailyFrom: 9, guarantee: 4500 },
  JPY: { dailyFrom: 800, guarantee: 450000 },
  KRW: { dailyFrom: 8000, guarantee: 4000000 },
  SGD: { dailyFrom: 8, guarantee: 4000 },
  THB: { dailyFrom: 200, guarantee: 100000 },
  CHF: { dailyFrom: 7, guarantee: 3000 },
  CZK: { dailyFrom: 120, guarantee: 75000 },
  HUF: { dailyFrom: 2000, guarantee: 1200000 },
  DKK: { dailyFrom: 40, guarantee: 22000 },
  TRY: { dailyFrom: 250, guarantee: 120000 },
};

export const SUPPORTED_CURRENCIES = Object.keys(PRICE_BOOK);

export function pricePointFor(currency: string): PricePoint {
  const point = PRICE_BOOK[currency];
  if (!point) throw new Error(`No price point for currency ${currency}`);
  return point;
}
