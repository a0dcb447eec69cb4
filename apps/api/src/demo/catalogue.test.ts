import { describe, expect, it } from 'vitest';
import { demoHours } from './catalogue.ts';

const closuresOn = (date: string) => demoHours(Date.parse(`${date}T12:00:00Z`)).closures.map((c) => c.from);

describe("the demo shop's closures", () => {
  it('are the coming Christmas and New Year’s Day, whenever the demo is loaded', () => {
    expect(closuresOn('2026-06-15')).toEqual(['2026-12-25', '2027-01-01']);
    expect(closuresOn('2026-12-26')).toEqual(['2026-12-25', '2027-01-01']);
    // After Boxing Day, New Year's Day comes first; Christmas is next year's.
    expect(closuresOn('2026-12-28')).toEqual(['2027-01-01', '2027-12-25']);
    expect(closuresOn('2027-01-01')).toEqual(['2027-01-01', '2027-12-25']);
    expect(closuresOn('2027-01-02')).toEqual(['2027-12-25', '2028-01-01']);
  });
});
