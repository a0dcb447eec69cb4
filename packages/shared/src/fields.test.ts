import { describe, expect, it } from 'vitest';
import { decimalOf } from './fields.ts';

describe('decimalOf', () => {
  it('reads amounts as people write them', () => {
    expect(decimalOf('12')).toBe(12);
    expect(decimalOf(' 12.50 ')).toBe(12.5);
    expect(decimalOf('.5')).toBe(0.5);
    expect(decimalOf('5.')).toBe(5);
    expect(decimalOf('-3')).toBe(-3);
  });

  it('reads nothing else, though JavaScript would', () => {
    for (const text of ['', ' ', '1e3', '0x10', 'Infinity', '12,50', '£12', '+12', '1 000', '--3']) {
      expect(decimalOf(text), text).toBeNaN();
    }
  });
});
