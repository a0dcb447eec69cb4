import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe("the app's shell", () => {
  it('is no page of its own: /index.html goes to the home page, as / does', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.request({ method: 'GET', url });
      expect([res.statusCode, res.headers.location], url).toEqual([301, '/shop/home']);
    }
  });

  it('sends a request for /favicon.ico, which no page links to, to the icon the pages name', async () => {
    const res = await t.request({ method: 'GET', url: '/favicon.ico' });
    expect([res.statusCode, res.headers.location]).toEqual([301, '/favicon.png']);
  });
});

describe('opener policy', () => {
  it('lets a shop page open in the browsing context it is reached from, and isolates every other page', async () => {
    for (const url of ['/shop/home', '/shop/productpage/abc_123', '/contact?repair=r1', '/search?q=case']) {
      expect((await t.request({ method: 'GET', url })).headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
    // A JSON answer is no page, and has no opener policy (plugins/security.ts).
    expect((await t.request({ method: 'GET', url: '/api/health' })).headers['cross-origin-opener-policy']).toBeUndefined();
    for (const url of ['/auth/login', '/admin/products', '/no-such-page', '/api/docs/', '/assets/app-abc123.js']) {
      expect((await t.request({ method: 'GET', url })).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
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

describe('server-rendered shop pages', () => {
  let ssr: TestContext;
  let ssrDist: string;
  const renderer = `
export async function render(url, { transport, mobile, list }) {
  if (url.includes('blog')) throw new Error('the renderer broke');
  if (url.includes('phonerepair')) return null;
  if (url.includes('page=9')) return { redirect: '/shop/product?page=2' };
  const models = await (await transport('/api/model/getall', { method: 'GET' })).json();
  const repairs = await transport('/api/phonerepair/getgroupdata', { method: 'POST', body: JSON.stringify({ id: 'none' }) });
  // What the page shows by the clock changes: before it was sent, or in a minute.
  const until = url.includes('q=closed') ? Date.now() - 1 : url.includes('q=closing') ? Date.now() + 60000 : undefined;
  return {
    html: '<main>' + [url, mobile ? 'phone' : 'other', ...(list ? ['list'] : []), models.fetchModel.length, repairs.status].join(' ') + '</main>',
    state: '<script type="application/json" id="render-state">{}</script>',
    ...(until === undefined ? {} : { until }),
  };
}
`;

  beforeAll(async () => {
    ssrDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-ssr-'));
    fs.mkdirSync(path.join(ssrDist, '.server'));
    fs.writeFileSync(path.join(ssrDist, '.server', 'entry-server.js'), renderer);
    fs.writeFileSync(
      path.join(ssrDist, 'index.html'),
      '<!doctype html><html><head><title>Shop</title>' +
        '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
        '</head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(ssrDist, '.vite'));
    fs.writeFileSync(
      path.join(ssrDist, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/features/shop/pages/HomePage.tsx': { file: 'assets/HomePage-h1.js' } }),
    );
    // The islands' build, beside the app's with a manifest of its own.
    fs.writeFileSync(
      path.join(ssrDist, '.vite', 'islands-manifest.json'),
      JSON.stringify({
        'src/islands.tsx': { file: 'assets/islands/islands-i1.js', imports: ['_islands.js'] },
        '_islands.js': { file: 'assets/islands/island-parts-p1.js', imports: ['_react.js'] },
        '_home-islands-h2.js': { file: 'assets/islands/home-islands-h2.js', name: 'home-islands', imports: ['_islands.js'] },
        '_react.js': { file: 'assets/islands/react-r1.js' },
      }),
    );
    ssr = await createTestContext({ WEB_DIST: ssrDist });
  });
  afterAll(async () => {
    await ssr.close();
    fs.rmSync(ssrDist, { recursive: true, force: true });
  });

  it('sends a shop page rendered, its islands’ code started after the first paint, with the chunks it needs', async () => {
    const res = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('User-Agent');
    const page = await ssr.request({ method: 'GET', url: '/shop/home' });
    // The renderer's calls reach the real routes in process, GET and POST alike, as a signed-out visitor.
    expect(page.body).toMatch(
      /<div id="root"><main>\/shop\/home other \d+ 404<\/main><\/div><script type="application\/json" id="render-state">\{\}<\/script>/,
    );
    // The islands' entry, not the app's; the home page's own parts are a chunk it loads at once, preloaded too.
    expect(page.body).toContain(
      '<script src="/boot.js" defer data-entry="/assets/islands/islands-i1.js" data-chunks="/assets/islands/island-parts-p1.js /assets/islands/react-r1.js /assets/islands/home-islands-h2.js"></script>',
    );
    expect(page.body).not.toContain('index-e1.js');
    expect(page.body).not.toContain('type="module"');
    expect(page.body).not.toContain('rel="modulepreload"');
    // Its data is in the page: nothing to preload.
    expect(page.body).not.toContain('as="fetch"');
  });

  it('shows a browser without JavaScript the 404 page, or that a page the app draws needs it, and the way home', async () => {
    const missing = await ssr.request({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(
      /<div id="root"><\/div><noscript><div class="[^"]+"><p [^>]+>404<\/p><h1 [^>]+>Oops! Page not found<\/h1>/,
    );
    expect(missing.body).toMatch(/<a href="\/shop\/home" class="[^"]+">Back to Home<\/a><\/div><\/noscript>/);
    const login = (await ssr.request({ method: 'GET', url: '/auth/login' })).body;
    expect(login).toMatch(/<noscript><div class="[^"]+"><h1 [^>]+>This page needs JavaScript<\/h1><a href="\/shop\/home"/);
    // A page the server rendered is the page itself, without JavaScript too.
    expect((await ssr.request({ method: 'GET', url: '/shop/home' })).body).not.toContain('<noscript>');
  });

  it('reads the renderer’s data in process, never through app.inject, which would slow every later answer', async () => {
    const inject = vi.spyOn(ssr.app, 'inject');
    const res = await ssr.request({ method: 'GET', url: '/shop/product?page=3' });
    expect(res.body).toContain('<main>/shop/product?page=3 other');
    // The one call is this test's own request.
    expect(inject).toHaveBeenCalledTimes(1);
    inject.mockRestore();
  });

  it('compresses a page once per version, with brotli or gzip as the browser accepts, and sends it plain otherwise', async () => {
    const plain = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Sent plain, it still names Accept-Encoding: a cache keeps this copy for clients that accept no encoding only.
    expect(plain.headers.vary).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding');
    const br = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const revalidated = await ssr.request({
      method: 'GET',
      url: '/shop/home',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
    expect(revalidated.headers.vary).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding');
    // The 404 page too, which is not kept.
    const missing = await ssr.request({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, 'br']);
    expect(missing.headers.vary).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(
      (await ssr.request({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'identity' } })).body,
    );
  });

  it('renders for a phone with the phone’s page size, by client hint or by user agent, and keeps each apart', async () => {
    const hinted = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(hinted.body).toContain('<main>/shop/home phone');
    const agent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    expect((await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'user-agent': agent } })).body).toContain('phone');
    const desktop = await ssr.request({
      method: 'GET',
      url: '/shop/home',
      headers: { 'sec-ch-ua-mobile': '?0', 'user-agent': agent },
    });
    expect(desktop.body).toContain('<main>/shop/home other');
    // The window, once the app has measured it, has the last word: a narrow one on a computer, a wide one on a phone.
    const narrow = await ssr.request({
      method: 'GET',
      url: '/shop/home',
      headers: { 'sec-ch-ua-mobile': '?0', cookie: 'a=b; narrow=1' },
    });
    expect(narrow.body).toContain('<main>/shop/home phone');
    const wide = await ssr.request({ method: 'GET', url: '/shop/home', headers: { 'user-agent': agent, cookie: 'narrow=0' } });
    expect(wide.body).toContain('<main>/shop/home other');
    expect(wide.headers.vary).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding');
    // The listing's view, the device's choice, is drawn too, and kept apart.
    const list = await ssr.request({ method: 'GET', url: '/shop/home', headers: { cookie: 'view=list; narrow=1' } });
    expect(list.body).toContain('<main>/shop/home phone list ');
    expect((await ssr.request({ method: 'GET', url: '/shop/home', headers: { cookie: 'view=grid' } })).body).toContain(
      '<main>/shop/home other 1 ',
    );
  });

  it('draws and keeps a page by the parameters it reads, whatever others its address carries', async () => {
    const drawn = async (url: string) => /<main>(\S+) /.exec((await ssr.request({ method: 'GET', url })).body)?.[1];
    expect(await drawn('/shop/home?utm_source=mail&fbclid=abc')).toBe('/shop/home');
    expect(await drawn('/shop/product?utm_source=mail&category=phones&page=2&n=1')).toBe('/shop/product?category=phones&page=2');
    expect(await drawn('/search?q=iphone%2013&gclid=1&kind=repair')).toBe('/search?q=iphone%2013&kind=repair');
    expect(await drawn('/contact?repair=r1&ref=x')).toBe('/contact?repair=r1');
    expect(ssr.app.readCache.get('PAGE other /shop/product?category=phones&page=2')).toBeDefined();
    // Only the page's own: the listing's page number is nothing to the home page.
    expect(await drawn('/shop/home?page=2')).toBe('/shop/home');
    const admin = await ssr.request({ method: 'GET', url: '/admin/productlist?page=2&x=1' });
    expect(admin.statusCode).toBe(200);
    expect(ssr.app.readCache.get('PAGE other /admin/productlist')).toBeDefined();
  });

  it('keeps a page no longer than what it shows by the clock holds', async () => {
    // The shop opened or closed while the page was drawn: it is sent, and drawn anew for the next visitor.
    const closed = await ssr.request({ method: 'GET', url: '/search?q=closed' });
    expect(closed.body).toContain('<main>/search?q=closed other');
    expect(ssr.app.readCache.get('PAGE other /search?q=closed')).toBeUndefined();
    // A status that holds for a minute more: kept, as every public read is, for the read cache's TTL at most.
    await ssr.request({ method: 'GET', url: '/search?q=closing' });
    expect(ssr.app.readCache.get('PAGE other /search?q=closing')).toBeDefined();
  });

  it("redirects, for now, where the renderer says a page is another address's (a listing page past the last)", async () => {
    const res = await ssr.request({ method: 'GET', url: '/shop/product?page=9' });
    expect([res.statusCode, res.headers.location, res.headers['cache-control']]).toEqual([
      302,
      '/shop/product?page=2',
      'no-cache',
    ]);
    // What the listing does not read goes along, a campaign's parameters for the page's analytics.
    const campaign = await ssr.request({ method: 'GET', url: '/shop/product?utm_source=mail&page=9&fbclid=a%20b' });
    expect(campaign.headers.location).toBe('/shop/product?page=2&utm_source=mail&fbclid=a%20b');
  });

  it('sends the page for the browser to draw, with its preloads, when the renderer fails or declines', async () => {
    for (const url of ['/shop/blog', '/shop/phonerepair']) {
      const res = await ssr.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(res.body, url).toContain('as="fetch"');
    }
  });

  it('never renders the admin console, the sign-in pages or a missing record, and never sends the renderer', async () => {
    for (const url of ['/admin/dashboard', '/auth/login', '/shop/productpage/abc_123', '/nowhere']) {
      const res = await ssr.request({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('boot.js');
    }
    expect((await ssr.request({ method: 'GET', url: '/.server/entry-server.js' })).body).not.toContain('the renderer broke');
  });

  it('renders the same page for a signed-in visitor as for anyone: nothing of the session is in it', async () => {
    const cookie = await ssr.signIn('admin');
    const res = await ssr.request({ method: 'GET', url: '/shop/home', headers: { cookie } });
    const anonymous = await ssr.request({ method: 'GET', url: '/shop/home' });
    expect(res.body).toBe(anonymous.body);
  });
});
