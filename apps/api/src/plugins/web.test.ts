import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
let dist: string;
const script = 'export const greeting = "hello";\n'.repeat(100);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/shop/pages/HomePage.tsx': { file: 'assets/HomePage-h1.js', imports: ['_carousel.js'] },
      '_carousel.js': { file: 'assets/carousel-c1.js' },
    }),
  );
  t = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  it('sends the build’s .br or .gz file as it is, immutable, and the plain file to a client that accepts neither', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    const gz = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const head = await t.request({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });
});

describe('page preloads', () => {
  it('preloads a shop page’s own chunks and the shop frame’s data in its head, and nothing on other pages or missing records', async () => {
    const home = (await t.request({ method: 'GET', url: '/shop/home' })).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-h1.js" />');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/carousel-c1.js" />');
    expect(home).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/model/getall" />');
    const missing = await t.request({ method: 'GET', url: '/shop/productpage/abc_123' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('preload');
    const admin = (await t.request({ method: 'GET', url: '/admin' })).body;
    expect(admin).not.toContain('preload');
    expect((await t.request({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
