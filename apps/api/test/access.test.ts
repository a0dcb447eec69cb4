import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createAuthService } from '../src/modules/auth/auth.service.ts';
import authPlugin from '../src/plugins/auth.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Who may call what, for every route the server registers. A route the server has but this table
 * does not name fails the suite, so a new route can never skip the check.
 */
const PUBLIC = [
  'GET /',
  'GET /shop',
  'GET /repairs',
  'GET /repairs/',
  'GET /index.html',
  'GET /favicon.ico',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemap-:part.xml',
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/model/getall',
  'GET /api/category/getall',
  'GET /api/repaircategory/getall',
  'GET /api/product/getall',
  'GET /api/product/getbyid/:id',
  'GET /api/phonerepair/getall',
  'GET /api/phonerepair/getbyid/:id',
  'POST /api/phonerepair/getgroupdata',
  'GET /api/repairs/:brand',
  'GET /api/repairs/:brand/:model',
  'GET /api/search',
  'GET /api/appdetail/getall',
  'GET /api/blog/getall',
  'GET /api/blog/getbyslug/:slug',
  'GET /shop/blog/rss.xml',
  'POST /api/enquiry/create',
  'POST /contact',
  'GET /api/enquiry/retention',
  'GET /api/openapi.json',
  'GET /media/:file',
];
/** Answers 401 signed out, and the caller's own session when signed in. */
const SIGNED_IN = ['GET /api/auth/check'];
const ADMIN = [
  'POST /api/model/create',
  'PUT /api/model/update/:id',
  'DELETE /api/model/delete/:id',
  'POST /api/category/create',
  'DELETE /api/category/delete/:id',
  'POST /api/repaircategory/create',
  'DELETE /api/repaircategory/delete/:id',
  'GET /api/product/countproduct',
  'POST /api/product/create',
  'PUT /api/product/update/:id',
  'DELETE /api/product/delete/:id',
  'POST /api/phonerepair/create',
  'PUT /api/phonerepair/update/:id',
  'DELETE /api/phonerepair/delete/:id',
  'POST /api/appdetail/create',
  'PUT /api/appdetail/update/:id',
  'DELETE /api/appdetail/delete/:id',
  'GET /api/auth/getall',
  'GET /api/auth/countuser',
  'PUT /api/auth/update/:id',
  'DELETE /api/auth/delete/:id',
  'GET /api/blog/getbyid/:id',
  'POST /api/blog/create',
  'PUT /api/blog/update/:id',
  'DELETE /api/blog/delete/:id',
  'POST /api/blog/image',
  'GET /api/enquiry/getall',
  'GET /api/enquiry/getbyid/:id',
  'PUT /api/enquiry/update/:id',
  'DELETE /api/enquiry/delete/:id',
  'GET /api/product/export.csv',
  'POST /api/product/import',
  'GET /api/product/import/last',
  'POST /api/product/import/undo',
  'POST /api/phonerepair/bulkprice',
  'GET /api/phonerepair/bulkprice/last',
  'POST /api/phonerepair/bulkprice/undo',
  'GET /api/phonerepair/export.csv',
  'POST /api/phonerepair/import',
  'GET /api/audit/getall',
  'GET /api/audit/users',
  'GET /api/dashboard/fixes',
];
/** The API reference pages are public documentation. */
const isDocs = (key: string) => /^GET \/api\/docs(\/|$)/.test(key);

let t: TestContext;
let routes: { method: string; url: string; key: string }[];
beforeAll(async () => {
  t = await createTestContext();
  routes = t.app.routeList
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }))
    // Logout ends the session it is called with, so it goes last.
    .sort((a, b) => Number(a.key.includes('logout')) - Number(b.key.includes('logout')));
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) =>
  url
    .replace(':id', 'AAAAAAAAAAAAAAAA')
    .replace(':slug', 'no-such-post')
    .replace(':part', '1')
    .replace(':file', 'nothing.webp')
    .replace('*', 'index.html');
const send = (route: { method: string; url: string }, cookie?: string, headers: Record<string, string> = {}) =>
  t.request({
    method: route.method as 'GET',
    url: concrete(route.url),
    cookie,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('access suite', () => {
  it('has an expectation for every route the server registers, and every expectation names a real route', () => {
    const known = new Set([...PUBLIC, ...SIGNED_IN, ...ADMIN]);
    const unexpected = routes.filter((r) => !known.has(r.key) && !isDocs(r.key)).map((r) => r.key);
    expect(unexpected, 'routes with no access expectation').toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect([...known].filter((k) => !registered.has(k)), 'expected routes the server does not have').toEqual([]);
  });

  it('checks every route as an anonymous visitor, a signed-in customer and an admin', async () => {
    const customer = await t.signIn('user');
    const admin = await t.signIn('admin');
    for (const route of routes) {
      const anonymous = await send(route);
      const asCustomer = await send(route, customer);
      const asAdmin = await send(route, admin);
      const label = `${route.key}:`;
      if (ADMIN.includes(route.key)) {
        expect([label, anonymous.statusCode, anonymous.json()]).toEqual([label, 401, { success: false, message: 'Please sign in' }]);
        expect([label, asCustomer.statusCode, asCustomer.json()]).toEqual([label, 403, { success: false, message: 'Admin access only' }]);
        expect([label, asAdmin.statusCode]).not.toEqual([label, 401]);
        expect([label, asAdmin.statusCode]).not.toEqual([label, 403]);
        expect(asAdmin.statusCode, label).toBeLessThan(500);
      } else if (SIGNED_IN.includes(route.key)) {
        expect([label, anonymous.statusCode]).toEqual([label, 401]);
        expect([label, asCustomer.statusCode, asCustomer.json().user.role]).toEqual([label, 200, 'user']);
        expect([label, asAdmin.statusCode, asAdmin.json().user.role]).toEqual([label, 200, 'admin']);
      } else {
        for (const res of [anonymous, asCustomer, asAdmin]) {
          expect([label, res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403]).toEqual([label, true]);
        }
      }
    }
  });

  it('refuses every state-changing route from another site, by Origin or by Sec-Fetch-Site', async () => {
    const admin = await t.signIn('admin');
    const changing = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(changing.length).toBeGreaterThan(20);
    for (const route of changing) {
      const hostile: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
      for (const headers of hostile) {
        const res = await send(route, admin, headers);
        expect([route.key, headers, res.statusCode, res.json()]).toEqual([
          route.key,
          headers,
          403,
          { success: false, message: 'Cross-site request refused' },
        ]);
      }
    }
  });
});

describe('access is declared once, with the route', () => {
  it('refuses to start with an API route that declares no access', async () => {
    const app = Fastify();
    await app.register(authPlugin, { config: t.config, auth: createAuthService(t.db.db) });
    expect(() => app.get('/api/forgotten', async () => ({ success: true }))).toThrow(
      'GET /api/forgotten declares no access (config.access)',
    );
    await app.close();
  });

  it('documents in the OpenAPI document exactly the access it enforces', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented: string[] = [];
    for (const [url, methods] of Object.entries(spec.paths as Record<string, Record<string, { security?: unknown }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.security) documented.push(`${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect(documented.sort()).toEqual([...ADMIN].sort());
  });
});

describe('sessions end with the account', () => {
  it('refuses a deleted user\'s session', async () => {
    const admin = await t.signIn('admin');
    const email = 'leaving@example.com';
    const customer = await t.signIn('user', email);
    const check = await t.request({ method: 'GET', url: '/api/auth/check', cookie: customer });
    expect(check.statusCode).toBe(200);
    const id = check.json().user._id as string;
    const del = await t.request({ method: 'DELETE', url: `/api/auth/delete/${id}`, cookie: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: customer })).statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('send a strict CSP, nosniff and a referrer policy on pages and files', async () => {
    // Without the web app's build (as here) the shop's pages are JSON 404s; plugins/web.test.ts has them.
    for (const url of ['/api/docs/', '/robots.txt', '/sitemap.xml']) {
      const res = await t.request({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(directives['base-uri'], url).toEqual(["'none'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('send a JSON answer a CSP that loads nothing, nosniff, the resource and referrer policies, and no document headers', async () => {
    const cookie = await t.signIn('admin');
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/no-such-call' },
      { method: 'GET', url: '/api/auth/check', cookie },
      { method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong password' } },
      // Refused by the router before any hook runs: an address that does not decode, and a parameter too long.
      { method: 'GET', url: '/api/%E0%A4%A' },
      { method: 'GET', url: `/api/product/getbyid/${'a'.repeat(201)}` },
    ] as const) {
      const res = await t.request(request);
      expect(res.headers['content-type'], request.url).toMatch(/^application\/json/);
      expect(res.headers['x-request-id'], request.url).toBeTruthy();
      expect(res.headers['content-security-policy'], request.url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      const documentOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options'];
      for (const name of [...documentOnly, 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
        expect(res.headers[name], `${request.url} ${name}`).toBeUndefined();
      }
    }
  });

  it('send HSTS when the shop is served over https', async () => {
    const https = await createTestContext({ PUBLIC_URL: 'https://www.myphoneshop.co.uk' });
    try {
      for (const url of ['/api/health', '/api/docs/']) {
        const res = await https.request({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const page = await https.request({ method: 'GET', url: '/api/docs/' });
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});
