import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import * as repo from './products.repository.ts';
import { importProductsCsv, PRODUCT_CSV_HEADER } from './products.testkit.ts';

/** The list of every product (the list call with no query), sent a page at a time (lib/every-record.ts). */

let t: TestContext;
let admin: string;
const COUNT = 2100;

type Listed = { _id: string; productname: string; price: number; images: unknown[] };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  const image = { content: await makeImage('png', 80, 80, '#111111') };
  await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Apple' }, [image]) });
  // One import: every product gets the same creation time, so the pages' order rests on their ids.
  const rows = Array.from({ length: COUNT }, (_, i) => `Apple Phone ${i},${100 + i},1,Apple,,8GB,128GB,In Stock,,,Black,`);
  const imported = await importProductsCsv(t, admin, [PRODUCT_CSV_HEADER, ...rows].join('\r\n'));
  expect(imported.json()).toMatchObject({ created: COUNT });
  // And one with pictures, the newest.
  const picture = (colour: string) => makeImage('png', 80, 80, colour);
  const created = await t.request({
    method: 'POST',
    url: '/api/product/create',
    cookie: admin,
    ...multipart(
      {
        productname: 'Apple iPhone 15',
        price: '799',
        stockquantity: '2',
        description: 'A brand new iPhone 15 with a two-year UK warranty.',
        model: (await t.request({ method: 'GET', url: '/api/model/getall' }))
          .json()
          .fetchModel.find((m: { model: string }) => m.model === 'Apple')._id,
        availability: 'In Stock',
        color: 'Black',
        ram: '6GB',
        rom: '128GB',
      },
      [{ content: await picture('#dc2626') }, { content: await picture('#2563eb') }],
    ),
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('the list of every product', () => {
  it('holds every product once, newest first, as the pages of the list give them, across its reading pages', async () => {
    const res = await t.request({ method: 'GET', url: '/api/product/getall' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; fetchProducts: Listed[] };
    expect(Object.keys(body)).toEqual(['success', 'fetchProducts']);
    expect(body.success).toBe(true);
    const all = body.fetchProducts;
    expect(all).toHaveLength(COUNT + 1);
    expect(new Set(all.map((p) => p._id)).size).toBe(COUNT + 1);
    expect(all[0]).toMatchObject({ productname: 'Apple iPhone 15', price: 799 });
    expect(all[0]!.images).toHaveLength(2);
    // The same products in the same order as the paged list, page after page.
    const paged: Listed[] = [];
    for (let page = 1; page <= Math.ceil((COUNT + 1) / 100); page++) {
      paged.push(
        ...(await t.request({ method: 'GET', url: `/api/product/getall?page=${page}&limit=100&sort=newest` })).json()
          .fetchProducts,
      );
    }
    expect(all).toEqual(paged);
  });

  it('is sent as JSON with the API headers, checked before each use and never tagged or kept', async () => {
    const res = await t.request({ method: 'GET', url: '/api/product/getall' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    const signedIn = await t.request({ method: 'GET', url: '/api/product/getall', cookie: admin });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.json().fetchProducts).toHaveLength(COUNT + 1);
    // A query it ignores still asks for every product; a page is tagged as before.
    expect((await t.request({ method: 'GET', url: '/api/product/getall?unknown=1' })).json().fetchProducts).toHaveLength(
      COUNT + 1,
    );
    const page = await t.request({ method: 'GET', url: '/api/product/getall?limit=5' });
    expect(page.headers.etag).toBeDefined();
    expect(page.json()).toMatchObject({ page: 1, limit: 5, total: COUNT + 1 });
  });

  it('reads the products a thousand at a time, and none for a HEAD', async () => {
    const pages = vi.spyOn(repo, 'findProductsAfter');
    try {
      await t.request({ method: 'GET', url: '/api/product/getall' });
      expect(pages.mock.calls.map(([, filter, after, size]) => [filter, after === undefined, size])).toEqual([
        [{}, true, 1000],
        [{}, false, 1000],
        [{}, false, 1000],
      ]);
      pages.mockClear();
      const head = await t.request({ method: 'HEAD', url: '/api/product/getall' });
      expect(head.statusCode).toBe(200);
      // Fastify reads a HEAD's streamed body after answering: give it the time to read a page, were one asked for.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pages).not.toHaveBeenCalled();
    } finally {
      pages.mockRestore();
    }
  });

  it('is compressed for a browser that asks, and a HEAD sends no body', async () => {
    const res = await t.request({ method: 'GET', url: '/api/product/getall', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).fetchProducts).toHaveLength(COUNT + 1);
    const head = await t.request({ method: 'HEAD', url: '/api/product/getall' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('answers every repair price the same way', async () => {
    const empty = await t.request({ method: 'GET', url: '/api/phonerepair/getall' });
    expect(empty.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(empty.headers.etag).toBeUndefined();
    expect(empty.json()).toEqual({ success: true, fetchPhoneRepair: [] });
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Screen' } });
    const rows = Array.from({ length: 1100 }, (_, i) => `Apple Phone ${i},Apple,Screen,${50 + i}.00`);
    const imported = await t.request({
      method: 'POST',
      url: '/api/phonerepair/import',
      cookie: admin,
      ...multipart({}, [
        { content: Buffer.from(['Product Name,Model,Repair,Price', ...rows].join('\r\n')), filename: 'r.csv', type: 'text/csv' },
      ]),
    });
    expect(imported.json()).toMatchObject({ created: 1100 });
    const all = (await t.request({ method: 'GET', url: '/api/phonerepair/getall' })).json().fetchPhoneRepair as { _id: string }[];
    expect(new Set(all.map((r) => r._id)).size).toBe(1100);
    const paged: unknown[] = [];
    for (let page = 1; page <= 11; page++) {
      paged.push(
        ...(await t.request({ method: 'GET', url: `/api/phonerepair/getall?page=${page}&limit=100` })).json().fetchPhoneRepair,
      );
    }
    expect(all).toEqual(paged);
  });
});
