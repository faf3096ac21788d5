/**
 * Prices travel as decimal strings ("49.99", as a Django DecimalField would send them) and are
 * computed on as integer cents, never as floating point.
 */
export type DecimalString = string;

/** The store's prices are US dollars (the embed's events say so: `currency`). */
export const STORE_CURRENCY = 'USD';

export function toCents(value: DecimalString | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) return 0;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

export function centsToDecimal(cents: number): DecimalString {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * US dollars as en-US writes them ("$1,234.56", "-$0.50"), the same text as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` (money.test.ts compares them),
 * without it: building that formatter loads the locale data, about 35 ms (140 ms at 4x CPU slowdown)
 * of the first visit's longest task, when this module was evaluated (issue 10's TBT).
 */
export function formatMoney(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  return `${rounded < 0 ? '-' : ''}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A count as en-US writes it ("1,234"), the same text as `count.toLocaleString('en-US')` without it:
 * its first call in a page builds the locale's number format, 15-45 ms (50-160 ms at 4x CPU slowdown),
 * in a list page's first render (issue 10).
 */
export function formatCount(count: number): string {
  const rounded = Math.round(count);
  return `${rounded < 0 ? '-' : ''}${groupThousands(Math.abs(rounded))}`;
}

const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** SPEC.md section 9: the unit price is sale_price when greater than 0, else regular_price. */
export function unitPriceCents(variant: { sale_price: DecimalString; regular_price: DecimalString }): number {
  const sale = toCents(variant.sale_price);
  return sale > 0 ? sale : toCents(variant.regular_price);
}

export function isOnSale(variant: { sale_price: DecimalString; regular_price: DecimalString }): boolean {
  const sale = toCents(variant.sale_price);
  return sale > 0 && sale < toCents(variant.regular_price);
}
