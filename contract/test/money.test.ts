import { describe, expect, it } from 'vitest';
import {
  purchasePrice,
  takesFree,
  discountedPrice,
  discountedPriceKopecks,
  formatUah,
  isUahAmount,
  isValidCard,
  kopecksToUah,
  normalizeCard,
  uahToKopecks,
  withdrawSplit,
} from '../src/money.js';

describe('money', () => {
  it('converts UAH to kopecks without float drift', () => {
    expect(uahToKopecks(0.1 + 0.2)).toBe(30);
    expect(uahToKopecks(1250.5)).toBe(125050);
    expect(kopecksToUah(125050)).toBe(1250.5);
  });

  it('accepts only positive amounts with at most two decimals', () => {
    expect(isUahAmount(100)).toBe(true);
    expect(isUahAmount(0.01)).toBe(true);
    expect(isUahAmount(0)).toBe(false);
    expect(isUahAmount(-5)).toBe(false);
    expect(isUahAmount(1.005)).toBe(false);
    expect(isUahAmount(Number.NaN)).toBe(false);
    expect(isUahAmount(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('applies a discount as price − price × discount / 100', () => {
    expect(discountedPriceKopecks(200, 15)).toBe(17000);
    expect(discountedPrice(199, 33)).toBe(133.33);
    expect(discountedPrice(100, 0)).toBe(100);
    expect(discountedPrice(100, 100)).toBe(0);
    // out-of-range percentages are clamped, never negative prices
    expect(discountedPrice(100, 150)).toBe(0);
    expect(discountedPrice(100, -10)).toBe(100);
  });

  it('splits a withdrawal into a 5 % fee (rounded up) and the payout, losing no kopeck', () => {
    expect(withdrawSplit(10000)).toEqual({ feeKop: 500, payoutKop: 9500 });
    expect(withdrawSplit(10)).toEqual({ feeKop: 1, payoutKop: 9 }); // 0.5 rounds up
    expect(withdrawSplit(9)).toEqual({ feeKop: 1, payoutKop: 8 });
    expect(withdrawSplit(1)).toEqual({ feeKop: 1, payoutKop: 0 });
    expect(withdrawSplit(101)).toEqual({ feeKop: 6, payoutKop: 95 });
    for (let amount = 1; amount <= 5000; amount++) {
      const { feeKop, payoutKop } = withdrawSplit(amount);
      expect(feeKop + payoutKop).toBe(amount);
      // No request pays less than 1 kopeck per started 20 kopecks, so splitting never saves fee.
      expect(feeKop).toBeGreaterThanOrEqual(Math.ceil(amount / 20));
      expect(feeKop).toBeLessThanOrEqual(Math.ceil((amount * 5) / 100));
    }
  });

  it('checks card numbers with Luhn after stripping whitespace', () => {
    expect(normalizeCard(' 4111 1111\t1111 1111 ')).toBe('4111111111111111');
    expect(isValidCard('4111 1111 1111 1111')).toBe(true);
    expect(isValidCard('4111 1111 1111 1112')).toBe(false);
    expect(isValidCard('5375414100000000')).toBe(false);
    expect(isValidCard('4111-1111-1111-1111')).toBe(false);
    expect(isValidCard('12345')).toBe(false);
  });

  it('formats amounts the Ukrainian way', () => {
    expect(formatUah(100).replace(/\s/g, ' ')).toBe('100 грн');
    expect(formatUah(1250.5).replace(/\s/g, ' ')).toBe('1 250,50 грн');
  });
});

describe('the price a purchase charges', () => {
  const task = { price: 120, discount: 0, developerId: '100002' };
  it('is nothing for an admin or the task\'s own developer, ids as numbers or strings', () => {
    expect(takesFree({ telegramId: 100002, isAdmin: false }, '100002')).toBe(true);
    expect(takesFree({ telegramId: '100003', isAdmin: true }, 100002)).toBe(true);
    expect(takesFree({ telegramId: '100009', isAdmin: false }, '100002')).toBe(false);
    expect(purchasePrice({ telegramId: '100003', isAdmin: true }, task)).toBe(0);
    expect(purchasePrice({ telegramId: '100002', isAdmin: false }, { ...task, discount: 30 })).toBe(0);
  });
  it('is the price after the discount for anyone else', () => {
    expect(purchasePrice({ telegramId: '100001', isAdmin: false }, task)).toBe(120);
    expect(purchasePrice({ telegramId: '100001', isAdmin: false }, { ...task, price: 99, discount: 15 })).toBe(84.15);
  });
});
