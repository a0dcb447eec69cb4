const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 01:00 UTC on the last Sunday of a month: when UK clocks change (March forward, October back). */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

/**
 * The UK calendar date of an instant, '5 March 2025' (British Summer Time from the last Sunday of March to the
 * last Sunday of October). Written out rather than with Intl.DateTimeFormat, so the server and the browser print the
 * very same text whatever their own time zone, and no slow phone pays for building a formatter.
 */
export function formatUkDate(iso: string): string {
  const at = new Date(iso);
  const time = at.getTime();
  if (Number.isNaN(time)) return '';
  const year = at.getUTCFullYear();
  const summer = time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
  const local = new Date(time + (summer ? 3_600_000 : 0));
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}
