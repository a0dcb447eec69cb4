/**
 * Repair bookings by the shop's opening hours, in UK time: the times the form offers and the rules the form and the
 * server both check, with their messages.
 */
import { WEEKDAY_NAMES, rangesText, type OpeningHours } from './hours.ts';
import {
  addDays,
  closingMinutesOf,
  closureOn,
  hhmm,
  minutesOf,
  openAt,
  openingsOn,
  rangesOn,
  shortDate,
  ukInstant,
  ukTime,
  weekdayOf,
} from './open-status.ts';

/** How far ahead a booking may be made. */
export const BOOKING_DAYS_AHEAD = 90;

/** 'Tue 3 Jun 2025 at 10:30': a UK date and time, as a booking names them. */
export const ukDateTimeText = (date: string, time: string) => `${shortDate(date)} ${date.slice(0, 4)} at ${time}`;

/** An instant in UK time: 'Mon 2 Jun 2025 at 21:45'. */
export function ukInstantText(instant: number): string {
  const { date, minutes } = ukTime(instant);
  return ukDateTimeText(date, hhmm(minutes));
}

/**
 * The times a booking can be asked for on a day: every half hour from opening until half an hour before closing, a
 * half hour across two openings that touch included.
 */
export function bookingTimes(hours: OpeningHours | null, date: string): string[] {
  const ranges = hours ? openingsOn(hours, date) : [{ open: '09:00', close: '18:00' }];
  const times: string[] = [];
  for (const r of ranges) {
    for (let m = Math.ceil(minutesOf(r.open) / 30) * 30; m + 30 <= closingMinutesOf(r.close); m += 30) {
      times.push(hhmm(m));
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
  noDays: "We're not taking repair bookings at the moment. Please call us, or send us a question instead.",
} as const;

/**
 * Whether any time from `now` to the last day a booking may be made is one the shop is open at: not when every day is
 * closed, or closures cover them all. Without opening hours, any is.
 */
export function canBookAhead(hours: OpeningHours | null, now: number): boolean {
  if (!hours) return true;
  const today = ukTime(now);
  for (let ahead = 0; ahead <= BOOKING_DAYS_AHEAD; ahead++) {
    const date = addDays(today.date, ahead);
    if (bookingTimes(hours, date).some((t) => ahead > 0 || minutesOf(t) > today.minutes)) return true;
  }
  return false;
}

type BookingIssue = { field: 'preferredDate' | 'preferredTime'; message: string } | undefined;

/** What is wrong with a booking's day alone (UK date `date`, asked at `now`): in the past, too far ahead, or shut. */
export function bookingDayIssue(hours: OpeningHours | null, date: string, now: number): BookingIssue {
  const today = ukTime(now).date;
  if (date < today) return { field: 'preferredDate', message: bookingMessages.past };
  if (date > addDays(today, BOOKING_DAYS_AHEAD)) return { field: 'preferredDate', message: bookingMessages.tooFar };
  if (!hours) return undefined;
  if (!canBookAhead(hours, now)) return { field: 'preferredDate', message: bookingMessages.noDays };
  const closure = closureOn(hours, date);
  if (closure) return { field: 'preferredDate', message: bookingMessages.closure(closure.label) };
  if (!rangesOn(hours, date).length)
    return { field: 'preferredDate', message: bookingMessages.closedDay(WEEKDAY_NAMES[weekdayOf(date)]) };
  return undefined;
}

/**
 * What is wrong with a booking for `date` at `time` (UK time) when asked at `now`, and which field it concerns;
 * undefined when it can be booked. Without opening hours set, any time in the future is accepted.
 */
export function bookingIssue(hours: OpeningHours | null, date: string, time: string, now: number): BookingIssue {
  const day = bookingDayIssue(hours, date, now);
  if (day) return day;
  if (ukInstant(date, time) <= now) return { field: 'preferredTime', message: bookingMessages.past };
  if (!hours) return undefined;
  const ranges = rangesOn(hours, date);
  const m = minutesOf(time);
  if (!ranges.some((r) => openAt(r, m))) {
    return { field: 'preferredTime', message: bookingMessages.outsideHours(rangesText(ranges)) };
  }
  return undefined;
}
