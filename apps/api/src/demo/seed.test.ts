import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { bootstrap } from '../bootstrap.ts';
import { DEMO_POSTS } from './blog.ts';
import { DEMO_PRODUCTS, DEMO_REPAIRS } from './catalogue.ts';
import { addedNothing, seedDemo } from './seed.ts';

let t: TestContext;
beforeAll(async () => {
  // SEED_DEMO=1: the first start of an empty shop loads the demo catalogue.
  t = await createTestContext({ SEED_DEMO: '1' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => (await t.request({ method: 'GET', url })).json();
const repairCount = DEMO_REPAIRS.reduce((n, r) => n + Object.keys(r.prices).length, 0);

describe('demo catalogue', () => {
  it('is loaded on the first start of an empty shop', async () => {
    const models = (await get('/api/model/getall')).fetchModel;
    expect(models.map((m: { model: string }) => m.model).sort()).toEqual([
      'Accessories',
      'Apple',
      'Google',
      'Nokia',
      'Oppo',
      'Samsung',
      'Xiaomi',
    ]);
    for (const m of models.filter((x: { model: string }) => x.model !== 'Accessories')) {
      expect(m.file).toMatchObject({ secure_url: expect.stringMatching(/^\/media\//), width: 512, height: 512 });
    }
    expect((await get('/api/category/getall')).fetchCategory.map((c: { category: string }) => c.category).sort()).toEqual([
      'Cases',
      'Chargers',
      'Headphones',
      'Screen Protectors',
    ]);
    expect((await get('/api/repaircategory/getall')).fetchCategory).toHaveLength(5);

    const products = (await get('/api/product/getall')).fetchProducts;
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    expect(products.length).toBeGreaterThanOrEqual(16);
    for (const p of products) {
      expect(p.images).toHaveLength(2);
      expect(p.description.length).toBeGreaterThanOrEqual(30);
      expect(p.productname[0]).toMatch(/[A-Z]/);
      expect(p.price).toBeGreaterThan(0);
    }
    expect(products.find((p: { productname: string }) => p.productname === 'Apple iPhone 15')).toMatchObject({
      price: 699,
      model: { model: 'Apple' },
      ram: ['6GB'],
      rom: ['128GB', '256GB'],
      category: null,
    });
    expect(products.find((p: { productname: string }) => p.productname === 'Clear MagSafe Case for iPhone 15')).toMatchObject({
      model: { model: 'Accessories' },
      category: { category: 'Cases' },
      ram: [],
    });
    expect((await get('/api/product/getall?type=accessory')).total).toBe(6);

    expect((await get('/api/phonerepair/getall')).fetchPhoneRepair).toHaveLength(repairCount);
    expect(repairCount).toBeGreaterThanOrEqual(35);
    const apple = models.find((m: { model: string }) => m.model === 'Apple')._id;
    const group = await t.request({ method: 'POST', url: '/api/phonerepair/getgroupdata', payload: { id: apple } });
    const iphone13Screen = group
      .json()
      .data.repairs.find(
        (r: { productname: string; repair: { repaircategory: string } }) =>
          r.productname === 'Apple iPhone 13' && r.repair.repaircategory === 'Screen',
      );
    expect(iphone13Screen.price).toBe(129);

    expect((await get('/api/appdetail/getall')).fetchAppDetail).toEqual([
      expect.objectContaining({
        shopname: 'Kingsway Mobiles',
        phoneno: '07700 900123',
        email: 'hello@kingsway-mobiles.example',
        address: '27 Broad Street, Reading RG1 2BH',
        facebook: expect.stringMatching(/^https:\/\//),
        whatsapp: '07700 900123',
        hours: expect.objectContaining({
          week: expect.objectContaining({ mon: [{ open: '09:00', close: '17:30' }], sun: [{ open: '11:00', close: '16:00' }] }),
          closures: [expect.objectContaining({ label: 'Christmas' }), expect.objectContaining({ label: "New Year's Day" })],
        }),
        file: expect.objectContaining({ width: 512 }),
      }),
    ]);
  });

  it('has three published blog posts, each with a cover and links to repair pages and products that work', async () => {
    const posts = (await get('/api/blog/getall')).fetchBlog;
    expect(posts.map((p: { slug: string }) => p.slug)).toEqual(DEMO_POSTS.map((p) => p.slug).reverse());
    const models = (await get('/api/model/getall')).fetchModel as { _id: string; model: string }[];
    for (const summary of posts) {
      expect(summary).toMatchObject({ status: 'published', author: null, cover: { width: 1600, height: 900 } });
      expect(summary.cover.alt.length).toBeGreaterThan(10);
      const { fetchPost: post } = await get(`/api/blog/getbyslug/${summary.slug}`);
      const links = [...(post.html as string).matchAll(/<a href="(\/shop\/[^"]+)">/g)].map((m) => m[1]!);
      expect(links.length, summary.slug).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        const repair = /^\/shop\/phonerepairdetail\/(.+)$/.exec(link)?.[1];
        const product = /^\/shop\/productpage\/(.+)$/.exec(link)?.[1];
        if (repair)
          expect(
            models.some((m) => m._id === repair),
            link,
          ).toBe(true);
        else expect((await t.request({ method: 'GET', url: `/api/product/getbyid/${product}` })).statusCode, link).toBe(200);
      }
    }
    const battery = (await get(`/api/blog/getbyslug/${DEMO_POSTS[0]!.slug}`)).fetchPost;
    expect(battery.html).toContain('<table tabindex="0">');
    expect(battery.html).toContain('<td class="align-right">£49</td>');
    expect(battery.readingMinutes).toBeGreaterThanOrEqual(2);
  });

  it('adds nothing when loaded again or at the next start', async () => {
    const before = (
      await t.db.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(addedNothing(await seedDemo(t.db.db))).toBe(true);
    await bootstrap({ ...t.config, admin: undefined }, t.db, t.app.log, { quiet: true });
    expect((await get('/api/product/getall')).fetchProducts).toHaveLength(DEMO_PRODUCTS.length);
    expect((await get('/api/phonerepair/getall')).fetchPhoneRepair).toHaveLength(repairCount);
    expect(
      (
        await t.db.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before);
  });

  it('puts back only what was removed', async () => {
    const admin = await t.signIn('admin');
    const victim = (await get('/api/product/getall?q=pixel%208a')).fetchProducts[0];
    await t.request({ method: 'DELETE', url: `/api/product/delete/${victim._id}`, cookie: admin });
    // A demo price whose phone the owner spelt otherwise is still that phone's price: not added again.
    const price = (await get('/api/phonerepair/getall?q=iphone%2013&limit=1')).fetchPhoneRepair[0];
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${price._id}`,
      cookie: admin,
      payload: {
        productname: price.productname.replace('iPhone', 'IPhone'),
        model: price.model._id,
        repair: price.repair._id,
        price: price.price,
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await seedDemo(t.db.db)).toEqual({
      models: 0,
      categories: 0,
      repairCategories: 0,
      products: 1,
      repairs: 0,
      shopSettings: 0,
      posts: 0,
    });
    const post = (await get('/api/blog/getall')).fetchBlog[0];
    await t.request({ method: 'DELETE', url: `/api/blog/delete/${post._id}`, cookie: admin });
    expect((await seedDemo(t.db.db)).posts).toBe(1);
    expect((await get('/api/blog/getall')).fetchBlog).toHaveLength(DEMO_POSTS.length);
  });
});
