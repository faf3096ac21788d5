import { centsToDecimal, formatCount, formatMoney, toCents, unitPriceCents, isOnSale } from './money';

describe('money', () => {
  it('parses decimal strings into integer cents without float error', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('3')).toBe(300);
    expect(toCents('not a price')).toBe(0);
    expect(toCents('0.1') + toCents('0.2')).toBe(30);
  });
  it('formats cents back into a decimal string', () => {
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(5)).toBe('0.05');
  });
  it('formats cents as en-US dollars, exactly as Intl does', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-50)).toBe('-$0.50');
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 5, 99, 100, 999, 1999, 99999, 100000, 123456, 1000000, 99999999, -1, -1999, -123456]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    }
  });
  it('formats a count as en-US writes it, exactly as toLocaleString does', () => {
    for (const count of [0, 1, 12, 999, 1000, 1234, 99999, 100000, 1234567, -1, -1234]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });
  it('uses the sale price only when it is greater than 0', () => {
    expect(unitPriceCents({ sale_price: '0.00', regular_price: '20.00' })).toBe(2000);
    expect(unitPriceCents({ sale_price: '15.00', regular_price: '20.00' })).toBe(1500);
    expect(isOnSale({ sale_price: '15.00', regular_price: '20.00' })).toBe(true);
    expect(isOnSale({ sale_price: '0', regular_price: '20.00' })).toBe(false);
  });
});
