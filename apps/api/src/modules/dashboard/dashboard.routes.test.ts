import type { Fix } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import { importProductsCsv } from '../products/products.testkit.ts';
import { FIXES, findFixes } from './fixes.ts';

/** The dashboard's things to fix (issue 20): a card per problem, its count, and the list filtered to it. */

let t: TestContext;
let admin: string;
let samsung: string;
let screen: string;
let accessories: string;
let cases: string;
let images: { content: Buffer }[];

const fixes = async (): Promise<Record<string, Pick<Fix, 'count' | 'to'>>> => {
  const res = await t.request({ method: 'GET', url: '/api/dashboard/fixes', cookie: admin });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().fetchFixes as Fix[]).map((f) => [f.title, { count: f.count, to: f.to }]));
};
const names = async (url: string) =>
  ((await t.request({ method: 'GET', url })).json().fetchProducts as { productname: string }[]).map((p) => p.productname);
const product = (over: Record<string, string>, withImages = true) =>
  t.request({
    method: 'POST',
    url: '/api/product/create',
    cookie: admin,
    ...multipart(
      {
        productname: 'Galaxy S24',
        price: '699',
        stockquantity: '2',
        description: 'A phone sold by the shop, described at length.',
        model: samsung,
        availability: 'In Stock',
        color: 'Black',
        ram: '8GB',
        rom: '256GB',
        ...over,
      },
      withImages ? images : [],
    ),
  });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  images = [{ content: await makeImage('png', 60, 60, '#000000') }, { content: await makeImage('png', 60, 60, '#ffffff') }];
  accessories = (await t.request({ method: 'GET', url: '/api/model/getall' })).json().fetchModel[0]._id;
  cases = (await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } })).json()
    .data._id;
  screen = (
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Screen' } })
  ).json().data._id;
});
afterAll(async () => {
  await t.close();
});

describe('things to fix', () => {
  it('has nothing to fix in an empty shop', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard/fixes', cookie: admin })).json()).toEqual({
      success: true,
      fetchFixes: [],
    });
  });

  it('finds brands with no repair prices, and phones sold with no repair price for the same phone', async () => {
    samsung = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Samsung' }, [images[0]!]),
      })
    ).json().data._id;
    expect(await fixes()).toEqual({ 'Brands with no repair prices': { count: 1, to: '/admin/addmodel?fix=no-repair-prices' } });
    const brands = (await t.request({ method: 'GET', url: '/api/model/getall?fix=no-repair-prices' })).json().fetchModel;
    expect(brands.map((m: { model: string }) => m.model)).toEqual(['Samsung']);

    await product({});
    await product({ productname: 'Galaxy A55', availability: 'Out of Stock' });
    await product({ productname: 'Clear Case', model: accessories, category: cases, ram: '', rom: '' });
    await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Galaxy S24', model: samsung, repair: screen, price: 99 },
    });
    // A phone with two repair prices is one phone that has them.
    const battery = (
      await t.request({
        method: 'POST',
        url: '/api/repaircategory/create',
        cookie: admin,
        payload: { repaircategory: 'Battery' },
      })
    ).json().data._id;
    const second = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Galaxy S24', model: samsung, repair: battery, price: 49 },
    });
    const found = await fixes();
    expect(found['Brands with no repair prices']).toBeUndefined();
    expect(found['Phones sold with no repair prices for the same model']).toEqual({
      count: 1,
      to: '/admin/productlist?fix=no-repair-prices',
    });
    expect(await names('/api/product/getall?fix=no-repair-prices')).toEqual(['Galaxy A55']);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/phonerepair/delete/${second.json().data._id}`,
      cookie: admin,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('counts only repair prices a customer sees: those of an archived repair category are none', async () => {
    const before = await fixes();
    expect((await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${screen}`, cookie: admin })).statusCode).toBe(
      200,
    );
    const archived = await fixes();
    expect(archived['Brands with no repair prices']).toEqual({ count: 1, to: '/admin/addmodel?fix=no-repair-prices' });
    expect(archived['Phones sold with no repair prices for the same model']?.count).toBe(2);
    expect((await names('/api/product/getall?fix=no-repair-prices')).sort()).toEqual(['Galaxy A55', 'Galaxy S24']);
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Screen' } });
    expect(await fixes()).toEqual(before);
  });

  it('finds out-of-stock products among those the home page shows first', async () => {
    expect((await fixes())['Out-of-stock products shown first on the home page']).toEqual({
      count: 1,
      to: '/admin/productlist?fix=out-of-stock-home',
    });
    expect(await names('/api/product/getall?fix=out-of-stock-home')).toEqual(['Galaxy A55']);
    // Twelve newer products push it out of the carousel, and eight newer phones out of the phones' grid.
    for (let i = 1; i <= 12; i++) await product({ productname: `Galaxy Tab ${i}` });
    expect((await fixes())['Out-of-stock products shown first on the home page']).toBeUndefined();
    expect(await names('/api/product/getall?fix=out-of-stock-home')).toEqual([]);
  });

  it('finds products with fewer than 2 images and with no description (as an import leaves them)', async () => {
    const csv = [
      'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color,Description',
      'Galaxy Z Flip,999,1,Samsung,8GB,256GB,In Stock,Mint,',
      'Galaxy Z Fold,1799,1,Samsung,12GB,512GB,In Stock,Navy,A folding phone with a description long enough.',
    ].join('\r\n');
    const res = await importProductsCsv(t, admin, csv);
    expect(res.json()).toMatchObject({ created: 2 });
    const found = await fixes();
    expect(found['Products with fewer than 2 images']).toEqual({ count: 2, to: '/admin/productlist?fix=needs-pictures' });
    expect(found['Products with no description']).toEqual({ count: 1, to: '/admin/productlist?fix=no-description' });
    expect((await names('/api/product/getall?fix=needs-pictures')).sort()).toEqual(['Galaxy Z Flip', 'Galaxy Z Fold']);
    expect(await names('/api/product/getall?fix=no-description')).toEqual(['Galaxy Z Flip']);
  });

  it('finds products sharing a name and brand with another, which an import cannot tell apart', async () => {
    for (const productname of ['Galaxy Twin', 'GALAXY TWIN', 'Galaxy Twins']) {
      expect((await product({ productname })).statusCode).toBe(201);
    }
    expect((await product({ productname: 'Galaxy Twin', model: accessories, category: cases })).statusCode).toBe(201);
    expect((await names('/api/product/getall?fix=same-name&q=twin')).sort()).toEqual(['GALAXY TWIN', 'Galaxy Twin']);
    const card = (await fixes())['Products sharing a name and brand with another'];
    expect(card?.to).toBe('/admin/productlist?fix=same-name');
    expect(card?.count).toBe((await t.request({ method: 'GET', url: '/api/product/getall?fix=same-name&limit=1' })).json().total);
    const csv = [
      'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color,Description',
      'Galaxy Twin,500,1,Samsung,8GB,256GB,In Stock,Black,',
    ].join('\r\n');
    expect((await importProductsCsv(t, admin, csv)).json().errors).toEqual([
      {
        line: 2,
        column: 'Product Name',
        message: '2 products have this name and brand: give each its own name in the Product List, then import again',
      },
    ]);
  });

  it('finds repair prices unchanged for 12 months', async () => {
    const aYearAgo = new Date(Date.now() - 367 * 24 * 60 * 60 * 1000).toISOString();
    await t.db.db.updateTable('phone_repairs').set({ updated_at: aYearAgo }).execute();
    expect((await fixes())['Repair prices unchanged for 12 months']).toEqual({
      count: 1,
      to: '/admin/phonerepairlist?fix=unchanged-12-months',
    });
    const listed = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?fix=unchanged-12-months' })).json();
    expect(listed).toMatchObject({ total: 1, fetchPhoneRepair: [{ productname: 'Galaxy S24' }] });
  });

  it('finds enquiries still new a day after they arrived, and the inbox lists just those', async () => {
    const send = (name: string) =>
      t.request({
        method: 'POST',
        url: '/api/enquiry/create',
        payload: { kind: 'enquiry', name, email: 'visitor@example.com', message: 'Do you fix tablets?', consent: true },
      });
    for (const name of ['Waiting', 'Answered', 'Fresh']) expect((await send(name)).statusCode).toBe(201);
    const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.db.db.updateTable('enquiries').set({ created_at: yesterday }).where('name', 'in', ['Waiting', 'Answered']).execute();
    await t.db.db.updateTable('enquiries').set({ status: 'contacted' }).where('name', '=', 'Answered').execute();
    expect((await fixes())['Enquiries new for more than a day']).toEqual({ count: 1, to: '/admin/enquiries?fix=new-over-a-day' });
    const listed = (await t.request({ method: 'GET', url: '/api/enquiry/getall?fix=new-over-a-day', cookie: admin })).json();
    expect(listed).toMatchObject({ total: 1, fetchEnquiry: [{ name: 'Waiting', status: 'new' }] });
  });

  it("counts what the filtered lists show, and lists the problems in the cards' order", async () => {
    const res = (await t.request({ method: 'GET', url: '/api/dashboard/fixes', cookie: admin })).json().fetchFixes as Fix[];
    expect(res.map((f) => f.key)).toEqual(FIXES.filter((f) => res.some((r) => r.key === f.key)).map((f) => f.key));
    for (const fix of res.filter((f) => f.to.startsWith('/admin/productlist'))) {
      const query = fix.to.split('?')[1];
      expect([fix.key, (await t.request({ method: 'GET', url: `/api/product/getall?${query}&limit=1` })).json().total]).toEqual([
        fix.key,
        fix.count,
      ]);
    }
  });

  it('is one entry to add a problem', async () => {
    const one = [...FIXES, { key: 'extra', title: 'Something else', to: '/admin/x', count: async () => 3 }];
    const services = { models: {}, products: {}, repairs: {}, enquiries: {} } as never;
    const found = await findFixes(services, one.slice(-1));
    expect(found).toEqual([{ key: 'extra', title: 'Something else', to: '/admin/x', count: 3 }]);
  });

  it('refuses an unknown problem in a list filter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/product/getall?fix=everything' });
    expect(res.json()).toMatchObject({
      success: false,
      message: 'fix must be one of: needs-pictures, no-description, same-name, no-repair-prices, out-of-stock-home',
    });
  });
});
