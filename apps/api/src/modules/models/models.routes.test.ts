import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
let customer: string;
let logo: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  customer = await t.signIn('user');
  logo = await makeImage('png', 600, 600);
});
afterAll(async () => {
  await t.close();
});

const getall = () => t.request({ method: 'GET', url: '/api/model/getall' });
const create = (fields: Record<string, string>, withLogo: boolean | Buffer = true, cookie: string | null = admin) =>
  t.request({
    method: 'POST',
    url: '/api/model/create',
    cookie: cookie ?? undefined,
    ...multipart(fields, withLogo ? [{ content: withLogo === true ? logo : withLogo, filename: 'logo.png' }] : []),
  });
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('models', () => {
  it('lists the Accessories model to anyone, with no logo', async () => {
    const res = await getall();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      fetchModel: [
        { _id: expect.any(String), model: 'Accessories', slug: 'accessories', file: null, status: true, createdAt: ISO, updatedAt: ISO },
      ],
    });
  });

  it('lets only an admin create, update and archive', async () => {
    for (const [cookie, status, message] of [
      [null, 401, 'Please sign in'],
      [customer, 403, 'Admin access only'],
    ] as const) {
      const calls = [
        create({ model: 'Nope' }, true, cookie),
        t.request({ method: 'PUT', url: '/api/model/update/abc', payload: { model: 'X' }, cookie: cookie ?? undefined }),
        t.request({ method: 'DELETE', url: '/api/model/delete/abc', cookie: cookie ?? undefined }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
      }
    }
  });

  it('creates a model with a logo stored as WebP widths, newest first in the list', async () => {
    const res = await create({ model: 'Apple' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Model created',
      data: {
        _id: expect.any(String),
        model: 'Apple',
        slug: 'apple',
        status: true,
        file: {
          secure_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
          width: 600,
          height: 600,
          srcset: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp 400w, \/media\/[a-f0-9]{64}\.webp 600w$/),
        },
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
    const list = (await getall()).json().fetchModel;
    expect(list.map((m: { model: string }) => m.model)).toEqual(['Apple', 'Accessories']);
    const image = await t.request({ method: 'GET', url: body.data.file.secure_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('gives the spec messages', async () => {
    const empty = await create({ model: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: 'Model Name is Required',
      fieldErrors: { model: ['Model Name is Required'] },
    });
    expect((await create({ model: 'samsung' })).json()).toMatchObject({
      success: false,
      message: 'First letter must be capitalized',
    });
    const noLogo = await create({ model: 'Samsung' }, false);
    expect(noLogo.statusCode).toBe(400);
    expect(noLogo.json()).toEqual({ success: false, message: 'Logo is required', fieldErrors: { file: ['Logo is required'] } });
    const json = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, payload: { model: 'Samsung' } });
    expect(json.json().message).toBe('Logo is required');
  });

  it('refuses a second active model of the same name in any letter case', async () => {
    const res = await create({ model: 'APPLE' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'A model with this name already exists',
      fieldErrors: { model: ['A model with this name already exists'] },
    });
    // Letters beyond ASCII too, as written and in another case (SQL's lower() folds ASCII only on SQLite).
    expect((await create({ model: 'Éclair' })).statusCode).toBe(201);
    expect((await create({ model: 'Éclair' })).statusCode).toBe(409);
    expect((await create({ model: 'ÉCLAIR' })).statusCode).toBe(409);
  });

  it('archives a model: it leaves the list, and creating it again restores it with its logo', async () => {
    const google = (await create({ model: 'Google' })).json().data;
    const del = await t.request({ method: 'DELETE', url: `/api/model/delete/${google._id}`, cookie: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Model archived' });
    expect((await getall()).json().fetchModel.map((m: { model: string }) => m.model)).not.toContain('Google');
    const row = await t.db.db.selectFrom('models').select('status').where('id', '=', google._id).executeTakeFirstOrThrow();
    expect(row.status).toBe(0);

    const again = await create({ model: 'Google' }, false);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      message: 'Model restored',
      data: { _id: google._id, status: true, file: google.file },
    });
  });

  it('updates the name, the logo and the status', async () => {
    // A logo of its own: identical pictures share their stored bytes.
    const oppo = (await create({ model: 'Opo' }, await makeImage('png', 500, 500, '#dc2626'))).json().data;
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      payload: { model: 'Oppo' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ success: true, message: 'Model updated', data: { model: 'Oppo', file: oppo.file } });

    const newLogo = await makeImage('jpeg', 300, 200, '#16a34a');
    const relogo = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      ...multipart({}, [{ content: newLogo }]),
    });
    expect(relogo.statusCode).toBe(200);
    const file = relogo.json().data.file;
    expect(file).toMatchObject({ width: 300, height: 200 });
    expect(file.secure_url).not.toBe(oppo.file.secure_url);
    // The old logo's bytes went with it.
    const oldKey = oppo.file.secure_url.slice('/media/'.length, -'.webp'.length);
    expect(await t.db.db.selectFrom('media').select('key').where('key', '=', oldKey).executeTakeFirst()).toBeUndefined();
    expect((await t.request({ method: 'GET', url: oppo.file.secure_url })).statusCode).toBe(404);

    const archived = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      payload: { status: 'false' },
    });
    expect(archived.json().data.status).toBe(false);
    const restored = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      payload: { status: true },
    });
    expect(restored.json().data.status).toBe(true);

    const clash = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      payload: { model: 'Apple' },
    });
    expect(clash.statusCode).toBe(409);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/model/update/${oppo._id}`,
      cookie: admin,
      payload: { status: 'maybe' },
    });
    expect(bad.json()).toMatchObject({ success: false, message: 'Status must be true or false' });
  });

  it('never archives or renames the Accessories model', async () => {
    const accessories = (await getall()).json().fetchModel.find((m: { model: string }) => m.model === 'Accessories');
    const del = await t.request({ method: 'DELETE', url: `/api/model/delete/${accessories._id}`, cookie: admin });
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual({ success: false, message: 'The Accessories model cannot be archived' });
    const rename = await t.request({
      method: 'PUT',
      url: `/api/model/update/${accessories._id}`,
      cookie: admin,
      payload: { model: 'Extras' },
    });
    expect(rename.json()).toMatchObject({ success: false, message: 'The Accessories model cannot be renamed' });
    const off = await t.request({
      method: 'PUT',
      url: `/api/model/update/${accessories._id}`,
      cookie: admin,
      payload: { status: false },
    });
    expect(off.statusCode).toBe(400);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', 'not%20an%20id', 'x'.repeat(100)]) {
      const del = await t.request({ method: 'DELETE', url: `/api/model/delete/${id}`, cookie: admin });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ success: false, message: 'Model not found' });
      const put = await t.request({ method: 'PUT', url: `/api/model/update/${id}`, cookie: admin, payload: { model: 'Valid' } });
      expect(put.statusCode).toBe(404);
    }
  });

  it('refuses a bad body with a 4xx envelope, never a 500', async () => {
    const bad = [
      t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        payload: '{"model":',
        headers: { 'content-type': 'application/json' },
      }),
      t.request({ method: 'POST', url: '/api/model/create', cookie: admin, payload: { model: 42 } }),
      t.request({ method: 'POST', url: '/api/model/create', cookie: admin, payload: { model: 'A'.repeat(10_000) } }),
      t.request({ method: 'POST', url: '/api/model/create', cookie: admin, payload: [1, 2] }),
      t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        payload: '--xx\r\nContent-Disposition: form-data; name="model"\r\n\r\nBroken',
        headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
