import { describe, expect, it } from 'vitest';
import { dateTimeCell } from './csv.ts';

describe('a date and time cell', () => {
  const at = (iso: string) => Date.parse(iso);

  it('reads the exported form and the forms spreadsheets rewrite it to, as UTC, with the precision each kept', () => {
    expect(dateTimeCell('2026-12-03T10:30:56.123Z')).toEqual({ at: at('2026-12-03T10:30:56.123Z'), unit: 1 });
    expect(dateTimeCell('2026-12-03T10:30:56.12Z')).toEqual({ at: at('2026-12-03T10:30:56.120Z'), unit: 10 });
    expect(dateTimeCell('2026-12-03 10:30:56.1')).toEqual({ at: at('2026-12-03T10:30:56.100Z'), unit: 100 });
    expect(dateTimeCell('2026-12-03 10:30:56')).toEqual({ at: at('2026-12-03T10:30:56Z'), unit: 1000 });
    expect(dateTimeCell('2026-12-03T10:30')).toEqual({ at: at('2026-12-03T10:30:00Z'), unit: 60_000 });
    expect(dateTimeCell('03/12/2026 10:30')).toEqual({ at: at('2026-12-03T10:30:00Z'), unit: 60_000 });
    expect(dateTimeCell('3/12/2026, 9:05:07')).toEqual({ at: at('2026-12-03T09:05:07Z'), unit: 1000 });
  });

  it('refuses what is not a date and time', () => {
    for (const cell of [
      '',
      'yesterday',
      '2026-12-03',
      '31/02/2026 10:00',
      '2026-13-01T10:00',
      '2026-12-03T24:00Z',
      '12/03/26 10:30',
    ]) {
      expect(dateTimeCell(cell), cell).toBeUndefined();
    }
  });
});
