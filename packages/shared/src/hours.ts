/**
 * The shop's opening hours and the clock they are read by: UK local time (Europe/London), British Summer Time
 * included, worked out with the platform's Intl API. The browser uses it for "Open now · closes 17:30" and the
 * booking form's times; the server uses the very same code to check a booking. No zod here: this file runs on every
 * shop page and must stay small (the schema that checks hours is in schemas.ts).
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
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One opening of a day, 'HH:MM' to 'HH:MM' (24-hour, UK local time), closing after opening on the same day. */
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

export const SHOP_TIME_ZONE = 'Europe/London';
/** How far ahead a booking may be made. */
export const BOOKING_DAYS_AHEAD = 90;
const DAY_MS = 86_400_000;

let london: Intl.DateTimeFormat | undefined;

/** The UK date ('YYYY-MM-DD') and minute of the day at an instant (epoch milliseconds). */
export function ukTime(instant: number): { date: string; minutes: number } {
  london ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, string> = {};
  for (const part of london.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** The instant a UK date and time ('HH:MM') names. In the hour the clocks go forward, which does not exist, the later reading. */
export function ukInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset = (t: number) => {
    const uk = ukTime(t);
    return Date.parse(`${uk.date}T00:00:00Z`) + uk.minutes * 60_000 - t;
  };
  const first = wall - offset(wall);
  return wall - offset(first);
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** 'Fri 26 Dec' */
export const shortDate = (date: string) =>
  `${WEEKDAY_NAMES[weekdayOf(date)].slice(0, 3)} ${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

export function closureOn(hours: OpeningHours, date: string): Closure | undefined {
  return hours.closures.find((c) => c.from <= date && date <= c.to);
}

/** The day's openings in order, none on a closure. */
export function rangesOn(hours: OpeningHours, date: string): TimeRange[] {
  if (closureOn(hours, date)) return [];
  return [...hours.week[weekdayOf(date)]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

/** '09:00–13:00, 14:00–17:30', or 'Closed'. */
export const rangesText = (ranges: TimeRange[]) =>
  ranges.length ? ranges.map((r) => `${r.open}–${r.close}`).join(', ') : 'Closed';

export interface ShopStatus {
  open: boolean;
  /** 'Open now · closes 17:30', 'Closed now · opens 14:00', 'Closed now · opens Mon 09:00', 'Closed now · opens Fri 2 Jan 09:00'. */
  text: string;
}

/** Whether the shop is open at an instant, and until when, or when it opens next. */
export function shopStatus(hours: OpeningHours, instant: number): ShopStatus {
  const { date, minutes } = ukTime(instant);
  const today = rangesOn(hours, date);
  const now = today.find((r) => minutesOf(r.open) <= minutes && minutes < minutesOf(r.close));
  if (now) {
    // An opening that starts as the last one ends carries on from it.
    let close = now.close;
    for (const r of today) if (r.open === close) close = r.close;
    return { open: true, text: `Open now · closes ${close}` };
  }
  for (let ahead = 0; ahead < 120; ahead++) {
    const day = addDays(date, ahead);
    const next = rangesOn(hours, day).find((r) => ahead > 0 || minutesOf(r.open) > minutes);
    if (!next) continue;
    const when = ahead === 0 ? '' : ahead < 7 ? `${WEEKDAY_NAMES[weekdayOf(day)].slice(0, 3)} ` : `${shortDate(day)} `;
    return { open: false, text: `Closed now · opens ${when}${next.open}` };
  }
  return { open: false, text: 'Closed now' };
}

/** The times a booking can be asked for on a day: every half hour from opening until half an hour before closing. */
export function bookingTimes(hours: OpeningHours | null, date: string): string[] {
  const ranges = hours ? rangesOn(hours, date) : [{ open: '09:00', close: '18:00' }];
  const times: string[] = [];
  for (const r of ranges) {
    for (let m = Math.ceil(minutesOf(r.open) / 30) * 30; m + 30 <= minutesOf(r.close); m += 30) {
      times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
  }
  return times;
}

export const bookingMessages = {
  dateRequired: 'Please choose a day for your booking',
  timeRequired: 'Please choose a time for your booking',
  past: 'Please choose a day and time in the future',
  tooFar: `Please choose a day within the next ${BOOKING_DAYS_AHEAD} days`,
  closedDay: (day: string) => `We're closed on ${day}s. Please choose another day.`,
  closure: (label: string) => `We're closed that day (${label}). Please choose another day.`,
  outsideHours: (open: string) => `Please choose a time when we're open that day: ${open}.`,
} as const;

/**
 * What is wrong with a booking for `date` at `time` (UK time) when asked at `now`, and which field it concerns;
 * undefined when it can be booked. Without opening hours set, any time in the future is accepted.
 */
export function bookingIssue(
  hours: OpeningHours | null,
  date: string,
  time: string,
  now: number,
): { field: 'preferredDate' | 'preferredTime'; message: string } | undefined {
  if (ukInstant(date, time) <= now) return { field: 'preferredTime', message: bookingMessages.past };
  if (date > addDays(ukTime(now).date, BOOKING_DAYS_AHEAD)) return { field: 'preferredDate', message: bookingMessages.tooFar };
  if (!hours) return undefined;
  const closure = closureOn(hours, date);
  if (closure) return { field: 'preferredDate', message: bookingMessages.closure(closure.label) };
  const ranges = rangesOn(hours, date);
  if (!ranges.length) return { field: 'preferredDate', message: bookingMessages.closedDay(WEEKDAY_NAMES[weekdayOf(date)]) };
  const m = minutesOf(time);
  if (!ranges.some((r) => minutesOf(r.open) <= m && m < minutesOf(r.close))) {
    return { field: 'preferredTime', message: bookingMessages.outsideHours(rangesText(ranges)) };
  }
  return undefined;
}
