import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
let customer: string;
let apple: string;
let samsung: string;
let accessories: string;
let screen: string;
let battery: string;

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const create = (payload: object, cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/phonerepair/create', cookie: cookie ?? undefined, payload });
const update = (id: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/phonerepair/update/${id}`, cookie: admin, payload });
const group = (payload: object) => t.request({ method: 'POST', url: '/api/phonerepair/getgroupdata', payload });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  customer = await t.signIn('user');
  const logo = await makeImage('png', 80, 80);
  const model = async (name: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: name }, [{ content: logo }]),
      })
    ).json().data._id;
  apple = await model('Apple');
  samsung = await model('Samsung');
  accessories = (await t.request({ method: 'GET', url: '/api/model/getall' }))
    .json()
    .fetchModel.find((m: { model: string }) => m.model === 'Accessories')._id;
  const repairCategory = async (name: string) =>
    (
      await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: name } })
    ).json().data._id;
  screen = await repairCategory('Screen');
  battery = await repairCategory('Battery');
});
afterAll(async () => {
  await t.close();
});

describe('phone repairs', () => {
  it('creates a repair price and reads it back by id, in the list and by model', async () => {
    const res = await create({ productname: 'IPhone 13', model: apple, repair: screen, price: '129' });
    expect(res.statusCode).toBe(201);
    const record = {
      _id: expect.any(String),
      productname: 'IPhone 13',
      model: { _id: apple, model: 'Apple' },
      repair: { _id: screen, repaircategory: 'Screen' },
      price: 129,
      phone: { _id: expect.any(String), slug: 'iphone-13', aliases: [] },
      createdAt: ISO,
      updatedAt: ISO,
    };
    expect(res.json()).toEqual({ success: true, message: 'Repair created', data: record });
    const id = res.json().data._id;
    expect((await t.request({ method: 'GET', url: `/api/phonerepair/getbyid/${id}` })).json()).toEqual({
      success: true,
      fetchPhoneRepair: record,
    });
    await create({ productname: 'Galaxy S22', model: samsung, repair: battery, price: 59.99 });
    const all = (await t.request({ method: 'GET', url: '/api/phonerepair/getall' })).json();
    expect(Object.keys(all).sort()).toEqual(['fetchPhoneRepair', 'success']);
    expect(all.fetchPhoneRepair.map((r: { productname: string }) => r.productname)).toEqual(['Galaxy S22', 'IPhone 13']);
    const byModel = await group({ id: apple });
    expect(byModel.statusCode).toBe(200);
    expect(byModel.json()).toEqual({ success: true, message: 'Repair prices loaded', data: { repairs: [record] } });
  });

  it('gives the spec messages', async () => {
    expect((await create({})).json()).toEqual({
      success: false,
      message: 'Product Name is Required',
      fieldErrors: {
        productname: ['Product Name is Required'],
        model: ['Model is Required'],
        repair: ['Repair is Required'],
        price: ['price is required'],
      },
    });
    const base = { productname: 'IPhone 12', model: apple, repair: screen, price: 99 };
    expect((await create({ ...base, productname: 'iPhone 12' })).json().message).toBe('The First letter must be Capital');
    expect((await create({ ...base, price: 'cheap' })).json().message).toBe('price must be a number');
    // What JavaScript reads as a number, people do not write as a price.
    for (const price of ['1e3', '0x10', 'Infinity', '12,50']) {
      expect((await create({ ...base, price })).json().message, price).toBe('price must be a number');
    }
    expect((await create({ ...base, price: '   ' })).json().message).toBe('price is required');
    expect((await create({ ...base, price: 0 })).json().message).toBe('price must be at least 1');
    // Pounds and pence: a third decimal place is refused rather than rounded away.
    expect((await create({ ...base, price: 49.999 })).json().message).toBe('price may have at most 2 decimal places (pence)');
    expect((await create({ ...base, model: 'AAAAAAAAAAAAAAAA' })).json()).toEqual({
      success: false,
      message: 'Selected model not found',
      fieldErrors: { model: ['Selected model not found'] },
    });
    expect((await create({ ...base, model: accessories })).json().message).toBe('Choose a phone model, not Accessories');
    expect((await create({ ...base, repair: 'nope!' })).json().message).toBe('Selected repair category not found');
    expect((await group({})).json()).toMatchObject({ success: false, message: 'Model is Required' });
  });

  it('updates and deletes, admin only', async () => {
    const id = (await create({ productname: 'IPhone 11', model: apple, repair: battery, price: 49 })).json().data._id;
    const put = await update(id, { productname: 'IPhone 11 Pro', model: apple, repair: screen, price: 89 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      message: 'Repair updated',
      data: { productname: 'IPhone 11 Pro', repair: { _id: screen }, price: 89 },
    });
    for (const [cookie, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      const c = cookie ?? undefined;
      expect((await create({ productname: 'X', model: apple, repair: screen, price: 5 }, cookie)).statusCode).toBe(status);
      expect((await t.request({ method: 'PUT', url: `/api/phonerepair/update/${id}`, cookie: c, payload: {} })).json()).toEqual({
        success: false,
        message: status === 401 ? 'Please sign in' : 'Admin access only',
      });
      expect((await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${id}`, cookie: c })).statusCode).toBe(status);
    }
    const del = await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Repair deleted' });
    const gone = await t.request({ method: 'GET', url: `/api/phonerepair/getbyid/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: 'Repair not found' });
    expect((await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${id}`, cookie: admin })).statusCode).toBe(404);
    expect((await group({ id: 'AAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
  });

  it('gives a phone one price per repair type: a second is refused, on create and on update', async () => {
    const first = (await create({ productname: 'Galaxy A15', model: samsung, repair: battery, price: 45 })).json().data;
    // The same phone, as its identity is: letter case and spacing aside.
    const again = await create({ productname: 'Galaxy  A15', model: samsung, repair: battery, price: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'This phone already has a price for this repair: change that price instead',
      fieldErrors: { repair: ['This phone already has a price for this repair: change that price instead'] },
    });
    const screenPrice = (await create({ productname: 'Galaxy A15', model: samsung, repair: screen, price: 99 })).json().data;
    const moved = await update(screenPrice._id, { productname: 'Galaxy A15', model: samsung, repair: battery, price: 99 });
    expect(moved.statusCode).toBe(409);
    // Saving a price where it is stays allowed, even beside a second one an earlier version let in.
    const second = await t.db.db.selectFrom('phone_repairs').selectAll().where('id', '=', first._id).executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('phone_repairs')
      .values({ ...second, id: 'second-galaxy-a15', price_pence: 3000 })
      .execute();
    expect(
      (await update('second-galaxy-a15', { productname: 'Galaxy A15', model: samsung, repair: battery, price: 31 })).statusCode,
    ).toBe(200);
    await t.request({ method: 'DELETE', url: '/api/phonerepair/delete/second-galaxy-a15', cookie: admin });
    const kept = await update(first._id, { productname: 'Galaxy A15', model: samsung, repair: battery, price: 49 });
    expect(kept.statusCode).toBe(200);
    const prices = await t.db.db
      .selectFrom('phone_repairs')
      .select(['repair_id', 'price_pence'])
      .where('name_search', '=', 'galaxy a15')
      .orderBy('price_pence')
      .execute();
    expect(prices).toEqual([
      { repair_id: battery, price_pence: 4900 },
      { repair_id: screen, price_pence: 9900 },
    ]);
    for (const { _id } of [first, screenPrice])
      await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${_id}`, cookie: admin });
  });

  it('refuses to save over a change made since the form loaded the price (its updatedAt), and saves otherwise', async () => {
    const made = (await create({ productname: 'Moto G54', model: samsung, repair: screen, price: 50 })).json().data;
    const save = (fields: object) =>
      update(made._id, { productname: 'Moto G54', model: samsung, repair: screen, price: 50, ...fields });
    // Another tab's save, a millisecond on at least (updated_at counts them), then this one's, loaded before it.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await save({ price: 111, updatedAt: made.updatedAt })).statusCode).toBe(200);
    const stale = await save({ productname: 'Moto G54 5G', updatedAt: made.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      message: 'This price was changed since you opened it: open it again to see the change, then make yours',
    });
    const now = (await t.request({ method: 'GET', url: `/api/phonerepair/getbyid/${made._id}` })).json().fetchPhoneRepair;
    expect(now).toMatchObject({ productname: 'Moto G54', price: 111 });
    expect((await save({ price: 111, productname: 'Moto G54 5G', updatedAt: now.updatedAt })).statusCode).toBe(200);
    expect((await save({ price: 60 })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${made._id}`, cookie: admin });
  });

  it('keeps showing archived models and repair categories, and lets an entry keep them on update', async () => {
    const pixel = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Google' }, [{ content: await makeImage('png', 90, 90) }]),
      })
    ).json().data._id;
    const cam = (
      await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Camera' } })
    ).json().data._id;
    const id = (await create({ productname: 'Pixel 7', model: pixel, repair: cam, price: 79 })).json().data._id;
    await t.request({ method: 'DELETE', url: `/api/model/delete/${pixel}`, cookie: admin });
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${cam}`, cookie: admin });
    const read = (await t.request({ method: 'GET', url: `/api/phonerepair/getbyid/${id}` })).json().fetchPhoneRepair;
    expect(read).toMatchObject({ model: { _id: pixel, model: 'Google' }, repair: { _id: cam, repaircategory: 'Camera' } });
    const keep = await update(id, { productname: 'Pixel 7', model: pixel, repair: cam, price: 69 });
    expect(keep.json()).toMatchObject({ success: true, data: { price: 69 } });
    expect((await create({ productname: 'Pixel 8', model: pixel, repair: screen, price: 99 })).json().message).toBe(
      'Selected model not found',
    );
  });

  it('pages, filters by model, sorts and searches', async () => {
    const page = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?page=1' })).json();
    expect(page).toMatchObject({ success: true, page: 1, limit: 5, total: 3, pages: 1 });
    const apples = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?model=APPLE&sort=price_asc' })).json();
    expect(apples.fetchPhoneRepair.map((r: { price: number }) => r.price)).toEqual([129]);
    const cheap = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?sort=price_asc&limit=2' })).json();
    expect(cheap).toMatchObject({ total: 3, pages: 2 });
    expect(cheap.fetchPhoneRepair.map((r: { price: number }) => r.price)).toEqual([59.99, 69]);
    const search = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=galaxy' })).json();
    expect(search.fetchPhoneRepair.map((r: { productname: string }) => r.productname)).toEqual(['Galaxy S22']);
    expect((await t.request({ method: 'GET', url: '/api/phonerepair/getall?limit=500' })).statusCode).toBe(400);
    // A filter as long as any name may be (NAME_MAX) is a query like any other.
    for (const field of ['model', 'repair']) {
      const long = await t.request({ method: 'GET', url: `/api/phonerepair/getall?${field}=${'x'.repeat(200)}` });
      expect(long.statusCode, field).toBe(200);
      expect(long.json().fetchPhoneRepair).toEqual([]);
    }
  });
});
