/**
 * Whether the shop is open, by the clock it keeps: UK local time (Europe/London), British Summer Time included,
 * worked out by the UK's own rule (dates.ts) rather than with Intl.DateTimeFormat, whose first use with a time zone
 * held a slow phone's main thread for 150–480 ms as a page went live. The browser works out "Open now · closes 17:30"
 * with it once a page is live; the server checks bookings with the same code (booking.ts).
 */
import { ukWallClock } from './dates.ts';
import { WEEKDAYS, WEEKDAY_NAMES, type Closure, type OpeningHours, type TimeRange, type Weekday } from './hours.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** The UK date ('YYYY-MM-DD') and minute of the day at an instant (epoch milliseconds). */
export function ukTime(instant: number): { date: string; minutes: number } {
  const local = ukWallClock(instant);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
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

/** A minute of the day as a clock reads it: 570 is '09:30'. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A closing time's minute of the day: '00:00' closes at midnight, the day's end (1440). */
export const closingMinutesOf = (time: string) => minutesOf(time) || 24 * 60;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** 'Fri 26 Dec' */
export const shortDate = (date: string) =>
  `${WEEKDAY_NAMES[weekdayOf(date)].slice(0, 3)} ${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

/** A closure's days as the shop writes them: 'Mon 7 Dec 2026', 'Thu 24 Dec – Sat 26 Dec 2026'. */
export const closureDays = (c: Closure) =>
  `${shortDate(c.from)}${c.to !== c.from ? ` – ${shortDate(c.to)}` : ''} ${c.to.slice(0, 4)}`;

export function closureOn(hours: OpeningHours, date: string): Closure | undefined {
  return hours.closures.find((c) => c.from <= date && date <= c.to);
}

/** The day's openings in order, none on a closure. */
export function rangesOn(hours: OpeningHours, date: string): TimeRange[] {
  if (closureOn(hours, date)) return [];
  return [...hours.week[weekdayOf(date)]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

/** The day's openings in order, those that touch made one: 09:15–12:15 and 12:15–18:00 are open 09:15–18:00. */
export function openingsOn(hours: OpeningHours, date: string): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of rangesOn(hours, date)) {
    const last = out.at(-1);
    if (last && minutesOf(r.open) === closingMinutesOf(last.close)) out[out.length - 1] = { open: last.open, close: r.close };
    else out.push(r);
  }
  return out;
}

/** Whether an opening is open at a minute of its day. */
export const openAt = (r: TimeRange, minutes: number) => minutesOf(r.open) <= minutes && minutes < closingMinutesOf(r.close);

/** A day `ahead` days on, as the status names it: 'Mon' within the week, 'Fri 2 Jan' further off. */
const dayText = (date: string, ahead: number) => (ahead < 7 ? WEEKDAY_NAMES[weekdayOf(date)].slice(0, 3) : shortDate(date));

export interface ShopStatus {
  open: boolean;
  /**
   * 'Open now · closes 17:30' ('· closes Sat 02:00' past midnight, no closing when open all week), 'Closed now · opens
   * 14:00', 'Closed now · opens Mon 09:00', 'Closed now · opens Fri 2 Jan 09:00'.
   */
  text: string;
}

/** Whether the shop is open at an instant, and until when, or when it opens next. */
export function shopStatus(hours: OpeningHours, instant: number): ShopStatus {
  const { date, minutes } = ukTime(instant);
  const now = openingsOn(hours, date).find((r) => openAt(r, minutes));
  if (now) {
    const close = closingText(hours, date, now);
    return { open: true, text: close ? `Open now · closes ${close}` : 'Open now' };
  }
  for (let ahead = 0; ahead < 120; ahead++) {
    const day = addDays(date, ahead);
    const next = rangesOn(hours, day).find((r) => ahead > 0 || minutesOf(r.open) > minutes);
    if (!next) continue;
    const when = ahead === 0 ? '' : `${dayText(day, ahead)} `;
    return { open: false, text: `Closed now · opens ${when}${next.open}` };
  }
  return { open: false, text: 'Closed now' };
}

const MINUTE_MS = 60_000;

/**
 * The instant from which the shop's status and the UK date have been what they are at `instant`: the latest start of
 * the day, of an opening or of a closed spell. Whatever depends on them (the status, the closures to come) reads the
 * same at both, so a page rendered for this instant stays the same bytes until the status changes. On the day the
 * clocks change, from a closed night across the change, the minute `instant` falls in.
 */
export function statusSince(hours: OpeningHours, instant: number): number {
  const { date, minutes } = ukTime(instant);
  let since = 0;
  for (const r of rangesOn(hours, date)) {
    for (const m of [minutesOf(r.open), closingMinutesOf(r.close)]) if (m <= minutes && m > since) since = m;
  }
  const minute = instant - (instant % MINUTE_MS);
  const at = minute - (minutes - since) * MINUTE_MS;
  const then = ukTime(at);
  return then.date === date && then.minutes === since ? at : minute;
}

/**
 * The instant after `instant` at which the shop's status or the UK date next changes: the day's next opening or
 * closing, or midnight. A page rendered for statusSince reads true until then; the browser starts the app of a page
 * left open at that instant, so the page shows the new status (apps/web/public/boot.js).
 */
export function statusUntil(hours: OpeningHours, instant: number): number {
  const { date, minutes } = ukTime(instant);
  let until = 24 * 60;
  for (const r of rangesOn(hours, date)) {
    for (const m of [minutesOf(r.open), closingMinutesOf(r.close)]) if (m > minutes && m < until) until = m;
  }
  return until === 24 * 60 ? ukInstant(addDays(date, 1), '00:00') : ukInstant(date, hhmm(until));
}

/**
 * When the opening `from` of `date` ends: that day ('17:30', '00:00' for midnight), or past midnight when the next day
 * opens at 00:00 ('Sat 02:00'). Undefined when the shop stays open for the whole week ahead.
 */
function closingText(hours: OpeningHours, date: string, from: TimeRange): string | undefined {
  let day = date;
  let close = from.close;
  for (let ahead = 0; ahead < 7; ahead++) {
    if (minutesOf(close) > 0) return ahead === 0 ? close : `${dayText(day, ahead)} ${close}`;
    const next = addDays(day, 1);
    const carried = openingsOn(hours, next).find((r) => minutesOf(r.open) === 0);
    if (!carried) return ahead === 0 ? close : `${dayText(next, ahead + 1)} 00:00`;
    day = next;
    close = carried.close;
  }
  return undefined;
}
