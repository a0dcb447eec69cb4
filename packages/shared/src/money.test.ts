import { describe, expect, it } from 'vitest';
import { formatGBP } from './money.ts';

describe('formatGBP', () => {
  it('writes pounds as a UK shop does, the same as en-GB currency formatting', () => {
    const whole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
    const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });
    const amounts = [0, 5, 89, 999, 1000, 1299.99, 12.5, 0.05, 0.1, 1234567.89, 100000, -5, -1299.99, 19.999];
    for (const amount of amounts) {
      expect(formatGBP(amount), String(amount)).toBe(Number.isInteger(amount) ? whole.format(amount) : pence.format(amount));
    }
  });
});
