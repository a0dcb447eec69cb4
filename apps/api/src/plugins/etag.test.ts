import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { parseAnswer, postHead, send } from '../../test/raw-http.ts';
import { seedDemo } from '../demo/seed.ts';
import { enquiry } from '../modules/enquiries/enquiries.testkit.ts';
import { makeImage, multipart } from '../modules/media/media.testkit.ts';
import { createReadCache, TTL_MS } from './etag.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

const categoryNames = async () =>
  (await t.request({ method: 'GET', url: '/api/category/getall' }))
    .json()
    .fetchCategory.map((c: { category: string }) => c.category);

describe('kept answers of public reads', () => {
  it("shows a write at once: an admin's write empties what was kept", async () => {
    expect(await categoryNames()).toEqual([]);
    expect(await categoryNames()).toEqual([]);
    await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } });
    expect(await categoryNames()).toEqual(['Cases']);
  });

  it('is not emptied by a refused write, nor by what any visitor may write', async () => {
    const customer = await t.signIn('user');
    const kept = t.app.readCache.generation;
    const refused = [
      { method: 'POST', url: '/api/category/create', payload: { category: 'Signed out' } },
      { method: 'POST', url: '/api/category/create', cookie: customer, payload: { category: 'Customer' } },
      { method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: '' } },
      { method: 'POST', url: '/api/nothing-here', payload: {} },
      { method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } },
    ] as const;
    for (const request of refused) expect((await t.request(request)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.request({ method: 'POST', url: '/api/enquiry/create', payload: enquiry() })).statusCode).toBeLessThan(300);
    expect(t.app.readCache.generation).toBe(kept);
    await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Screens' } });
    expect(t.app.readCache.generation).toBeGreaterThan(kept);
  });

  it('answers a kept read with the same bytes, ETag and 304 as the first time, and HEAD with no body', async () => {
    const first = await t.request({ method: 'GET', url: '/api/category/getall' });
    const again = await t.request({ method: 'GET', url: '/api/category/getall' });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe('no-cache');
    const revalidated = await t.request({
      method: 'GET',
      url: '/api/category/getall',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const head = await t.request({ method: 'HEAD', url: '/api/category/getall' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.body).toBe('');
  });

  it('keeps one answer for an address whatever parameters its route does not read', async () => {
    const cache = t.app.readCache;
    const get = (url: string) => t.request({ method: 'GET', url });
    expect((await get('/api/product/getall?page=2&utm_source=mail&limit=1&fbclid=x')).statusCode).toBe(200);
    expect(cache.get('GET /api/product/getall?page=2&limit=1')).toBeDefined();
    // A name written encoded is the parameter it names, kept as it was written.
    expect((await get('/api/product/getall?%70age=3&limit=1&n=1')).statusCode).toBe(200);
    expect(cache.get('GET /api/product/getall?%70age=3&limit=1')).toBeDefined();
    // A route reading no query is kept by its path: an image asked for with ?n=… is the image kept.
    const form = { shopname: 'Corner Phones', email: 'shop@example.com', phoneno: '07700 900123', address: '1 High Street' };
    const logo = { content: await makeImage('png', 64, 64), filename: 'logo.png', type: 'image/png' };
    const created = await t.request({ method: 'POST', url: '/api/appdetail/create', cookie: admin, ...multipart(form, [logo]) });
    expect(created.statusCode).toBe(201);
    const image = (await get('/api/appdetail/getall')).json().fetchAppDetail[0].file.secure_url as string;
    const media = await get(`${image}?n=${Math.random()}`);
    expect([media.statusCode, media.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(cache.get(`GET ${image}`)?.body).toEqual(media.rawPayload);
  });

  it('keeps a signed-in answer out of shared caches even when it comes from memory', async () => {
    await t.request({ method: 'GET', url: '/api/category/getall' });
    const signedIn = await t.request({ method: 'GET', url: '/api/category/getall', cookie: admin });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('forgets an entry after the TTL, and never keeps what a request read before a write', () => {
    let clock = 5000;
    const cache = createReadCache(() => clock);
    const answer = { status: 200, body: Buffer.from('{}'), headers: {} };
    cache.set('a', cache.generation, answer);
    expect(cache.get('a')).toBeDefined();
    clock += TTL_MS + 1;
    expect(cache.get('a')).toBeUndefined();
    const started = cache.generation;
    cache.clear();
    cache.set('b', started, answer);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps an answer for its own lifetime when that is shorter than the TTL, and not at all when it is over', () => {
    let clock = 5000;
    const cache = createReadCache(() => clock);
    const answer = { status: 200, body: Buffer.from('{}'), headers: {} };
    cache.set('short', cache.generation, answer, TTL_MS / 4);
    cache.set('long', cache.generation, answer, TTL_MS * 60);
    cache.set('over', cache.generation, answer, 0);
    expect([cache.get('short'), cache.get('long'), cache.get('over')]).toEqual([answer, answer, undefined]);
    clock += TTL_MS / 4 + 1;
    expect([cache.get('short'), cache.get('long')]).toEqual([undefined, answer]);
    clock += TTL_MS;
    expect(cache.get('long')).toBeUndefined();
  });

  it('gives the expired answer while one request computes the next, and nothing expired after a write', () => {
    let clock = 5000;
    const cache = createReadCache(() => clock);
    const old = { status: 200, body: Buffer.from('{"n":1}'), headers: {} };
    const next = { status: 200, body: Buffer.from('{"n":2}'), headers: {} };
    cache.set('a', cache.generation, old);
    clock += TTL_MS + 1;
    expect(cache.get('a')).toBeUndefined();
    const settle = cache.begin('a');
    expect(cache.get('a')).toBe(old);
    cache.set('a', cache.generation, next);
    settle(next);
    expect(cache.get('a')).toBe(next);
    clock += TTL_MS + 1;
    const failed = cache.begin('a');
    expect(cache.get('a')).toBe(next);
    failed(undefined);
    expect(cache.get('a')).toBeUndefined();
    cache.begin('a');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep an answer over 512 KB, and drops the least recently read first past 2,000 entries', () => {
    const cache = createReadCache();
    const small = { status: 200, body: Buffer.from('{}'), headers: {} };
    cache.set('big', cache.generation, { ...small, body: Buffer.alloc(512 * 1024 + 1) });
    expect(cache.get('big')).toBeUndefined();
    for (let i = 0; i < 2000; i++) cache.set(`k${i}`, cache.generation, small);
    expect(cache.get('k0')).toBeDefined();
    cache.set('one more', cache.generation, small);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
  });

  it('lets concurrent misses wait for the first, but not across a write', async () => {
    const cache = createReadCache();
    const answer = { status: 200, body: Buffer.from('{"n":1}'), headers: {} };
    const settle = cache.begin('k');
    const waiting = cache.inFlight('k');
    expect(waiting).toBeDefined();
    settle(answer);
    expect(await waiting).toBe(answer);
    expect(cache.inFlight('k')).toBeUndefined();
    cache.begin('k');
    cache.clear();
    expect(cache.inFlight('k')).toBeUndefined();
  });

  it('answers many simultaneous misses with the same bytes', async () => {
    await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Chargers' } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'GET', url: '/api/category/getall?z=1' })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().fetchCategory.map((c: { category: string }) => c.category)).toContain('Chargers');
  });
});

describe('kept POST reads (getgroupdata), over a real socket', () => {
  const url = '/api/phonerepair/getgroupdata';
  let shop: TestContext;
  let port: number;
  let model: string;
  beforeAll(async () => {
    shop = await createTestContext();
    await seedDemo(shop.db.db);
    model = (await shop.request({ method: 'GET', url: '/api/phonerepair/getall?limit=1' })).json().fetchPhoneRepair[0].model._id;
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(() => shop.close());

  /** getgroupdata with that body, sent with its headers in one write, or (late) the body after a pause. */
  const groupData = async (
    body: string,
    { late = false, headers = {} }: { late?: boolean; headers?: Record<string, string> } = {},
  ) => {
    const head = postHead(url, Buffer.byteLength(body), { headers });
    return parseAnswer(await send(port, late ? [head, body] : [head + body]));
  };
  const prices = (answer: { json: Record<string, unknown> }) =>
    (answer.json.data as { repairs: { price: number }[] }).repairs.map((r) => r.price);

  it('answers a repeat from memory, keyed by the body as sent, with every security header', async () => {
    shop.app.readCache.clear();
    const body = JSON.stringify({ id: model });
    const first = await groupData(body);
    expect(first.status).toBe(200);
    expect(prices(first).length).toBeGreaterThan(0);
    // A change behind the app's back (as another process would make it) is not seen while the answer is kept.
    await sql`update phone_repairs set price_pence = 123400 where model_id = ${model}`.execute(shop.db.db);
    const kept = await groupData(body);
    expect(kept.json).toEqual(first.json);
    expect(kept.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(kept.headers['x-request-id']).toBeTruthy();
    // Another text is another key, even when it parses to the same body: it is read afresh.
    const spaced = await groupData(JSON.stringify({ id: model }, null, 1));
    expect(new Set(prices(spaced))).toEqual(new Set([1234]));
  });

  it('reads a body that arrives after its headers afresh, and keeps nothing it could not key', async () => {
    shop.app.readCache.clear();
    const body = JSON.stringify({ id: model });
    await sql`update phone_repairs set price_pence = 4900 where model_id = ${model}`.execute(shop.db.db);
    expect(new Set(prices(await groupData(body, { late: true })))).toEqual(new Set([49]));
    await sql`update phone_repairs set price_pence = 5900 where model_id = ${model}`.execute(shop.db.db);
    expect(new Set(prices(await groupData(body)))).toEqual(new Set([59]));
  });

  it('never answers from memory a request the route would refuse', async () => {
    shop.app.readCache.clear();
    const body = JSON.stringify({ id: model });
    expect((await groupData(body)).status).toBe(200);
    const crossSite = await groupData(body, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite).toMatchObject({ status: 403, json: { success: false, message: 'Cross-site request refused' } });
    const foreign = await groupData(body, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    // The same bytes under another type are not the JSON the answer was kept for.
    const asText = await groupData(body, { headers: { 'content-type': 'text/plain' } });
    expect(asText.status).not.toBe(200);
  });
});

describe('kept pages', () => {
  it('answers a page with an ETag, 304 when it has not changed, and the new head after a write', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    const web = await createTestContext({ WEB_DIST: dist });
    try {
      const first = await web.request({ method: 'GET', url: '/shop/home' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"/);
      expect((await web.request({ method: 'GET', url: '/shop/home', headers: { 'if-none-match': tag } })).statusCode).toBe(304);
      const head = await web.request({ method: 'HEAD', url: '/shop/home' });
      expect([head.statusCode, head.body]).toEqual([200, '']);
      const owner = await web.signIn('admin');
      // A HEAD before any GET (the page not kept yet, after a write) is tagged as the GET is, and revalidates.
      await web.request({ method: 'POST', url: '/api/category/create', cookie: owner, payload: { category: 'Head First' } });
      const fresh = await web.request({ method: 'HEAD', url: '/shop/home' });
      expect(fresh.headers.etag).toMatch(/^W\/"/);
      const revalidated = await web.request({
        method: 'HEAD',
        url: '/shop/home',
        headers: { 'if-none-match': String(fresh.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect((await web.request({ method: 'GET', url: '/shop/home' })).headers.etag).toBe(fresh.headers.etag);
      const form = {
        shopname: 'Corner Phones',
        email: 'shop@example.com',
        phoneno: '07700 900123',
        address: '1 High Street, Reading RG1 1AA',
      };
      const logo = { content: await makeImage('png', 64, 64), filename: 'logo.png', type: 'image/png' };
      const created = await web.request({
        method: 'POST',
        url: '/api/appdetail/create',
        cookie: owner,
        ...multipart(form, [logo]),
      });
      expect(created.statusCode).toBe(201);
      const after = await web.request({ method: 'GET', url: '/shop/home', headers: { 'if-none-match': tag } });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('<title>Corner Phones |');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
