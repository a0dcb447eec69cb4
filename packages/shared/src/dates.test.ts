import { describe, expect, it } from 'vitest';
import { formatUkDate, formatUkDateTime, ukDayStart } from './dates.ts';

describe('formatUkDate', () => {
  it('prints the UK calendar date, following British Summer Time', () => {
    expect(formatUkDate('2025-03-05T12:00:00.000Z')).toBe('5 March 2025');
    // 23:30 UTC in summer is already the next day in London; in winter it is not.
    expect(formatUkDate('2025-07-14T23:30:00.000Z')).toBe('15 July 2025');
    expect(formatUkDate('2025-12-31T23:30:00.000Z')).toBe('31 December 2025');
    // The clocks go forward at 01:00 UTC on 30 March 2025 and back at 01:00 UTC on 26 October 2025.
    expect(formatUkDate('2025-03-30T00:59:00.000Z')).toBe('30 March 2025');
    expect(formatUkDate('2025-03-29T23:30:00.000Z')).toBe('29 March 2025');
    expect(formatUkDate('2025-10-25T23:30:00.000Z')).toBe('26 October 2025');
    expect(formatUkDate('2025-10-26T23:30:00.000Z')).toBe('26 October 2025');
  });

  it('prints nothing for a date it cannot read', () => {
    expect(formatUkDate('not a date')).toBe('');
  });
});

describe('formatUkDateTime and ukDayStart', () => {
  it('prints the UK wall clock time', () => {
    expect(formatUkDateTime('2025-07-14T13:05:00.000Z')).toBe('14 July 2025, 14:05');
    expect(formatUkDateTime('2025-12-01T09:00:00.000Z')).toBe('1 December 2025, 09:00');
    expect(formatUkDateTime('nope')).toBe('');
  });

  it('gives the instant a UK day starts, in summer and winter and on the days the clocks change', () => {
    expect(ukDayStart('2025-07-01')).toBe('2025-06-30T23:00:00.000Z');
    expect(ukDayStart('2025-12-01')).toBe('2025-12-01T00:00:00.000Z');
    expect(ukDayStart('2025-03-30')).toBe('2025-03-30T00:00:00.000Z');
    expect(ukDayStart('2025-03-31')).toBe('2025-03-30T23:00:00.000Z');
    expect(ukDayStart('2025-10-26')).toBe('2025-10-25T23:00:00.000Z');
    expect(ukDayStart('2025-10-27')).toBe('2025-10-27T00:00:00.000Z');
  });
});
