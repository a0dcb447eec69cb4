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
  const local = ukClock(iso);
  return local ? `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}` : '';
}

/** Whether UK clocks show British Summer Time at this instant (epoch milliseconds). */
function isSummer(time: number): boolean {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
}

/** An instant (epoch milliseconds) shifted so that its UTC fields read as a UK wall clock. */
export const ukWallClock = (time: number): Date => new Date(time + (isSummer(time) ? 3_600_000 : 0));

/** The instant shifted so that its UTC fields read as a UK wall clock; undefined for an invalid date. */
function ukClock(iso: string): Date | undefined {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? undefined : ukWallClock(time);
}

/** '5 March 2025, 14:03' in UK time. */
export function formatUkDateTime(iso: string): string {
  const local = ukClock(iso);
  if (!local) return '';
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  return `${formatUkDate(iso)}, ${hh}:${mm}`;
}

/** The instant a UK calendar day ('2025-07-01') starts, as an ISO string (23:00 UTC the day before in summer). */
export function ukDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const summerMidnight = midnightUtc - 3_600_000;
  return new Date(isSummer(summerMidnight) ? summerMidnight : midnightUtc).toISOString();
}
