import { describe, expect, it } from 'vitest';
import { bookingIssue, bookingMessages, bookingTimes, canBookAhead } from './booking.ts';
import { enquirySchema } from './enquiry.ts';
import type { OpeningHours } from './hours.ts';
import { shopStatus, statusSince, statusUntil, ukInstant, ukTime } from './open-status.ts';
import { hoursMessages, openingHoursSchema } from './schemas.ts';

/** Weekdays split by lunch, a short Saturday, Sunday closed; two days shut at Christmas. */
const HOURS: OpeningHours = {
  week: {
    mon: [
      { open: '09:00', close: '13:00' },
      { open: '14:00', close: '17:30' },
    ],
    tue: [{ open: '09:00', close: '17:30' }],
    wed: [{ open: '09:00', close: '17:30' }],
    thu: [{ open: '09:00', close: '17:30' }],
    fri: [{ open: '09:00', close: '17:30' }],
    sat: [{ open: '10:00', close: '16:00' }],
    sun: [],
  },
  closures: [{ from: '2025-12-25', to: '2025-12-26', label: 'Christmas' }],
};
const at = (iso: string) => Date.parse(iso);
const status = (iso: string, hours = HOURS) => shopStatus(hours, at(iso)).text;

// In 2025 the clocks go forward on Sunday 30 March at 01:00 GMT and back on Sunday 26 October at 01:00 GMT.
describe('UK time across the changes to and from British Summer Time', () => {
  it('reads GMT before the spring change and BST after it', () => {
    expect(ukTime(at('2025-03-30T00:59:00Z'))).toEqual({ date: '2025-03-30', minutes: 59 });
    expect(ukTime(at('2025-03-30T01:00:00Z'))).toEqual({ date: '2025-03-30', minutes: 2 * 60 });
    expect(ukTime(at('2025-03-31T08:00:00Z'))).toEqual({ date: '2025-03-31', minutes: 9 * 60 });
  });

  it('reads BST before the autumn change and GMT after it', () => {
    expect(ukTime(at('2025-10-26T00:59:00Z'))).toEqual({ date: '2025-10-26', minutes: 60 + 59 });
    expect(ukTime(at('2025-10-26T01:00:00Z'))).toEqual({ date: '2025-10-26', minutes: 60 });
    expect(ukTime(at('2025-10-25T23:30:00Z'))).toEqual({ date: '2025-10-26', minutes: 30 });
    expect(ukTime(at('2025-10-27T09:00:00Z'))).toEqual({ date: '2025-10-27', minutes: 9 * 60 });
  });

  it("agrees with the platform's Europe/London time zone at every quarter hour from 2024 to 2031", () => {
    const london = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const wrong: string[] = [];
    for (let t = at('2024-01-01T00:00:00Z'); t < at('2032-01-01T00:00:00Z'); t += 15 * 60_000) {
      const p = Object.fromEntries(london.formatToParts(t).map((part) => [part.type, part.value]));
      const expected = { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
      const actual = ukTime(t);
      if (actual.date !== expected.date || actual.minutes !== expected.minutes) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('turns a UK date and time into the instant, on both sides of each change', () => {
    expect(new Date(ukInstant('2025-03-28', '09:00')).toISOString()).toBe('2025-03-28T09:00:00.000Z');
    expect(new Date(ukInstant('2025-03-31', '09:00')).toISOString()).toBe('2025-03-31T08:00:00.000Z');
    expect(new Date(ukInstant('2025-10-24', '09:00')).toISOString()).toBe('2025-10-24T08:00:00.000Z');
    expect(new Date(ukInstant('2025-10-27', '09:00')).toISOString()).toBe('2025-10-27T09:00:00.000Z');
    // 01:30 on the autumn Sunday happens twice: the later (GMT) one. On the spring Sunday it never happens.
    expect(new Date(ukInstant('2025-10-26', '01:30')).toISOString()).toBe('2025-10-26T01:30:00.000Z');
    expect(new Date(ukInstant('2025-03-30', '01:30')).toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });
});

describe('shop status', () => {
  it('is open until the end of the opening, in GMT and in BST', () => {
    expect(status('2025-03-28T09:00:00Z')).toBe('Open now · closes 17:30');
    // 08:30 UTC is 08:30 in GMT (closed) but 09:30 in BST (open).
    expect(status('2025-03-28T08:30:00Z')).toBe('Closed now · opens 09:00');
    expect(status('2025-03-31T08:30:00Z')).toBe('Open now · closes 13:00');
    expect(status('2025-10-24T08:30:00Z')).toBe('Open now · closes 17:30');
    expect(status('2025-10-27T08:30:00Z')).toBe('Closed now · opens 09:00');
    expect(status('2025-10-24T16:29:00Z')).toBe('Open now · closes 17:30');
    expect(status('2025-10-24T16:30:00Z')).toBe('Closed now · opens Sat 10:00');
    expect(status('2025-10-31T17:29:00Z')).toBe('Open now · closes 17:30');
    expect(status('2025-10-31T17:30:00Z')).toBe('Closed now · opens Sat 10:00');
  });

  it('says when it opens next: later today, another day this week, or a date', () => {
    expect(status('2025-03-31T12:30:00Z')).toBe('Closed now · opens 14:00');
    expect(status('2025-03-30T12:00:00Z')).toBe('Closed now · opens Mon 09:00');
    expect(status('2025-03-29T21:00:00Z')).toBe('Closed now · opens Mon 09:00');
    // Christmas Eve evening: Christmas Day and Boxing Day are closures, so Saturday.
    expect(status('2025-12-24T18:00:00Z')).toBe('Closed now · opens Sat 10:00');
    expect(status('2025-12-25T12:00:00Z')).toBe('Closed now · opens Sat 10:00');
    const away = { ...HOURS, closures: [{ from: '2025-08-01', to: '2025-08-17', label: 'Summer holiday' }] };
    expect(status('2025-07-31T19:00:00Z', away)).toBe('Closed now · opens Mon 18 Aug 09:00');
  });

  it('carries on through openings that touch, and says only "Closed now" when it never opens', () => {
    const touching = {
      ...HOURS,
      week: {
        ...HOURS.week,
        tue: [
          { open: '09:00', close: '12:00' },
          { open: '12:00', close: '18:00' },
        ],
      },
    };
    expect(status('2025-04-01T09:00:00Z', touching)).toBe('Open now · closes 18:00');
    const never = { week: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, closures: [] };
    expect(status('2025-04-01T09:00:00Z', never)).toBe('Closed now');
  });

  it('closes at midnight, and carries on past it into a day that opens at 00:00', () => {
    // Friday 4 and Saturday 5 April 2025, BST: 22:30 UTC is 23:30 in the shop.
    const late = { ...HOURS, week: { ...HOURS.week, fri: [{ open: '18:00', close: '00:00' }] } };
    expect(status('2025-04-04T22:30:00Z', late)).toBe('Open now · closes 00:00');
    expect(status('2025-04-04T22:59:00Z', late)).toBe('Open now · closes 00:00');
    expect(status('2025-04-04T23:00:00Z', late)).toBe('Closed now · opens 10:00');
    expect(status('2025-04-04T12:00:00Z', late)).toBe('Closed now · opens 18:00');
    const overnight = {
      ...late,
      week: {
        ...late.week,
        sat: [
          { open: '00:00', close: '02:00' },
          { open: '10:00', close: '16:00' },
        ],
      },
    };
    expect(status('2025-04-04T22:30:00Z', overnight)).toBe('Open now · closes Sat 02:00');
    expect(status('2025-04-05T00:30:00Z', overnight)).toBe('Open now · closes 02:00');
    expect(status('2025-04-05T01:00:00Z', overnight)).toBe('Closed now · opens 10:00');
    // Shut on the Saturday: Friday's opening ends at midnight.
    const shutSaturday = { ...overnight, closures: [{ from: '2025-04-05', to: '2025-04-05', label: 'Stocktake' }] };
    expect(status('2025-04-04T22:30:00Z', shutSaturday)).toBe('Open now · closes 00:00');
    const allDay = [{ open: '00:00', close: '00:00' }];
    const weekend = { ...HOURS, week: { ...HOURS.week, sat: allDay, sun: allDay } };
    expect(status('2025-04-05T12:00:00Z', weekend)).toBe('Open now · closes Mon 00:00');
    const always = {
      week: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
      closures: [],
    };
    expect(status('2025-04-05T12:00:00Z', always)).toBe('Open now');
    const shutNextWeek = { ...always, closures: [{ from: '2025-04-12', to: '2025-04-12', label: 'Stocktake' }] };
    expect(status('2025-04-05T12:00:00Z', shutNextWeek)).toBe('Open now · closes Sat 12 Apr 00:00');
    expect(status('2025-04-06T12:00:00Z', shutNextWeek)).toBe('Open now · closes Sat 00:00');
  });
});

/** Whether the status and the UK date read the same at two instants. */
const sameStatus = (hours: OpeningHours, a: number, b: number) =>
  shopStatus(hours, a).text === shopStatus(hours, b).text && ukTime(a).date === ukTime(b).date;

/** An instant every 7 min 13 s through the weeks of both clock changes of 2025 and of Christmas. */
function* acrossTheChanges() {
  for (const [from, to] of [
    ['2025-03-27T00:00:00Z', '2025-04-07T00:00:00Z'],
    ['2025-10-23T00:00:00Z', '2025-11-03T00:00:00Z'],
    ['2025-12-23T00:00:00Z', '2025-12-28T00:00:00Z'],
  ] as const) {
    for (let instant = at(from); instant < at(to); instant += 7 * 60_000 + 13_000) yield instant;
  }
}

describe('the start of the status', () => {
  const overnight: OpeningHours = {
    ...HOURS,
    week: {
      ...HOURS.week,
      fri: [{ open: '18:00', close: '00:00' }],
      sat: [
        { open: '00:00', close: '02:00' },
        { open: '10:00', close: '16:00' },
      ],
    },
  };
  it('is the last opening, closing or midnight, the minute itself on the morning the clocks change', () => {
    const since = (iso: string, hours = HOURS) => new Date(statusSince(hours, at(iso))).toISOString();
    // Monday 31 March 2025, BST: open from 09:00 (08:00 UTC), closed for lunch from 13:00, open again from 14:00.
    expect(since('2025-03-31T08:42:17.250Z')).toBe('2025-03-31T08:00:00.000Z');
    expect(since('2025-03-31T12:30:00Z')).toBe('2025-03-31T12:00:00.000Z');
    expect(since('2025-03-31T13:00:00Z')).toBe('2025-03-31T13:00:00.000Z');
    expect(since('2025-03-31T20:00:00Z')).toBe('2025-03-31T16:30:00.000Z');
    // Before opening, the day's start: midnight BST is 23:00 UTC the day before.
    expect(since('2025-04-01T07:59:59Z')).toBe('2025-03-31T23:00:00.000Z');
    // Past midnight into Saturday's opening at 00:00.
    expect(since('2025-04-05T00:30:00Z', overnight)).toBe('2025-04-04T23:00:00.000Z');
    // Sunday 30 March 2025: closed all day, and the clocks went forward at 01:00 GMT.
    expect(since('2025-03-30T12:34:56Z')).toBe('2025-03-30T12:34:00.000Z');
    expect(since('2025-03-30T00:34:56Z')).toBe('2025-03-30T00:00:00.000Z');
  });

  it('reads as the instant does, and stays put until the status or the day changes, across both clock changes', () => {
    for (const hours of [HOURS, overnight]) {
      let previous: { instant: number; since: number } | undefined;
      for (const instant of acrossTheChanges()) {
        const since = statusSince(hours, instant);
        expect(since).toBeLessThanOrEqual(instant);
        expect(sameStatus(hours, since, instant), new Date(instant).toISOString()).toBe(true);
        const onTheChange = ['2025-03-30', '2025-10-26'].includes(ukTime(instant).date);
        if (previous && sameStatus(hours, previous.instant, instant) && !onTheChange) expect(since).toBe(previous.since);
        previous = { instant, since };
      }
    }
  });
});

describe('the end of the status', () => {
  /** Open on Sundays too, across both clock changes. */
  const sundays: OpeningHours = { ...HOURS, week: { ...HOURS.week, sun: [{ open: '10:00', close: '16:00' }] } };
  const until = (iso: string, hours = HOURS) => new Date(statusUntil(hours, at(iso))).toISOString();

  it("is the day's next opening or closing, or midnight, read on the clocks of the day", () => {
    // Monday 31 March 2025, BST: open from 09:00 (08:00 UTC), closed for lunch from 13:00, open again from 14:00.
    expect(until('2025-03-31T07:59:59Z')).toBe('2025-03-31T08:00:00.000Z');
    expect(until('2025-03-31T08:00:00Z')).toBe('2025-03-31T12:00:00.000Z');
    expect(until('2025-03-31T12:30:00Z')).toBe('2025-03-31T13:00:00.000Z');
    expect(until('2025-03-31T13:00:00Z')).toBe('2025-03-31T16:30:00.000Z');
    // Closed for the evening: midnight BST, 23:00 UTC.
    expect(until('2025-03-31T20:00:00Z')).toBe('2025-03-31T23:00:00.000Z');
    // Closed all day: midnight.
    expect(until('2025-12-25T12:00:00Z')).toBe('2025-12-26T00:00:00.000Z');
    // The Sundays the clocks change: 10:00 BST is 09:00 UTC, 10:00 GMT is 10:00 UTC.
    expect(until('2025-03-30T00:30:00Z', sundays)).toBe('2025-03-30T09:00:00.000Z');
    expect(until('2025-10-25T23:30:00Z', sundays)).toBe('2025-10-26T10:00:00.000Z');
    expect(until('2025-10-26T17:00:00Z', sundays)).toBe('2025-10-27T00:00:00.000Z');
  });

  it('is a start of the status, and the status and the day read the same until then, across both clock changes', () => {
    for (const hours of [HOURS, sundays]) {
      for (const instant of acrossTheChanges()) {
        const end = statusUntil(hours, instant);
        expect(end, new Date(instant).toISOString()).toBeGreaterThan(instant);
        expect(sameStatus(hours, instant, end - 1), new Date(instant).toISOString()).toBe(true);
        expect(statusSince(hours, end), new Date(instant).toISOString()).toBe(end);
      }
    }
  });
});

describe('bookings', () => {
  it('offers every half hour of the day until half an hour before closing', () => {
    expect(bookingTimes(HOURS, '2025-03-31')).toEqual([
      ...['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'],
      ...['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00'],
    ]);
    expect(bookingTimes(HOURS, '2025-03-30')).toEqual([]);
    expect(bookingTimes(HOURS, '2025-12-25')).toEqual([]);
  });

  it('must be in the future, reading UK time on both sides of the spring change', () => {
    // Saturday 29 March, GMT: 12:00 UK time.
    const sat = at('2025-03-29T12:00:00Z');
    expect(bookingIssue(HOURS, '2025-03-29', '12:30', sat)).toBeUndefined();
    expect(bookingIssue(HOURS, '2025-03-29', '11:30', sat)).toEqual({
      field: 'preferredTime',
      message: 'Please choose a day and time in the future',
    });
    // Monday 31 March, BST: 08:10 UTC is 09:10 in the shop, so 09:00 has passed (it would not have in GMT).
    const mon = at('2025-03-31T08:10:00Z');
    expect(bookingIssue(HOURS, '2025-03-31', '09:00', mon)?.message).toBe('Please choose a day and time in the future');
    expect(bookingIssue(HOURS, '2025-03-31', '09:30', mon)).toBeUndefined();
  });

  it('must be in the future, reading UK time on both sides of the autumn change', () => {
    const fri = at('2025-10-24T08:10:00Z');
    expect(bookingIssue(HOURS, '2025-10-24', '09:00', fri)?.message).toBe('Please choose a day and time in the future');
    expect(bookingIssue(HOURS, '2025-10-24', '09:30', fri)).toBeUndefined();
    const mon = at('2025-10-27T09:10:00Z');
    expect(bookingIssue(HOURS, '2025-10-27', '09:00', mon)?.message).toBe('Please choose a day and time in the future');
    expect(bookingIssue(HOURS, '2025-10-27', '09:30', mon)).toBeUndefined();
  });

  it('must fall inside the opening hours and not on a closure, nor too far ahead', () => {
    const now = at('2025-12-01T12:00:00Z');
    expect(bookingIssue(HOURS, '2025-12-07', '10:00', now)).toEqual({
      field: 'preferredDate',
      message: "We're closed on Sundays. Please choose another day.",
    });
    expect(bookingIssue(HOURS, '2025-12-26', '10:00', now)).toEqual({
      field: 'preferredDate',
      message: "We're closed that day (Christmas). Please choose another day.",
    });
    expect(bookingIssue(HOURS, '2025-12-08', '13:30', now)).toEqual({
      field: 'preferredTime',
      message: "Please choose a time when we're open that day: 09:00–13:00, 14:00–17:30.",
    });
    expect(bookingIssue(HOURS, '2025-12-08', '17:30', now)?.field).toBe('preferredTime');
    expect(bookingIssue(HOURS, '2025-12-08', '17:29', now)).toBeUndefined();
    expect(bookingIssue(HOURS, '2026-02-28', '10:00', now)).toBeUndefined();
    expect(bookingIssue(HOURS, '2026-03-02', '10:00', now)).toEqual({
      field: 'preferredDate',
      message: 'Please choose a day within the next 90 days',
    });
  });

  it('says no booking can be made when no day ahead is open, before and whatever day is chosen', () => {
    const now = at('2025-12-01T12:00:00Z');
    const shut = {
      week: Object.fromEntries(Object.keys(HOURS.week).map((d) => [d, []])),
      closures: [],
    } as unknown as OpeningHours;
    // Closed for a refit past the last day a booking may be made, after this afternoon's last half hour.
    const refit = { ...HOURS, closures: [{ from: '2025-12-02', to: '2026-03-31', label: 'Refit' }] };
    expect(canBookAhead(HOURS, now)).toBe(true);
    expect(canBookAhead(null, now)).toBe(true);
    expect(canBookAhead(refit, now)).toBe(true);
    expect(canBookAhead(refit, at('2025-12-01T17:00:00Z'))).toBe(false);
    expect(canBookAhead(shut, now)).toBe(false);
    const noDays = { field: 'preferredDate', message: bookingMessages.noDays };
    expect(bookingIssue(shut, '2025-12-02', '10:00', now)).toEqual(noDays);
    expect(bookingIssue(refit, '2025-12-08', '10:00', at('2025-12-01T17:00:00Z'))).toEqual(noDays);
    // The form's rules say it of a booking without a day too, rather than asking for one.
    const booking = { kind: 'booking', name: 'Jo', phone: '07700 900123', message: 'Screen', consent: true };
    const refused = enquirySchema(shut, () => now).safeParse({ ...booking, preferredDate: '', preferredTime: '' });
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['preferredDate', bookingMessages.noDays]]);
    expect(bookingMessages.noDays).toBe(
      "We're not taking repair bookings at the moment. Please call us, or send us a question instead.",
    );
  });

  it('offers a half hour across two openings that touch', () => {
    const split = {
      ...HOURS,
      week: {
        ...HOURS.week,
        mon: [
          { open: '09:15', close: '12:15' },
          { open: '12:15', close: '14:00' },
        ],
      },
    };
    expect(bookingTimes(split, '2025-12-01')).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
    ]);
    expect(bookingIssue(split, '2025-12-01', '12:00', at('2025-11-30T12:00:00Z'))).toBeUndefined();
  });

  it('takes times until half an hour before midnight on a day that closes at 00:00', () => {
    const late = { ...HOURS, week: { ...HOURS.week, fri: [{ open: '21:00', close: '00:00' }] } };
    expect(bookingTimes(late, '2025-12-05')).toEqual(['21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
    const now = at('2025-12-01T12:00:00Z');
    expect(bookingIssue(late, '2025-12-05', '23:59', now)).toBeUndefined();
    expect(bookingIssue(late, '2025-12-05', '20:59', now)?.message).toBe(
      "Please choose a time when we're open that day: 21:00–00:00.",
    );
  });

  it('takes any time in the future when the shop has set no hours', () => {
    const now = at('2025-12-01T12:00:00Z');
    expect(bookingIssue(null, '2025-12-07', '07:00', now)).toBeUndefined();
    expect(bookingIssue(null, '2025-12-01', '11:00', now)?.message).toBe('Please choose a day and time in the future');
  });
});

describe('opening hours schema', () => {
  const week = HOURS.week;
  const messages = (value: unknown) => {
    const r = openingHoursSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts the hours, sorting each day and the closures', () => {
    const parsed = openingHoursSchema.parse({
      week: { ...week, mon: [week.mon[1], week.mon[0]] },
      closures: [
        { from: '2026-01-01', to: '2026-01-01', label: " New Year's Day " },
        { from: '2025-12-25', to: '2025-12-26', label: 'Christmas' },
      ],
    });
    expect(parsed.week.mon).toEqual(week.mon);
    expect(parsed.closures.map((c) => c.label)).toEqual(['Christmas', "New Year's Day"]);
  });

  it('takes 00:00 as a closing time at midnight', () => {
    const late = [
      { open: '00:00', close: '02:00' },
      { open: '18:00', close: '00:00' },
    ];
    expect(messages({ week: { ...week, fri: late, sat: [{ open: '00:00', close: '00:00' }] }, closures: [] })).toEqual([]);
    expect(
      messages({
        week: {
          ...week,
          fri: [
            { open: '09:00', close: '00:00' },
            { open: '20:00', close: '22:00' },
          ],
        },
        closures: [],
      }),
    ).toEqual([`week.fri: ${hoursMessages.overlap}`]);
  });

  it('gives a clear message for each mistake', () => {
    expect(messages({ week: { ...week, tue: [{ open: '9am', close: '17:30' }] }, closures: [] })).toEqual([
      `week.tue.0.open: ${hoursMessages.time}`,
    ]);
    expect(messages({ week: { ...week, tue: [{ open: '17:30', close: '09:00' }] }, closures: [] })).toEqual([
      `week.tue.0.close: ${hoursMessages.closeAfterOpen}`,
    ]);
    expect(
      messages({
        week: {
          ...week,
          tue: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '17:00' },
          ],
        },
        closures: [],
      }),
    ).toEqual([`week.tue: ${hoursMessages.overlap}`]);
    expect(messages({ week: { ...week, tue: Array(5).fill({ open: '09:00', close: '10:00' }) }, closures: [] })[0]).toBe(
      `week.tue: ${hoursMessages.tooManyRanges}`,
    );
    expect(messages({ week, closures: [{ from: '2025-12-26', to: '2025-12-25', label: 'Christmas' }] })).toEqual([
      `closures.0.to: ${hoursMessages.closureOrder}`,
    ]);
    expect(messages({ week, closures: [{ from: '2025-02-30', to: '2025-03-01', label: '' }] })).toEqual([
      `closures.0.label: ${hoursMessages.closureLabel}`,
      `closures.0.from: ${hoursMessages.date}`,
    ]);
    expect(messages({ week, closures: [{ from: '2025-01-01', to: '2025-06-01', label: 'Refit' }] })).toEqual([
      `closures.0.to: ${hoursMessages.closureLong}`,
    ]);
    expect(messages('Mon-Fri 9-5')).toEqual([`: ${hoursMessages.invalid}`]);
  });
});
