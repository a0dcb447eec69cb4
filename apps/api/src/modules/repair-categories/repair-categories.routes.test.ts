import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  customer = await t.signIn('user');
});
afterAll(async () => {
  await t.close();
});

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const create = (payload: object, cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: cookie ?? undefined, payload });
const names = async () =>
  (await t.request({ method: 'GET', url: '/api/repaircategory/getall' }))
    .json()
    .fetchCategory.map((c: { repaircategory: string }) => c.repaircategory);

describe('repair categories', () => {
  it('creates one (JSON or form data) and lists active ones newest first to anyone', async () => {
    const res = await create({ repaircategory: 'Cases' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Repair category created',
      data: { _id: expect.any(String), repaircategory: 'Cases', status: true, createdAt: ISO, updatedAt: ISO },
    });
    const form = await t.request({
      method: 'POST',
      url: '/api/repaircategory/create',
      cookie: admin,
      ...multipart({ repaircategory: 'Chargers' }),
    });
    expect(form.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: '/api/repaircategory/getall' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ success: true, fetchCategory: [form.json().data, res.json().data] });
  });

  it('gives the spec messages and refuses duplicates', async () => {
    expect((await create({})).json()).toEqual({
      success: false,
      message: 'Repair Category is Required',
      fieldErrors: { repaircategory: ['Repair Category is Required'] },
    });
    expect((await create({ repaircategory: '  ' })).json().message).toBe('Repair Category is Required');
    expect((await create({ repaircategory: 'cables' })).json()).toMatchObject({
      success: false,
      message: 'First letter must be capitalized',
    });
    expect((await create({ repaircategory: 123 })).statusCode).toBe(400);
    const dup = await create({ repaircategory: 'CASES' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: 'A repair category with this name already exists' });
  });

  it('archives, and restores on re-creation', async () => {
    const id = (await create({ repaircategory: 'Headphones' })).json().data._id;
    const del = await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Repair category archived' });
    expect(await names()).not.toContain('Headphones');
    const again = await create({ repaircategory: 'Headphones' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, message: 'Repair category restored', data: { _id: id, status: true } });
    expect(await names()).toContain('Headphones');
  });

  it('is admin-only for writes, and 404s unknown ids', async () => {
    for (const [cookie, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect((await create({ repaircategory: 'Nope' }, cookie)).statusCode).toBe(status);
      expect(
        (await t.request({ method: 'DELETE', url: '/api/repaircategory/delete/abc', cookie: cookie ?? undefined })).statusCode,
      ).toBe(status);
    }
    const res = await t.request({ method: 'DELETE', url: '/api/repaircategory/delete/AAAAAAAAAAAAAAAA', cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Repair category not found' });
  });
});
