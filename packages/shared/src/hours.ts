/**
 * The shop's opening hours: a week of openings and dated closures, in UK local time. Every shop page shows them (the
 * footer), so this file holds only their shape and names; whether the shop is open now is worked out in
 * open-status.ts, the booking rules are in booking.ts, and the schema that checks hours in schemas.ts.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * One opening of a day, 'HH:MM' to 'HH:MM' (24-hour, UK local time), closing after opening on the same day: a close of
 * '00:00' is midnight at the day's end, and an opening past midnight is written as one closing at '00:00' and the next
 * day's opening at '00:00'.
 */
export interface TimeRange {
  open: string;
  close: string;
}

/** Days the shop is shut whatever the weekday says: 'YYYY-MM-DD' to 'YYYY-MM-DD', both included. */
export interface Closure {
  from: string;
  to: string;
  label: string;
}

/** A weekday with no range is a closed day. */
export interface OpeningHours {
  week: Record<Weekday, TimeRange[]>;
  closures: Closure[];
}

/** '09:00–13:00, 14:00–17:30', or 'Closed'. */
export const rangesText = (ranges: TimeRange[]) =>
  ranges.length ? ranges.map((r) => `${r.open}–${r.close}`).join(', ') : 'Closed';
