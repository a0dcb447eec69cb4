import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
const ids: Record<string, string> = {};

const get = (url: string) => {
  t.app.readCache.clear();
  return t.request({ method: 'GET', url });
};
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const repair = async (productname: string, brand: string, category: string, price: number, aliases?: string | string[]) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/phonerepair/create',
    cookie: admin,
    payload: { productname, model: ids[brand], repair: ids[category], price, ...(aliases !== undefined ? { aliases } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; phone: { _id: string; slug: string; aliases: string[] } };
};
const update = async (id: string, productname: string, brand: string, category: string, price: number, aliases?: string[]) => {
  const res = await t.request({
    method: 'PUT',
    url: `/api/phonerepair/update/${id}`,
    cookie: admin,
    payload: { productname, model: ids[brand], repair: ids[category], price, ...(aliases ? { aliases } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; productname: string; phone: { _id: string; slug: string; aliases: string[] } };
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  const logo = await makeImage('png', 120, 120, '#0b74c7');
  for (const name of ['Apple', 'Samsung', 'Nokia']) {
    const res = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: name }, [{ content: logo }]) });
    ids[name] = res.json().data._id;
  }
  for (const name of ['Screen', 'Battery', 'Camera']) {
    const res = await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: name } });
    ids[name] = res.json().data._id;
  }
  await repair('Apple iPhone 13', 'Apple', 'Screen', 129);
  await repair('Apple iPhone 13', 'Apple', 'Battery', 69);
  await repair('IPhone 13 Pro', 'Apple', 'Screen', 199);
  await repair('Galaxy S24', 'Samsung', 'Screen', 229);
});
afterAll(async () => {
  await t.close();
});

describe('repair pages: /api/repairs/{brand}[/{model}]', () => {
  it("answers a brand's page: the brand, its phone models with their cheapest repair, and every price by phone", async () => {
    const body = await page('/api/repairs/apple');
    expect(Object.keys(body).sort()).toEqual(['brand', 'phones', 'repairs', 'success']);
    expect(body.brand).toEqual({
      _id: ids.Apple,
      model: 'Apple',
      slug: 'apple',
      file: expect.objectContaining({ secure_url: expect.stringMatching(/^\/media\//) }),
    });
    expect(body.phones).toEqual([
      { _id: expect.any(String), name: 'Apple iPhone 13', slug: 'iphone-13', aliases: [], from: 69, repairs: 2 },
      { _id: expect.any(String), name: 'IPhone 13 Pro', slug: 'iphone-13-pro', aliases: [], from: 199, repairs: 1 },
    ]);
    expect(body.repairs.map((r: { productname: string; repair: { repaircategory: string }; price: number }) => [r.productname, r.repair.repaircategory, r.price])).toEqual([
      ['Apple iPhone 13', 'Battery', 69],
      ['Apple iPhone 13', 'Screen', 129],
      ['IPhone 13 Pro', 'Screen', 199],
    ]);
    expect(body.repairs[0].phone).toEqual({ _id: body.phones[0]._id, slug: 'iphone-13', aliases: [] });
    // The spec's repair table of the brand (/shop/phonerepairdetail/{id}) lists them in the same order.
    const table = await t.request({ method: 'POST', url: '/api/phonerepair/getgroupdata', payload: { id: ids.Apple } });
    expect(table.json().data.repairs.map((r: { _id: string }) => r._id)).toEqual(body.repairs.map((r: { _id: string }) => r._id));
  });

  it('orders phones by name in any letter case, alike on every database', async () => {
    const logo = await makeImage('png', 120, 120, '#0b74c7');
    const made = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Motorola' }, [{ content: logo }]) });
    ids.Motorola = made.json().data._id;
    await repair('Moto G84', 'Motorola', 'Screen', 79);
    await repair('Moto e32', 'Motorola', 'Screen', 69);
    const body = await page('/api/repairs/motorola');
    expect(body.phones.map((p: { name: string }) => p.name)).toEqual(['Moto e32', 'Moto G84']);
    expect(body.repairs.map((r: { productname: string }) => r.productname)).toEqual(['Moto e32', 'Moto G84']);
  });

  it("answers a phone model's page with its own prices and the brand's other phone models", async () => {
    const body = await page('/api/repairs/apple/iphone-13');
    expect(body.phone).toMatchObject({ name: 'Apple iPhone 13', slug: 'iphone-13', from: 69, repairs: 2 });
    expect(body.repairs.map((r: { price: number }) => r.price)).toEqual([69, 129]);
    expect(body.phones.map((p: { slug: string }) => p.slug)).toEqual(['iphone-13', 'iphone-13-pro']);
    expect((await page('/api/repairs/APPLE/IPhone-13')).phone.slug).toBe('iphone-13');
  });

  it('answers 404 for unknown, archived and Accessories brands, and for phone models without a page', async () => {
    const accessories = (await page('/api/model/getall')).fetchModel.find((m: { model: string }) => m.model === 'Accessories');
    for (const [url, message] of [
      ['/api/repairs/no-such-brand', 'Brand not found'],
      [`/api/repairs/${accessories.slug}`, 'Brand not found'],
      ['/api/repairs/apple%20inc', 'Brand not found'],
      [`/api/repairs/${'a'.repeat(150)}`, 'Brand not found'],
      ['/api/repairs/apple/no-such-phone', 'Phone not found'],
      ['/api/repairs/samsung/iphone-13', 'Phone not found'],
      ['/api/repairs/apple/..%2F..%2Fetc', 'Phone not found'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, message });
    }
    // A brand with no price yet has a page with an empty table.
    expect((await page('/api/repairs/nokia')).repairs).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/model/delete/${ids.Nokia}`, cookie: admin });
    expect((await get('/api/repairs/nokia')).statusCode).toBe(404);
  });

  it('leaves out prices in archived repair categories, and a phone model with no other price', async () => {
    const gone = await repair('Galaxy S23', 'Samsung', 'Camera', 79);
    expect((await page('/api/repairs/samsung/galaxy-s23')).repairs).toHaveLength(1);
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${ids.Camera}`, cookie: admin });
    expect((await get('/api/repairs/samsung/galaxy-s23')).statusCode).toBe(404);
    expect((await page('/api/repairs/samsung')).phones.map((p: { slug: string }) => p.slug)).toEqual(['galaxy-s24']);
    // The spec's repair table of the brand (/shop/phonerepairdetail/{id}) shows what its canonical page shows.
    const table = async () => {
      t.app.readCache.clear();
      const res = await t.request({ method: 'POST', url: '/api/phonerepair/getgroupdata', payload: { id: ids.Samsung } });
      return res.json().data.repairs.map((r: { productname: string }) => r.productname);
    };
    expect(await table()).toEqual(['Galaxy S24']);
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Camera' } });
    expect((await page('/api/repairs/samsung/galaxy-s23')).phone._id).toBe(gone.phone._id);
    expect(await table()).toEqual(['Galaxy S23', 'Galaxy S24']);
  });
});

describe('phone models follow the repair prices', () => {
  it('files prices of one phone name in any letter case and spacing under one phone model, in the latest spelling', async () => {
    const before = await page('/api/repairs/apple/iphone-13');
    const camera = await repair('Apple  IPHONE 13', 'Apple', 'Camera', 99);
    expect(camera.phone).toEqual({ _id: before.phone._id, slug: 'iphone-13', aliases: [] });
    const after = await page('/api/repairs/apple/iphone-13');
    expect(after.phone.name).toBe('Apple  IPHONE 13');
    expect(after.repairs.map((r: { productname: string }) => r.productname)).toEqual(['Apple  IPHONE 13', 'Apple  IPHONE 13', 'Apple  IPHONE 13']);
    await update(camera._id, 'Apple iPhone 13', 'Apple', 'Camera', 99);
    expect((await page('/api/repairs/apple/iphone-13')).phone.name).toBe('Apple iPhone 13');
  });

  it("keeps a renamed phone model's old address leading to it", async () => {
    const pro = (await page('/api/repairs/apple/iphone-13-pro')).repairs[0];
    const renamed = await update(pro._id, 'IPhone 13 Pro Max', 'Apple', 'Screen', 219);
    expect(renamed.phone).toMatchObject({ _id: pro.phone._id, slug: 'iphone-13-pro-max' });
    const moved = await page('/api/repairs/apple/iphone-13-pro');
    expect(moved.phone).toMatchObject({ _id: pro.phone._id, slug: 'iphone-13-pro-max', name: 'IPhone 13 Pro Max' });
    // A new phone of the old name takes the old address back.
    const again = await repair('IPhone 13 Pro', 'Apple', 'Battery', 89);
    expect(again.phone.slug).toBe('iphone-13-pro');
    expect((await page('/api/repairs/apple/iphone-13-pro')).phone._id).toBe(again.phone._id);
  });

  it('gives a phone model renamed away from a number in its name the new slug, its old address leading to it', async () => {
    const se = await repair('Apple iPhone SE 2020', 'Apple', 'Screen', 89);
    expect(se.phone.slug).toBe('iphone-se-2020');
    const renamed = await update(se._id, 'Apple iPhone SE', 'Apple', 'Screen', 89);
    expect(renamed.phone).toMatchObject({ _id: se.phone._id, slug: 'iphone-se' });
    expect((await page('/api/repairs/apple/iphone-se')).phone._id).toBe(se.phone._id);
    expect((await page('/api/repairs/apple/iphone-se-2020')).phone).toMatchObject({ _id: se.phone._id, slug: 'iphone-se' });
  });

  it('merges a phone model whose last price moves to another, with its address and aliases', async () => {
    const ultra = await repair('Galaxy S24 Ultra', 'Samsung', 'Screen', 279, ['SM-S928B']);
    const short = await repair('S24 Ultra', 'Samsung', 'Battery', 89, 'S24U');
    expect(short.phone.slug).toBe('s24-ultra');
    const merged = await update(short._id, 'Galaxy S24 Ultra', 'Samsung', 'Battery', 89);
    expect(merged.phone).toEqual({ _id: ultra.phone._id, slug: 'galaxy-s24-ultra', aliases: ['SM-S928B', 'S24U'] });
    const old = await page('/api/repairs/samsung/s24-ultra');
    expect(old.phone).toMatchObject({ _id: ultra.phone._id, slug: 'galaxy-s24-ultra', repairs: 2 });
  });

  it('follows a phone model moved to another brand, and keeps a phone model with no price for its next one', async () => {
    const s24 = (await page('/api/repairs/samsung/galaxy-s24')).repairs[0];
    const moved = await update(s24._id, 'Galaxy S24', 'Apple', 'Screen', 229);
    expect(moved.phone).toMatchObject({ _id: s24.phone._id, slug: 'galaxy-s24' });
    expect((await page('/api/repairs/samsung/galaxy-s24')).brand.slug).toBe('apple');
    await update(s24._id, 'Galaxy S24', 'Samsung', 'Screen', 229, ['SM-S921B']);
    const del = await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${s24._id}`, cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await get('/api/repairs/samsung/galaxy-s24')).statusCode).toBe(404);
    const back = await repair('Galaxy S24', 'Samsung', 'Screen', 229);
    expect(back.phone).toEqual({ _id: s24.phone._id, slug: 'galaxy-s24', aliases: ['SM-S921B'] });
  });

  it("keeps a renamed brand's old address leading to it, until another brand takes that name", async () => {
    const rename = await t.request({ method: 'PUT', url: `/api/model/update/${ids.Apple}`, cookie: admin, payload: { model: 'Apple Inc' } });
    expect(rename.json().data.slug).toBe('apple-inc');
    expect((await page('/api/repairs/apple')).brand).toMatchObject({ _id: ids.Apple, slug: 'apple-inc' });
    expect((await page('/api/repairs/apple/iphone-13')).brand.slug).toBe('apple-inc');
    // A case change keeps the slug.
    const recase = await t.request({ method: 'PUT', url: `/api/model/update/${ids.Apple}`, cookie: admin, payload: { model: 'Apple INC' } });
    expect(recase.json().data.slug).toBe('apple-inc');
    const other = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Apple' }, [{ content: await makeImage('png', 60, 60) }]) });
    expect(other.json().data.slug).toBe('apple');
    expect((await page('/api/repairs/apple')).brand._id).toBe(other.json().data._id);
    expect((await page('/api/repairs/apple-inc')).brand._id).toBe(ids.Apple);
  });

  it('gives a brand renamed away from a number in its name the new slug, its old address leading to it', async () => {
    const made = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Honor 9' }, [{ content: await makeImage('png', 60, 60) }]) });
    const id = made.json().data._id as string;
    expect(made.json().data.slug).toBe('honor-9');
    ids.Honor = id;
    await repair('Honor View 20', 'Honor', 'Screen', 99);
    const rename = await t.request({ method: 'PUT', url: `/api/model/update/${id}`, cookie: admin, payload: { model: 'Honor' } });
    expect(rename.json().data.slug).toBe('honor');
    expect((await page('/api/repairs/honor')).brand).toMatchObject({ _id: id, slug: 'honor' });
    expect((await page('/api/repairs/honor-9')).brand).toMatchObject({ _id: id, slug: 'honor' });
  });
});

describe('aliases, edited with the repair prices', () => {
  it('takes a list or a comma-separated text, trims, drops repeats, and leaves them as they are when not sent', async () => {
    const created = await repair('Nokia G22', 'Samsung', 'Screen', 59, ' TA-1528 , ta-1528,, G22 ');
    expect(created.phone.aliases).toEqual(['TA-1528', 'G22']);
    const kept = await update(created._id, 'Nokia G22', 'Samsung', 'Screen', 55);
    expect(kept.phone.aliases).toEqual(['TA-1528', 'G22']);
    const cleared = await update(created._id, 'Nokia G22', 'Samsung', 'Screen', 55, []);
    expect(cleared.phone.aliases).toEqual([]);
  });

  it('refuses aliases that are too long, too many or not text, saving nothing', async () => {
    const base = { productname: 'Pixel 9', model: ids.Samsung, repair: ids.Screen, price: 99 };
    for (const [aliases, message] of [
      ['x'.repeat(41), 'Each alias must be at most 40 characters'],
      [Array.from({ length: 21 }, (_, i) => `A${i}`), 'At most 20 aliases'],
      [5, 'Aliases must be a list'],
      [[{}], 'Each alias must be text'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/phonerepair/create', cookie: admin, payload: { ...base, aliases } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, fieldErrors: { aliases: [message] } });
    }
    expect((await get('/api/repairs/samsung/pixel-9')).statusCode).toBe(404);
  });
});
