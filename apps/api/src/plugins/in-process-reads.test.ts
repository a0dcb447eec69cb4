import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { seedDemo } from '../demo/seed.ts';

let t: TestContext;
let product: string;
let repair: string;
let model: string;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.db.db);
  product = (await t.request({ method: 'GET', url: '/api/product/getall?limit=1' })).json().fetchProducts[0]._id;
  const firstRepair = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?limit=1' })).json().fetchPhoneRepair[0];
  repair = firstRepair._id;
  model = firstRepair.model._id;
});
afterAll(async () => {
  await t.close();
});

type Read = [method: 'GET' | 'POST', url: string, body?: string];

/** Every public API read (each route marked PUBLIC_READ under /api), with good and bad input. */
const reads = (): Read[] => [
  ['GET', '/api/model/getall'],
  ['GET', '/api/category/getall'],
  ['GET', '/api/repaircategory/getall'],
  ['GET', '/api/appdetail/getall'],
  ['GET', '/api/product/getall'],
  ['GET', '/api/product/getall?page=2&limit=3&sort=price_desc&type=smartphone'],
  ['GET', '/api/product/getall?page=1&limit=10&sort=price_asc&type=smartphone&model=Samsung'],
  ['GET', '/api/product/getall?q=galaxy%20s&q=ignored&limit=5'],
  ['GET', '/api/product/getall?limit=lots'],
  ['GET', `/api/product/getbyid/${product}`],
  ['GET', '/api/product/getbyid/no-such-product'],
  ['GET', `/api/phonerepair/getall?model=${model}&limit=5`],
  ['GET', `/api/phonerepair/getbyid/${repair}`],
  ['POST', '/api/phonerepair/getgroupdata', JSON.stringify({ id: model })],
  ['POST', '/api/phonerepair/getgroupdata', '{}'],
  ['GET', '/api/repairs/apple'],
  ['GET', '/api/repairs/apple/iphone-13'],
  ['GET', '/api/repairs/APPLE/no-such-phone'],
  ['GET', '/api/search?q=iphone13'],
  ['GET', '/api/search?q=samsng&limit=3&kind=brand'],
  ['GET', '/api/search?q=a&q=b'],
  ['GET', '/api/product/getall/'],
  ['GET', '/api/no/such/read'],
];

describe('public reads answered in process', () => {
  it('answers exactly as the same read over HTTP: status, bytes, content type and ETag', async () => {
    for (const [method, url, body] of reads()) {
      t.app.readCache.clear();
      const inProcess = await t.app.readInProcess(method, url, body);
      t.app.readCache.clear();
      const json = { 'content-type': 'application/json' };
      const http = await t.request({ method, url, ...(body ? { payload: body, headers: json } : {}) });
      expect(inProcess.status, `${method} ${url}`).toBe(http.statusCode);
      expect(inProcess.body.toString(), `${method} ${url}`).toBe(http.body);
      expect(inProcess.headers['content-type'], `${method} ${url}`).toBe(http.headers['content-type']);
      expect(inProcess.headers.etag, `${method} ${url}`).toBe(http.statusCode === 200 ? http.headers.etag : undefined);
    }
  });

  it('shares the read cache with HTTP both ways, and keeps no failure', async () => {
    const url = '/api/model/getall';
    const names = (body: Buffer | string) => JSON.parse(body.toString()).fetchModel.map((m: { model: string }) => m.model);
    t.app.readCache.clear();
    const kept = await t.app.readInProcess('GET', url);
    // A change made behind the app's back (as another process would) is not seen while the answer is kept.
    await sql`update models set model = 'Renamed' where model = 'Samsung'`.execute(t.db.db);
    const http = await t.request({ method: 'GET', url });
    expect(names(http.body)).toEqual(names(kept.body));
    expect(http.headers.etag).toBe(kept.headers.etag);
    // And the other way: what HTTP keeps is what the in-process read returns.
    t.app.readCache.clear();
    const fresh = await t.request({ method: 'GET', url });
    expect(names(fresh.body)).toContain('Renamed');
    expect(await t.app.readInProcess('GET', url)).toBe(t.app.readCache.get(`GET ${url}`));

    t.app.readCache.clear();
    await t.app.readInProcess('GET', '/api/product/getbyid/no-such-product');
    expect(t.app.readCache.get('GET /api/product/getbyid/no-such-product')).toBeUndefined();
  });

  it('lets simultaneous misses of one read wait for the first instead of all reading', async () => {
    t.app.readCache.clear();
    const answers = await Promise.all([1, 2, 3].map(() => t.app.readInProcess('GET', '/api/category/getall')));
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  });
});
