import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { parseAnswer, postHead, send } from '../../test/raw-http.ts';
import { buildApp, type ShopApp } from '../app.ts';
import { seedDemo } from '../demo/seed.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, decompressed. */
  body: Buffer;
}

let t: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>${'<p>A page.</p>'.repeat(200)}</body></html>`,
  );
  t = await createTestContext({ WEB_DIST: dist });
  await seedDemo(t.db.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The shop on a real socket, counting the answers Fastify sent (onResponse runs for every one of them). */
async function listening(app: ShopApp): Promise<{ port: number; seen: () => number }> {
  let seen = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    seen++;
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, seen: () => seen };
}

function request(port: number, method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = raw.length ? res.headers['content-encoding'] : undefined;
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * An answer's headers but those that differ between two answers of the same bytes: the date, the request id, and
 * for a compressed body its framing (@fastify/compress streams a large one, chunked; a kept one has its length).
 */
function lasting(headers: http.IncomingHttpHeaders, { encoded }: { encoded: boolean }) {
  const { date: _date, 'x-request-id': _id, 'content-length': length, 'transfer-encoding': chunked, ...rest } = headers;
  return encoded ? rest : { ...rest, 'content-length': length, 'transfer-encoding': chunked };
}

describe('kept answers sent before the framework', () => {
  let app: ShopApp;
  let port: number;
  let seen: () => number;
  let product: string;
  beforeAll(async () => {
    app = await buildApp({ config: t.config, db: t.db, logger: false });
    ({ port, seen } = await listening(app));
    product = (await t.request({ method: 'GET', url: '/api/product/getall?limit=1' })).json().fetchProducts[0]._id;
  });
  afterAll(() => app.close());

  it('sends a repeated read exactly as Fastify sent it the first time, without Fastify', async () => {
    const phone = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' };
    const cases: [string, string, Record<string, string>][] = [
      ['GET', `/api/product/getbyid/${product}`, {}],
      ['GET', '/api/product/getall?page=1&limit=10&sort=price_asc', { 'accept-encoding': 'gzip, deflate, br' }],
      ['GET', '/api/product/getall?page=1&limit=10&sort=price_asc', { 'accept-encoding': 'gzip' }],
      ['HEAD', `/api/product/getbyid/${product}`, { 'accept-encoding': 'br' }],
      ['GET', '/api/category/getall', { 'accept-encoding': 'br' }],
      ['GET', '/shop/home', { 'accept-encoding': 'br, gzip', ...phone }],
      ['GET', '/shop/home', { 'accept-encoding': 'gzip' }],
      ['GET', '/shop/home', {}],
    ];
    for (const [method, url, headers] of cases) {
      app.readCache.clear();
      const before = seen();
      const first = await request(port, method, url, headers);
      // A HEAD is answered from what a GET kept.
      if (method === 'HEAD') await request(port, 'GET', url, headers);
      const fastify = seen();
      expect(fastify, `${method} ${url}: the first is Fastify's`).toBe(before + (method === 'HEAD' ? 2 : 1));
      const again = await request(port, method, url, { ...headers, 'x-request-id': 'given-id-1' });
      expect(seen(), `${method} ${url}: the repeat is not`).toBe(fastify);
      expect(again.status).toBe(200);
      const encoded = first.headers['content-encoding'] !== undefined;
      expect(lasting(again.headers, { encoded })).toEqual(lasting(first.headers, { encoded }));
      expect(again.body.equals(first.body), `${method} ${url}: the same bytes`).toBe(true);
      expect(again.headers['x-request-id']).toBe('given-id-1');
      const page = !url.startsWith('/api/');
      expect(again.headers['content-security-policy']).toContain(page ? "default-src 'self'" : "default-src 'none'");
      expect(again.headers['cross-origin-opener-policy']).toBe(page ? 'unsafe-none' : undefined);
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const url = `/api/product/getbyid/${product}`;
    const first = await request(port, 'GET', url);
    const before = seen();
    const revalidated = await request(port, 'GET', url, { 'if-none-match': String(first.headers.etag) });
    expect(seen()).toBe(before);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(revalidated.headers.etag).toBe(first.headers.etag);
  });

  it('leaves an address with parameters its route does not read to Fastify, which sends what was kept for it', async () => {
    const url = '/api/product/getall?page=1&limit=10';
    const kept = await request(port, 'GET', url);
    const before = seen();
    const campaign = await request(port, 'GET', `${url}&utm_source=mail`);
    expect(seen()).toBe(before + 1);
    expect(campaign.headers.etag).toBe(kept.headers.etag);
    expect(campaign.body.equals(kept.body)).toBe(true);
    // A page's parameters are known before any route: its page is sent at once.
    await request(port, 'GET', '/shop/home');
    const drawn = seen();
    const page = await request(port, 'GET', '/shop/home?fbclid=abc');
    expect([page.status, seen()]).toEqual([200, drawn]);
  });

  it('leaves a read with a session to Fastify, which renews the session and marks the answer private', async () => {
    const cookie = await t.signIn('user');
    const url = '/api/category/getall';
    await request(port, 'GET', url);
    const before = seen();
    const signedIn = await request(port, 'GET', url, { cookie });
    expect(seen()).toBe(before + 1);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    // Any other cookie is no session: the kept answer is sent.
    await request(port, 'GET', url, { cookie: 'theme=dark; xsid=1' });
    expect(seen()).toBe(before + 1);
  });

  it('sends a kept POST read whose body came with its headers, and refuses one sent from another site', async () => {
    const model = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?limit=1' })).json().fetchPhoneRepair[0].model
      ._id;
    const url = '/api/phonerepair/getgroupdata';
    const body = JSON.stringify({ id: model });
    const post = async (headers: Record<string, string> = {}, late = false) => {
      const head = postHead(url, Buffer.byteLength(body), { headers });
      return parseAnswer(await send(port, late ? [head, body] : [head + body]));
    };
    const first = await post();
    const before = seen();
    const kept = await post();
    expect(seen()).toBe(before);
    expect(kept.json).toEqual(first.json);
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toMatchObject({
      status: 403,
      json: { message: 'Cross-site request refused' },
    });
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect(seen()).toBe(before + 2);
    // A body that arrives after its headers is read by Fastify.
    expect((await post({}, true)).json).toEqual(first.json);
    expect(seen()).toBe(before + 3);
  });
});

describe('kept answers while every request is logged', () => {
  it('go through Fastify, so that each has its log line', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await buildApp({ config: { ...t.config, logLevel: 'info' }, db: t.db, logger: { stream } });
    const { port, seen } = await listening(app);
    try {
      for (let i = 0; i < 3; i++) expect((await request(port, 'GET', '/api/category/getall')).status).toBe(200);
      expect(seen()).toBe(3);
      expect(lines.join('').match(/"request completed"/g)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
