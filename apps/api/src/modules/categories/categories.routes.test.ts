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

/** Accessory categories and repair categories share one module; both kinds answer the same way in their own words. */
const KINDS = [
  { name: 'accessory categories', path: 'category', field: 'category', label: 'Category', required: 'Acc Category is Required', exists: 'A category with this name already exists' },
  {
    name: 'repair categories',
    path: 'repaircategory',
    field: 'repaircategory',
    label: 'Repair category',
    required: 'Repair Category is Required',
    exists: 'A repair category with this name already exists',
  },
];

describe.each(KINDS)('$name', ({ path, field, label, required, exists }) => {
  const create = (payload: object, cookie: string | null = admin) =>
    t.request({ method: 'POST', url: `/api/${path}/create`, cookie: cookie ?? undefined, payload });
  const names = async () =>
    (await t.request({ method: 'GET', url: `/api/${path}/getall` })).json().fetchCategory.map((c: Record<string, string>) => c[field]);
  const body = (name: unknown) => ({ [field]: name });

  it('creates one (JSON or form data) and lists active ones newest first to anyone', async () => {
    const res = await create(body('Cases'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: `${label} created`,
      data: { _id: expect.any(String), [field]: 'Cases', status: true, createdAt: ISO, updatedAt: ISO },
    });
    const form = await t.request({
      method: 'POST',
      url: `/api/${path}/create`,
      cookie: admin,
      ...multipart({ [field]: 'Chargers' }),
    });
    expect(form.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: `/api/${path}/getall` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ success: true, fetchCategory: [form.json().data, res.json().data] });
  });

  it('gives the spec messages and refuses duplicates', async () => {
    expect((await create({})).json()).toEqual({
      success: false,
      message: required,
      fieldErrors: { [field]: [required] },
    });
    expect((await create(body('  '))).json().message).toBe(required);
    expect((await create(body('cables'))).json()).toMatchObject({
      success: false,
      message: 'First letter must be capitalized',
    });
    expect((await create(body(123))).statusCode).toBe(400);
    const dup = await create(body('CASES'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: exists });
    // Letters beyond ASCII too, as written and in another case (SQL's lower() folds ASCII only on SQLite).
    expect((await create(body('Écrans'))).statusCode).toBe(201);
    expect((await create(body('Écrans'))).statusCode).toBe(409);
    expect((await create(body('ÉCRANS'))).statusCode).toBe(409);
    // 'É' written as 'E' and a combining accent, as some Mac files have it.
    expect((await create(body('E\u0301crans'))).statusCode).toBe(409);
    // Half a surrogate pair would be kept as U+FFFD, so two names sent as different would be stored the same.
    for (const name of ['\ud800', 'Cables\udbff']) {
      const res = await create(body(name));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Remove the invisible control characters from this text');
    }
  });

  it('archives, and restores on re-creation', async () => {
    const id = (await create(body('Headphones'))).json().data._id;
    const del = await t.request({ method: 'DELETE', url: `/api/${path}/delete/${id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: `${label} archived` });
    expect(await names()).not.toContain('Headphones');
    const again = await create(body('Headphones'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, message: `${label} restored`, data: { _id: id, status: true } });
    expect(await names()).toContain('Headphones');
  });

  it('is admin-only for writes, and 404s unknown ids', async () => {
    for (const [cookie, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect((await create(body('Nope'), cookie)).statusCode).toBe(status);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/${path}/delete/abc`, cookie: cookie ?? undefined })).statusCode,
      ).toBe(status);
    }
    const res = await t.request({ method: 'DELETE', url: `/api/${path}/delete/AAAAAAAAAAAAAAAA`, cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: `${label} not found` });
  });
});
