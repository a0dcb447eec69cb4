import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const CALLS = [
  ['get', '/api/model/getall'],
  ['post', '/api/model/create'],
  ['put', '/api/model/update/{id}'],
  ['delete', '/api/model/delete/{id}'],
  ['get', '/api/category/getall'],
  ['post', '/api/category/create'],
  ['delete', '/api/category/delete/{id}'],
  ['get', '/api/auth/getall'],
  ['get', '/api/auth/countuser'],
  ['delete', '/api/auth/delete/{id}'],
  ['put', '/api/auth/update/{id}'],
  ['post', '/api/auth/register'],
  ['post', '/api/auth/login'],
  ['post', '/api/auth/logout'],
  ['get', '/api/auth/check'],
  ['get', '/api/appdetail/getall'],
  ['post', '/api/appdetail/create'],
  ['put', '/api/appdetail/update/{id}'],
  ['delete', '/api/appdetail/delete/{id}'],
  ['get', '/api/product/getall'],
  ['get', '/api/product/countproduct'],
  ['post', '/api/product/create'],
  ['put', '/api/product/update/{id}'],
  ['delete', '/api/product/delete/{id}'],
  ['get', '/api/product/getbyid/{id}'],
  ['get', '/api/repaircategory/getall'],
  ['post', '/api/repaircategory/create'],
  ['delete', '/api/repaircategory/delete/{id}'],
  ['get', '/api/phonerepair/getall'],
  ['post', '/api/phonerepair/create'],
  ['put', '/api/phonerepair/update/{id}'],
  ['delete', '/api/phonerepair/delete/{id}'],
  ['get', '/api/phonerepair/getbyid/{id}'],
  ['post', '/api/phonerepair/getgroupdata'],
  ['get', '/media/{file}'],
] as const;

describe('OpenAPI', () => {
  it('documents every call as OpenAPI 3.1, with the shared schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toBe('3.1.0');
    for (const [method, path] of CALLS) expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();

    const create = spec.paths['/api/product/create'].post;
    expect(create.security).toEqual([{ session: [] }]);
    const form = create.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.description).toMatchObject({ type: 'string', minLength: 30, maxLength: 1000 });
    expect(form.properties.file).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(form.required).toEqual(expect.arrayContaining(['productname', 'price', 'model']));
    const query = spec.paths['/api/product/getall'].get.parameters.map((p: { name: string }) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'limit', 'sort', 'q', 'model', 'category', 'type', 'availability']));
    expect(spec.paths['/api/product/getall'].get.security).toBeUndefined();
  });

  it('leaves validation to zod: the schemas document, they do not judge', async () => {
    // ajv would refuse a string price against { type: number }; zod accepts the form's string.
    const admin = await t.signIn('admin');
    const res = await t.request({
      method: 'POST',
      url: '/api/product/create',
      cookie: admin,
      payload: {
        productname: 'Phone',
        price: '12.50',
        stockquantity: '1',
        description: 'x'.repeat(40),
        model: 'nope',
        availability: 'In Stock',
        color: 'Red',
      },
    });
    expect(res.json()).toMatchObject({ success: false, message: 'Selected model not found' });
  });

  it('serves a readable reference under the strict CSP, with no inline scripts', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const js = await t.request({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(js.statusCode, src).toBe(200);
    }
  });
});
