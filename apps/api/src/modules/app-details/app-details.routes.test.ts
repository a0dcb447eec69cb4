import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart, type FilePart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
let customer: string;
let logo: Buffer;

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const shop = (over: Record<string, string> = {}) => ({
  shopname: 'High Street Phones',
  email: 'Hello@HighStreet.example',
  phoneno: '07700 900123',
  address: '1 High Street, Reading RG1 1AA',
  facebook: 'https://facebook.com/highstreetphones',
  ...over,
});
const create = (fields: Record<string, string>, files: FilePart[], cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/appdetail/create', cookie: cookie ?? undefined, ...multipart(fields, files) });
const list = async () => (await t.request({ method: 'GET', url: '/api/appdetail/getall' })).json();

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  customer = await t.signIn('user');
  logo = await makeImage('png', 256, 256, '#0ea5e9');
});
afterAll(async () => {
  await t.close();
});

describe('shop settings', () => {
  it('is an empty list at first, readable by anyone', async () => {
    expect(await list()).toEqual({ success: true, fetchAppDetail: [] });
  });

  it('creates settings with a logo; the list is oldest first', async () => {
    const res = await create(shop(), [{ content: logo }]);
    expect(res.statusCode).toBe(201);
    const record = {
      _id: expect.any(String),
      shopname: 'High Street Phones',
      email: 'hello@highstreet.example',
      phoneno: '07700 900123',
      address: '1 High Street, Reading RG1 1AA',
      facebook: 'https://facebook.com/highstreetphones',
      instagram: '',
      x: '',
      whatsapp: '',
      hours: null,
      file: {
        secure_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
        width: 256,
        height: 256,
        srcset: expect.stringContaining('256w'),
      },
      createdAt: ISO,
      updatedAt: ISO,
    };
    expect(res.json()).toEqual({ success: true, message: 'Shop settings created', data: record });
    const second = await create(shop({ shopname: 'Second Shop', phoneno: '+44 (7700) 900 456' }), [{ content: logo }]);
    expect(second.statusCode).toBe(201);
    expect((await list()).fetchAppDetail.map((d: { shopname: string }) => d.shopname)).toEqual([
      'High Street Phones',
      'Second Shop',
    ]);
  });

  it('gives the spec messages', async () => {
    expect((await create({}, [])).json()).toEqual({
      success: false,
      message: 'Shop Name is Required',
      fieldErrors: {
        shopname: ['Shop Name is Required'],
        email: ['Email is Required'],
        phoneno: ['Phone number is required'],
        address: ['Address is Required'],
      },
    });
    const m = async (over: Record<string, string>, files: FilePart[] = [{ content: logo }]) =>
      (await create(shop(over), files)).json().message;
    expect(await m({ shopname: 'little shop' })).toBe('The First letter must be capitalized');
    expect(await m({ email: 'nope' })).toBe('Invalid email format');
    expect(await m({ phoneno: '0118 496 0000' })).toBe('Invalid UK phone number format');
    expect(await m({ phoneno: '+1 555 1234' })).toBe('Invalid UK phone number format');
    expect(await m({ x: 'javascript:alert(1)' })).toBe('Link must start with https://');
    expect(await m({ facebook: 'https://example.com/\u202egpj.exe' })).toBe('Remove the invisible control characters from this text');
    expect(await m({ instagram: 'https://example.com/a\u0007' })).toBe('Remove the invisible control characters from this text');
    expect(await m({}, [])).toBe('Logo is Required');
  });

  it('keeps opening hours (JSON in a form field, or an object) and a WhatsApp number, and checks them', async () => {
    const hours = {
      week: {
        mon: [{ open: '14:00', close: '17:30' }, { open: '09:00', close: '13:00' }],
        tue: [{ open: '09:00', close: '17:30' }],
        wed: [],
        thu: [{ open: '09:00', close: '19:00' }],
        fri: [{ open: '09:00', close: '17:30' }],
        sat: [{ open: '10:00', close: '16:00' }],
        sun: [],
      },
      closures: [{ from: '2025-12-25', to: '2025-12-26', label: 'Christmas' }],
    };
    const sorted = { ...hours, week: { ...hours.week, mon: [hours.week.mon[1], hours.week.mon[0]] } };
    const res = await create(shop({ shopname: 'Hours Shop', whatsapp: '+44 7700 900555', hours: JSON.stringify(hours) }), [{ content: logo }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ whatsapp: '+44 7700 900555', hours: sorted });
    const id = res.json().data._id;
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/appdetail/update/${id}`, cookie: admin, payload });
    const json = await put({ ...shop({ shopname: 'Hours Shop' }), hours: { ...hours, closures: [] } });
    expect(json.json().data).toMatchObject({ whatsapp: '', hours: { ...sorted, closures: [] } });
    // The history writes each day's hours and each closure's days as the shop shows them.
    const history = await t.request({ method: 'GET', url: '/api/audit/getall?entity=app_detail&limit=1', cookie: admin });
    expect(history.json().fetchAudit[0]).toMatchObject({
      before: {
        hours: expect.arrayContaining(['Monday: 09:00–13:00, 14:00–17:30', 'Closed Thu 25 Dec – Fri 26 Dec 2025: Christmas']),
      },
      after: { hours: expect.not.arrayContaining([expect.stringMatching(/^Closed/)]) },
    });
    const invalid = async (over: object) => (await put({ ...shop(), ...over })).json();
    expect(await invalid({ whatsapp: '0118 496 0000' })).toMatchObject({ message: 'Invalid UK phone number format' });
    expect(await invalid({ hours: 'every day' })).toEqual({
      success: false,
      message: 'Opening hours are not valid',
      fieldErrors: { hours: ['Opening hours are not valid'] },
    });
    expect(await invalid({ hours: { ...hours, week: { ...hours.week, tue: [{ open: '17:30', close: '09:00' }] } } })).toEqual({
      success: false,
      message: 'Closing time must be after opening time',
      fieldErrors: { 'hours.week.tue.0.close': ['Closing time must be after opening time'] },
    });
    expect((await invalid({ hours: { ...hours, closures: [{ from: '2025-12-26', to: '2025-12-25', label: '' }] } })).fieldErrors).toEqual({
      'hours.closures.0.label': ['Give the closure a name, e.g. Christmas'],
      'hours.closures.0.to': ['The last day must be on or after the first day'],
    });
    const hidden = [{ ...hours.closures[0], label: 'Xmas \u202egpj.exe\u0000' }];
    expect((await invalid({ hours: { ...hours, closures: hidden } })).fieldErrors).toEqual({
      'hours.closures.0.label': ['Remove the invisible control characters from this text'],
    });
    // Left out, the hours stay as they were (a client that does not know them never wipes them); '' clears them.
    expect((await put(shop({ shopname: 'Hours Shop' }))).json().data.hours).toEqual({ ...sorted, closures: [] });
    expect((await put({ ...shop({ shopname: 'Hours Shop' }), hours: '' })).json().data.hours).toBeNull();
  });

  it('refuses to save over a change made since Edit loaded the settings (their updatedAt), and saves otherwise', async () => {
    const first = (await list()).fetchAppDetail[0];
    const put = (over: Record<string, string>) =>
      t.request({ method: 'PUT', url: `/api/appdetail/update/${first._id}`, cookie: admin, payload: shop(over) });
    // The phone changes the number (a millisecond on at least: updated_at counts them): it saves, as the settings are
    // as it loaded them.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const other = await put({ phoneno: '07700 900999', updatedAt: first.updatedAt });
    expect(other.statusCode, other.body).toBe(200);
    // The computer, loaded before that, changes the address: refused, the phone's number kept.
    const stale = await put({ address: '2 High Street, Reading RG1 1AA', updatedAt: first.updatedAt });
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      {
        success: false,
        message: 'These shop settings were changed since you opened them: edit them again to see the change, then make yours',
      },
    ]);
    const now = (await list()).fetchAppDetail[0];
    expect(now).toMatchObject({ phoneno: '07700 900999', address: first.address });
    // Edited again, it saves; a client that sends no updatedAt is not asked.
    expect((await put({ phoneno: '07700 900999', updatedAt: now.updatedAt })).statusCode).toBe(200);
    expect((await put({})).statusCode).toBe(200);
  });

  it('updates fields, keeps the logo unless a new one is sent, and deletes for real', async () => {
    const first = (await list()).fetchAppDetail[0];
    const put = await t.request({
      method: 'PUT',
      url: `/api/appdetail/update/${first._id}`,
      cookie: admin,
      payload: shop({ shopname: 'Renamed Phones', instagram: 'https://instagram.com/renamed' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      message: 'Shop settings updated',
      data: {
        shopname: 'Renamed Phones',
        instagram: 'https://instagram.com/renamed',
        file: first.file,
        createdAt: first.createdAt,
      },
    });
    const relogo = await t.request({
      method: 'PUT',
      url: `/api/appdetail/update/${first._id}`,
      cookie: admin,
      ...multipart(shop(), [{ content: await makeImage('jpeg', 120, 60) }]),
    });
    expect(relogo.json().data.file).toMatchObject({ width: 120, height: 60 });
    expect(
      (await t.request({ method: 'PUT', url: '/api/appdetail/update/AAAAAAAAAAAAAAAA', cookie: admin, payload: shop() }))
        .statusCode,
    ).toBe(404);

    const del = await t.request({ method: 'DELETE', url: `/api/appdetail/delete/${first._id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Shop settings deleted' });
    expect((await list()).fetchAppDetail.map((d: { shopname: string }) => d.shopname)).toEqual(['Second Shop', 'Hours Shop']);
    const images = await t.db.db.selectFrom('images').select('id').where('owner_id', '=', first._id).execute();
    expect(images).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/appdetail/delete/${first._id}`, cookie: admin })).json()).toEqual({
      success: false,
      message: 'Shop settings not found',
    });
  });

  it('is admin-only for writes', async () => {
    for (const [cookie, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      const c = cookie ?? undefined;
      expect((await create(shop(), [{ content: logo }], cookie)).statusCode).toBe(status);
      expect((await t.request({ method: 'PUT', url: '/api/appdetail/update/x', cookie: c, payload: shop() })).statusCode).toBe(
        status,
      );
      expect((await t.request({ method: 'DELETE', url: '/api/appdetail/delete/x', cookie: c })).statusCode).toBe(status);
    }
  });
});
