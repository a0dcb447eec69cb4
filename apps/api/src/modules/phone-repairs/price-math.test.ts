import { describe, expect, it } from 'vitest';
import { describeRule, newPrice } from './price-math.ts';

describe('bulk price arithmetic in pence', () => {
  it('raises and lowers by a percentage, rounding half up to the penny', () => {
    expect(newPrice(12900, { type: 'percent', value: 10, round: 'none' })).toBe(14190);
    expect(newPrice(5999, { type: 'percent', value: 10, round: 'none' })).toBe(6599); // 65.989 -> 65.99
    expect(newPrice(1005, { type: 'percent', value: 10, round: 'none' })).toBe(1106); // 11.055 -> 11.06 (half up)
    expect(newPrice(12900, { type: 'percent', value: -12.5, round: 'none' })).toBe(11288); // 112.875 -> 112.88
    expect(newPrice(333, { type: 'percent', value: 0.01, round: 'none' })).toBe(333);
  });

  it('adds and takes off an amount of pounds and pence, exactly', () => {
    expect(newPrice(4999, { type: 'amount', value: 5, round: 'none' })).toBe(5499);
    expect(newPrice(4999, { type: 'amount', value: -0.1, round: 'none' })).toBe(4989);
    expect(newPrice(10, { type: 'amount', value: 0.29, round: 'none' })).toBe(39);
    // 0.1 + 0.2 is not 0.3 in floating point; in pence it is.
    expect(newPrice(10, { type: 'amount', value: 0.2, round: 'none' })).toBe(30);
  });

  it('rounds to whole pounds or to .99 from the exact value, not from a penny-rounded one', () => {
    expect(newPrice(12900, { type: 'percent', value: 10, round: 'whole' })).toBe(14200); // 141.90 -> 142
    expect(newPrice(13145, { type: 'amount', value: 0, round: '99' })).toBe(13099); // 131.45 -> 130.99
    expect(newPrice(13160, { type: 'amount', value: 0, round: '99' })).toBe(13199); // 131.60 -> 131.99
    expect(newPrice(12950, { type: 'amount', value: 0, round: 'whole' })).toBe(13000); // 129.50 -> 130 (half up)
    // £9.99 + 45% is £14.4855: to the penny first it would be £14.49, and then £14 as well; a half pound goes up.
    expect(newPrice(1000, { type: 'percent', value: 45, round: 'whole' })).toBe(1500); // 14.50 -> 15
    expect(newPrice(999, { type: 'percent', value: 45, round: 'whole' })).toBe(1400); // 14.4855 -> 14
    expect(newPrice(999, { type: 'percent', value: 45, round: '99' })).toBe(1399);
  });

  it('can go below zero, which the service refuses', () => {
    expect(newPrice(500, { type: 'amount', value: -10, round: 'none' })).toBe(-500);
    expect(newPrice(40, { type: 'amount', value: 0, round: '99' })).toBe(-1);
  });

  it('describes a change', () => {
    expect(describeRule({ type: 'percent', value: 10, round: 'none' })).toBe('+10%');
    expect(describeRule({ type: 'amount', value: -2.5, round: '99' })).toBe('-£2.50, rounded to .99');
    expect(describeRule({ type: 'amount', value: 5, round: 'whole' })).toBe('+£5, rounded to whole pounds');
  });
});
