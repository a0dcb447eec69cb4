import { enquiryMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { enquiry, setUpShop, type TestShop } from './enquiries.testkit.ts';

let t: TestContext;
let admin: string;
let shop: TestShop;
/** The time the server checks bookings at; each test sets it. It moves on a millisecond at each reading, so enquiries sort newest first. */
let clock = Date.parse('2025-06-02T12:00:00Z');
let ticks = 0;

const send = (body: unknown, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/enquiry/create', payload: body as object, ...(remoteAddress ? { remoteAddress } : {}) });
const inbox = async (query = '') =>
  (await t.request({ method: 'GET', url: `/api/enquiry/getall${query}`, cookie: admin })).json();
const count = async () => (await inbox()).fetchEnquiry.length as number;
const latest = async () => (await inbox('?limit=1')).fetchEnquiry[0];
const booking = (date: string, time: string, over: Record<string, unknown> = {}) =>
  enquiry({
    kind: 'booking',
    repairId: shop.repairId,
    preferredDate: date,
    preferredTime: time,
    message: 'My screen is cracked.',
    ...over,
  });

beforeAll(async () => {
  t = await createTestContext({ ENQUIRY_RATE_LIMIT: '1000' }, { clock: () => clock + ++ticks });
  admin = await t.signIn('admin');
  shop = await setUpShop(t, admin);
});
afterAll(async () => {
  await t.close();
});

describe('sending an enquiry', () => {
  it('answers 201 with the friendly message, and the inbox shows it, new, with the product named', async () => {
    const res = await send(enquiry({ productId: shop.productId }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: enquiryMessages.sent });
    expect(await latest()).toEqual({
      _id: expect.any(String),
      kind: 'enquiry',
      status: 'new',
      name: 'Jane Smith',
      phone: '07700 900789',
      email: 'jane@example.com',
      message: 'Do you have the Pixel 9 in stock in Obsidian?',
      productId: shop.productId,
      repairId: null,
      subject: 'Pixel 9',
      preferredDate: null,
      preferredTime: null,
      note: '',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('needs only one of phone and email, each valid; takes UK numbers as people write them', async () => {
    for (const phone of [
      '07700 900123',
      '+44 7700 900123',
      '+44 (0)7700 900123',
      '0118 496 0000',
      '(0118) 496-0000',
      '0044 20 7946 0000',
      // Copied from a web page, with its no-break and thin spaces.
      '07700\u00A0900\u2009123',
    ]) {
      expect((await send(enquiry({ phone, email: '' }))).statusCode, phone).toBe(201);
    }
    expect((await send(enquiry({ phone: '', email: 'only@example.com' }))).statusCode).toBe(201);
    const only = await send(enquiry({ phone: undefined, email: undefined }));
    expect(only.json()).toEqual({
      success: false,
      message: enquiryMessages.contactRequired,
      fieldErrors: { phone: [enquiryMessages.contactRequired] },
    });
    // Control characters and invisible marks hidden between the digits are no number.
    for (const phone of [
      '12345',
      '+1 555 123 4567',
      '07700 9001234567',
      'call me',
      '07700\u000b\u000c\u2028900123',
      '07700\n900123',
      '07700\uFEFF900123',
    ]) {
      expect((await send(enquiry({ phone }))).json().fieldErrors, phone).toEqual({ phone: [enquiryMessages.phone] });
    }
    expect((await send(enquiry({ email: 'jane@' }))).json().fieldErrors).toEqual({ email: [enquiryMessages.email] });
  });

  it('gives every field its message, and keeps nothing', async () => {
    const before = await count();
    expect((await send({})).json()).toEqual({
      success: false,
      message: enquiryMessages.kind,
      fieldErrors: {
        kind: [enquiryMessages.kind],
        name: [enquiryMessages.nameRequired],
        message: [enquiryMessages.messageRequired],
        consent: [enquiryMessages.consent],
        phone: [enquiryMessages.contactRequired],
      },
    });
    expect((await send(enquiry({ consent: false }))).json().fieldErrors).toEqual({ consent: [enquiryMessages.consent] });
    expect((await send(enquiry({ consent: 'yes' }))).json().fieldErrors).toEqual({ consent: [enquiryMessages.consent] });
    expect((await send(enquiry({ kind: 'complaint' }))).json().fieldErrors).toEqual({ kind: [enquiryMessages.kind] });
    expect((await send(enquiry({ name: '   ' }))).json().fieldErrors).toEqual({ name: [enquiryMessages.nameRequired] });
    expect((await send(enquiry({ name: ' ', phone: '', email: '' }))).json().fieldErrors).toEqual({
      name: [enquiryMessages.nameRequired],
      phone: [enquiryMessages.contactRequired],
    });
    expect(await count()).toBe(before);
  });

  it('limits the length of every field', async () => {
    const long = (n: number) => 'x'.repeat(n);
    expect((await send(enquiry({ name: long(101) }))).json().fieldErrors).toEqual({ name: [enquiryMessages.nameLong] });
    expect((await send(enquiry({ name: long(100) }))).statusCode).toBe(201);
    expect((await send(enquiry({ message: long(2001) }))).json().fieldErrors).toEqual({ message: [enquiryMessages.messageLong] });
    expect((await send(enquiry({ message: long(2000) }))).statusCode).toBe(201);
    expect((await send(enquiry({ phone: `07700 900123${' '.repeat(30)}1` }))).json().fieldErrors).toEqual({
      phone: [enquiryMessages.phone],
    });
    expect((await send(enquiry({ email: `${long(250)}@example.com` }))).json().fieldErrors).toEqual({
      email: [enquiryMessages.email],
    });
    expect((await send(enquiry({ productId: long(65) }))).statusCode).toBe(400);
    expect((await send(enquiry({ preferredDate: long(11), kind: 'booking' }))).statusCode).toBe(400);
  });

  it('never answers hostile input with a 5xx', async () => {
    for (const body of [
      { name: 123, message: ['a'], phone: {}, email: 7, consent: 1, kind: null },
      enquiry({ productId: { $ne: null } }),
      enquiry({ repairId: "' or 1=1 --" }),
      enquiry({ productId: 'not an id!' }),
      enquiry({ message: '\u0000NUL in text' }),
      enquiry({ preferredDate: '2025-02-30', preferredTime: '25:00', kind: 'booking' }),
      [],
      'just text',
    ]) {
      const res = await send(body);
      expect([JSON.stringify(body), res.statusCode < 500]).toEqual([JSON.stringify(body), true]);
    }
  });

  it('keeps what the visitor typed as text: markup is stored and answered as it was sent', async () => {
    const markup = '<img src=x onerror=alert(1)> <script>alert("hi")</script>';
    expect((await send(enquiry({ name: '<b>Bold</b> Name', message: markup }))).statusCode).toBe(201);
    const stored = await latest();
    expect(stored.name).toBe('<b>Bold</b> Name');
    expect(stored.message).toBe(markup);
  });

  it('names what it is about: a product, or a repair, not both; a deleted one is refused with a clear message', async () => {
    expect((await send(enquiry({ productId: shop.productId, repairId: shop.repairId }))).json().fieldErrors).toEqual({
      productId: [enquiryMessages.subject],
    });
    expect((await send(enquiry({ productId: 'AAAAAAAAAAAAAAAA' }))).json()).toEqual({
      success: false,
      message: enquiryMessages.productGone,
      fieldErrors: { productId: [enquiryMessages.productGone] },
    });
    expect((await send(enquiry({ repairId: 'AAAAAAAAAAAAAAAA' }))).json().fieldErrors).toEqual({
      repairId: [enquiryMessages.repairGone],
    });
    expect((await send(enquiry({ repairId: shop.repairId }))).statusCode).toBe(201);
    expect((await latest()).subject).toBe('Pixel 8 – Screen Repair');
    // A repair under a brand archived since the page was drawn is no longer offered: the visitor describes it.
    const brand = (await t.request({ method: 'GET', url: `/api/phonerepair/getbyid/${shop.repairId}` })).json().fetchPhoneRepair
      .model._id;
    await t.request({ method: 'DELETE', url: `/api/model/delete/${brand}`, cookie: admin });
    try {
      expect((await send(enquiry({ repairId: shop.repairId }))).json().fieldErrors).toEqual({
        repairId: [enquiryMessages.repairGone],
      });
    } finally {
      await t.request({ method: 'PUT', url: `/api/model/update/${brand}`, cookie: admin, payload: { status: true } });
    }
    expect((await send(enquiry({ repairId: shop.repairId }))).statusCode).toBe(201);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const before = await count();
    for (const website of ['https://spam.example', 'x', 1]) {
      const res = await send(enquiry({ website }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: enquiryMessages.sent });
    }
    // Even an invalid one: a robot learns nothing from the answer.
    expect((await send({ website: 'https://spam.example', kind: 'booking' })).json()).toEqual({
      success: true,
      message: enquiryMessages.booked,
    });
    expect(await count()).toBe(before);
    expect((await send(enquiry({ website: '' }))).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('repair bookings', () => {
  it('books inside the opening hours, naming the phone and the repair', async () => {
    clock = Date.parse('2025-06-02T12:00:00Z');
    const res = await send(booking('2025-06-03', '10:30'));
    expect(res.json()).toEqual({ success: true, message: enquiryMessages.booked });
    expect(await latest()).toMatchObject({
      kind: 'booking',
      repairId: shop.repairId,
      subject: 'Pixel 8 – Screen Repair',
      preferredDate: '2025-06-03',
      preferredTime: '10:30',
    });
  });

  it('asks for a day and a time, and ignores them on an enquiry', async () => {
    expect((await send(booking('', ''))).json().fieldErrors).toEqual({
      preferredDate: [enquiryMessages.dateRequired],
      preferredTime: [enquiryMessages.timeRequired],
    });
    expect((await send(booking('3 June', '10am'))).json().fieldErrors).toEqual({
      preferredDate: [enquiryMessages.dateRequired],
      preferredTime: [enquiryMessages.timeRequired],
    });
    expect((await send(enquiry({ preferredDate: '2025-06-03', preferredTime: '10:30' }))).statusCode).toBe(201);
    expect(await latest()).toMatchObject({ kind: 'enquiry', preferredDate: null, preferredTime: null });
    expect((await send(enquiry({ preferredDate: null, preferredTime: null, phone: null }))).statusCode).toBe(201);
  });

  it('refuses a closed day, a closure, a time outside the hours, and a day too far ahead', async () => {
    clock = Date.parse('2025-12-01T12:00:00Z');
    const refused = async (date: string, time: string) => (await send(booking(date, time))).json().fieldErrors;
    expect(await refused('2025-12-07', '11:00')).toEqual({ preferredDate: [enquiryMessages.closedDay('Sunday')] });
    // The day alone says so, before a time is chosen.
    expect(await refused('2025-12-07', '')).toEqual({ preferredDate: [enquiryMessages.closedDay('Sunday')] });
    expect(await refused('2025-11-30', '')).toEqual({ preferredDate: [enquiryMessages.past] });
    expect(await refused('2025-12-25', '11:00')).toEqual({ preferredDate: [enquiryMessages.closure('Christmas')] });
    expect(await refused('2025-12-06', '16:00')).toEqual({ preferredTime: [enquiryMessages.outsideHours('10:00–16:00')] });
    expect(await refused('2025-12-08', '08:30')).toEqual({ preferredTime: [enquiryMessages.outsideHours('09:00–17:30')] });
    expect(await refused('2026-03-02', '11:00')).toEqual({ preferredDate: [enquiryMessages.tooFar] });
    expect((await send(booking('2025-12-06', '15:30'))).statusCode).toBe(201);
  });

  // The clocks go forward on Sunday 30 March 2025 and back on Sunday 26 October 2025, at 01:00 GMT.
  it('must be in the future, in UK time, on both sides of the spring change', async () => {
    clock = Date.parse('2025-03-29T12:00:00Z'); // Saturday 12:00 GMT
    expect((await send(booking('2025-03-29', '11:30'))).json().fieldErrors).toEqual({ preferredTime: [enquiryMessages.past] });
    expect((await send(booking('2025-03-29', '12:30'))).statusCode).toBe(201);
    clock = Date.parse('2025-03-31T08:10:00Z'); // Monday 09:10 BST
    expect((await send(booking('2025-03-31', '09:00'))).json().fieldErrors).toEqual({ preferredTime: [enquiryMessages.past] });
    expect((await send(booking('2025-03-31', '09:30'))).statusCode).toBe(201);
  });

  it('must be in the future, in UK time, on both sides of the autumn change', async () => {
    clock = Date.parse('2025-10-24T08:10:00Z'); // Friday 09:10 BST
    expect((await send(booking('2025-10-24', '09:00'))).json().fieldErrors).toEqual({ preferredTime: [enquiryMessages.past] });
    expect((await send(booking('2025-10-24', '09:30'))).statusCode).toBe(201);
    clock = Date.parse('2025-10-27T09:10:00Z'); // Monday 09:10 GMT
    expect((await send(booking('2025-10-27', '09:00'))).json().fieldErrors).toEqual({ preferredTime: [enquiryMessages.past] });
    expect((await send(booking('2025-10-27', '09:30'))).statusCode).toBe(201);
    // 08:30 UTC on that Friday was 09:30 in the shop (open); on the Monday it is 08:30 (closed).
    clock = Date.parse('2025-10-20T12:00:00Z');
    expect((await send(booking('2025-10-27', '08:30'))).json().fieldErrors).toEqual({
      preferredTime: [enquiryMessages.outsideHours('09:00–17:30')],
    });
  });
});

describe('the per-visitor throttle', () => {
  it('answers 429 with a clear message and Retry-After after a handful an hour, per address', async () => {
    const limited = await createTestContext({ ENQUIRY_RATE_LIMIT: '3' });
    try {
      const post = (remoteAddress: string) =>
        limited.request({ method: 'POST', url: '/api/enquiry/create', payload: enquiry(), remoteAddress });
      for (let i = 0; i < 3; i++) expect((await post('203.0.113.7')).statusCode).toBe(201);
      const refused = await post('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: enquiryMessages.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Three sent in a moment count as spread across the hour they were sent in: the next fits within two hours.
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2 * 3600);
      // Another visitor is not held back, and a refused honeypot never reaches the inbox either.
      expect((await post('203.0.113.8')).statusCode).toBe(201);
      const trap = await limited.request({
        method: 'POST',
        url: '/api/enquiry/create',
        payload: enquiry({ website: 'https://spam.example' }),
        remoteAddress: '203.0.113.9',
      });
      expect(trap.statusCode).toBe(201);
      const stored = await limited.db.db.selectFrom('enquiries').select('id').execute();
      expect(stored).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('counts only the enquiries it keeps: refused ones cost the visitor nothing', async () => {
    const limited = await createTestContext({ ENQUIRY_RATE_LIMIT: '2' });
    try {
      const post = (body: object) =>
        limited.request({ method: 'POST', url: '/api/enquiry/create', payload: body, remoteAddress: '203.0.113.20' });
      for (let i = 0; i < 4; i++) expect((await post(enquiry({ email: 'not an address' }))).statusCode).toBe(400);
      for (let i = 0; i < 2; i++) expect((await post(enquiry())).statusCode).toBe(201);
      expect((await post(enquiry())).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is five an hour unless ENQUIRY_RATE_LIMIT says otherwise, and refuses a setting that is no count', () => {
    expect(loadConfig({}).enquiryRateLimit).toBe(5);
    expect(loadConfig({ ENQUIRY_RATE_LIMIT: '20' }).enquiryRateLimit).toBe(20);
    for (const given of ['0', 'ten', '2.5']) expect(() => loadConfig({ ENQUIRY_RATE_LIMIT: given }), given).toThrow(ConfigError);
  });
});

describe('the retention period', () => {
  it('is public, for the privacy notice: ENQUIRY_RETENTION_DAYS, 365 by default', async () => {
    expect((await t.request({ method: 'GET', url: '/api/enquiry/retention' })).json()).toEqual({
      success: true,
      retentionDays: 365,
    });
  });
});

describe('the inbox', () => {
  it('lists newest first with paging, and filters by status and kind', async () => {
    const all = (await inbox()).fetchEnquiry as { _id: string; createdAt: string; kind: string }[];
    expect(all.length).toBeGreaterThan(12);
    expect(all.map((e) => e.createdAt)).toEqual([...all.map((e) => e.createdAt)].sort().reverse());
    const first = await inbox('?page=1');
    expect(first).toMatchObject({ success: true, page: 1, limit: 10, total: all.length, pages: Math.ceil(all.length / 10) });
    expect(first.fetchEnquiry.map((e: { _id: string }) => e._id)).toEqual(all.slice(0, 10).map((e) => e._id));
    const second = await inbox('?page=2&limit=5');
    expect(second.fetchEnquiry.map((e: { _id: string }) => e._id)).toEqual(all.slice(5, 10).map((e) => e._id));

    const bookings = await inbox('?kind=booking&limit=100');
    expect(bookings.total).toBe(all.filter((e) => e.kind === 'booking').length);
    expect(bookings.fetchEnquiry.every((e: { kind: string }) => e.kind === 'booking')).toBe(true);
    expect((await inbox('?status=spam')).total).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/enquiry/getall?status=read', cookie: admin })).json()).toEqual({
      success: false,
      message: 'status must be one of new, contacted, booked, done, spam',
      fieldErrors: { status: ['status must be one of new, contacted, booked, done, spam'] },
    });
    expect((await t.request({ method: 'GET', url: '/api/enquiry/getall?kind=x', cookie: admin })).statusCode).toBe(400);
  });

  it('shows one, sets its status and private note, and deletes it', async () => {
    const target = await latest();
    const byId = await t.request({ method: 'GET', url: `/api/enquiry/getbyid/${target._id}`, cookie: admin });
    expect(byId.json()).toEqual({ success: true, fetchEnquiry: target });

    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/enquiry/update/${target._id}`, cookie: admin, payload });
    const contacted = await put({ status: 'contacted', note: '  Rang back, coming in Saturday.  ' });
    expect(contacted.json()).toEqual({
      success: true,
      message: 'Enquiry updated',
      data: { ...target, status: 'contacted', note: 'Rang back, coming in Saturday.', updatedAt: expect.any(String) },
    });
    expect((await put({ status: 'booked' })).json().data).toMatchObject({
      status: 'booked',
      note: 'Rang back, coming in Saturday.',
    });
    expect((await inbox('?status=booked')).fetchEnquiry.map((e: { _id: string }) => e._id)).toEqual([target._id]);
    expect((await put({ status: 'archived' })).json().message).toBe('Status must be one of new, contacted, booked, done, spam');
    expect((await put({})).json().message).toBe('Nothing to update');
    expect((await put({ note: 'x'.repeat(2001) })).json().message).toBe('The note must be at most 2000 characters');

    // Two admins with the enquiry open: the first save is kept, the second, from a page loaded before it, refused.
    const opened = (await t.request({ method: 'GET', url: `/api/enquiry/getbyid/${target._id}`, cookie: admin })).json()
      .fetchEnquiry;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const first = await put({ status: 'booked', note: 'Booked for Monday 10am.', updatedAt: opened.updatedAt });
    expect(first.statusCode).toBe(200);
    const second = await put({ status: 'new', note: 'Left a voicemail.', updatedAt: opened.updatedAt });
    expect([second.statusCode, second.json()]).toEqual([
      409,
      {
        success: false,
        message: 'This enquiry was changed since you opened it: open it again to see the change, then make yours',
      },
    ]);
    // The first admin saves again from the date their own save answered.
    expect(
      (await put({ note: 'Booked for Monday 10am, confirmed.', updatedAt: first.json().data.updatedAt })).json().data,
    ).toMatchObject({
      status: 'booked',
      note: 'Booked for Monday 10am, confirmed.',
    });

    const del = await t.request({ method: 'DELETE', url: `/api/enquiry/delete/${target._id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Enquiry deleted' });
    for (const [method, url] of [
      ['GET', `/api/enquiry/getbyid/${target._id}`],
      ['PUT', `/api/enquiry/update/${target._id}`],
      ['DELETE', `/api/enquiry/delete/${target._id}`],
      ['GET', '/api/enquiry/getbyid/not%20an%20id'],
    ] as const) {
      const res = await t.request({ method, url, cookie: admin, ...(method === 'PUT' ? { payload: { status: 'done' } } : {}) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { success: false, message: 'Enquiry not found' }]);
    }
  });

  it('is for admins only: reading, updating and deleting alike, and nothing changes', async () => {
    const customer = await t.signIn('user');
    const [first] = (await t.request({ method: 'GET', url: '/api/enquiry/getall', cookie: admin })).json().fetchEnquiry as {
      _id: string;
      status: string;
    }[];
    const calls = [
      ['GET', '/api/enquiry/getall'],
      ['GET', `/api/enquiry/getbyid/${first!._id}`],
      ['PUT', `/api/enquiry/update/${first!._id}`],
      ['DELETE', `/api/enquiry/delete/${first!._id}`],
    ] as const;
    for (const [method, url] of calls) {
      for (const cookie of [undefined, customer]) {
        const res = await t.request({ method, url, cookie, ...(method === 'PUT' ? { payload: { status: 'done' } } : {}) });
        expect([method, url, res.statusCode], cookie ? 'customer' : 'signed out').toEqual([method, url, cookie ? 403 : 401]);
      }
    }
    const kept = await t.request({ method: 'GET', url: `/api/enquiry/getbyid/${first!._id}`, cookie: admin });
    expect(kept.json().fetchEnquiry.status).toBe(first!.status);
  });
});

describe('a shop without opening hours', () => {
  it('takes a booking at any time in the future', async () => {
    const open = await createTestContext({}, { clock: () => Date.parse('2025-06-01T12:00:00Z') });
    try {
      const owner = await open.signIn('admin');
      const ids = await setUpShop(open, owner, null);
      const post = (payload: object) => open.request({ method: 'POST', url: '/api/enquiry/create', payload });
      const sunday = enquiry({ kind: 'booking', repairId: ids.repairId, preferredDate: '2025-06-08', preferredTime: '07:00' });
      expect((await post(sunday)).statusCode).toBe(201);
      const past = { ...sunday, preferredDate: '2025-06-01', preferredTime: '11:00' };
      expect((await post(past)).json().fieldErrors).toEqual({ preferredTime: [enquiryMessages.past] });
    } finally {
      await open.close();
    }
  });
});
