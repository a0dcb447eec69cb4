import type { AuditAction, AuditEntity, AuditEntry } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, multipart, type FilePart } from '../src/modules/media/media.testkit.ts';
import { createTestContext, dialect, type TestContext } from './helpers.ts';

/**
 * The history of changes (issue 20): every admin call that changes something writes an entry. The list of such calls
 * is the server's own route table (every admin route with a state-changing method), so a new admin route fails this
 * suite until it is given an exercise below, and the exercise shows that it records what it did.
 */

let t: TestContext;
let admin: string;
let adminEmail: string;
let png: Buffer;
let png2: Buffer;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}${Math.random().toString(36).slice(2, 6)}`;

const send = (method: string, url: string, payload?: object, cookie = admin) =>
  t.request({ method: method as 'POST', url, cookie, ...(payload ? { payload } : {}) });
const sendForm = (
  method: string,
  url: string,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
  cookie = admin,
) => t.request({ method: method as 'POST', url, cookie, ...multipart(fields, files) });
const sendCsv = (url: string, csv: string) =>
  t.request({
    method: 'POST',
    url,
    cookie: admin,
    ...multipart({}, [{ content: Buffer.from(csv), filename: 'file.csv', type: 'text/csv' }]),
  });
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

/** Records to change, made through the API. */
const make = {
  model: async () =>
    ok(await sendForm('POST', '/api/model/create', { model: unique('Brand') }, [{ content: png }])).data._id as string,
  category: async () => ok(await send('POST', '/api/category/create', { category: unique('Cat') })).data._id as string,
  repairCategory: async () =>
    ok(await send('POST', '/api/repaircategory/create', { repaircategory: unique('Fix') })).data._id as string,
  productFields: async () => ({
    productname: unique('Phone'),
    price: '199',
    stockquantity: '3',
    description: 'A phone made for the history suite, thirty letters and more.',
    model: await make.model(),
    availability: 'In Stock',
    color: 'Black',
    ram: '8GB',
    rom: '128GB',
  }),
  product: async () =>
    ok(await sendForm('POST', '/api/product/create', await make.productFields(), [{ content: png }, { content: png2 }])).data,
  /** A CSV file of one new product, under a new brand. */
  productCsv: async () => {
    const brand = (
      await t.db.db
        .selectFrom('models')
        .select('model')
        .where('id', '=', await make.model())
        .executeTakeFirstOrThrow()
    ).model;
    return `Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color\r\n${unique('Imported')},99,2,${brand},8GB,128GB,In Stock,Blue\r\n`;
  },
  repairFields: async () => ({
    productname: unique('Phone'),
    model: await make.model(),
    repair: await make.repairCategory(),
    price: 50,
  }),
  repair: async () => ok(await send('POST', '/api/phonerepair/create', await make.repairFields())).data,
  settingsFields: () => ({
    shopname: unique('Shop'),
    email: 'shop@example.com',
    phoneno: '07700 900123',
    address: '1 High Street',
  }),
  settings: async () =>
    ok(await sendForm('POST', '/api/appdetail/create', make.settingsFields(), [{ content: png }])).data._id as string,
  customer: async () => {
    await t.signIn('user', `${unique('c').replace(' ', '')}@example.com`);
    return (await t.db.db.selectFrom('users').select('id').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow()).id;
  },
  postFields: () => ({
    title: unique('Post'),
    excerpt: 'A short excerpt.',
    body: 'Some **Markdown**.',
    status: 'draft',
    alt: 'A cover',
  }),
  post: async () => ok(await sendForm('POST', '/api/blog/create', make.postFields(), [{ content: png }])).data._id as string,
  /** An enquiry from a visitor (signed out); its id from the inbox, newest first. */
  enquiry: async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/enquiry/create',
      payload: { kind: 'enquiry', name: 'Jane', email: 'jane@example.com', message: 'Is my phone worth fixing?', consent: true },
      remoteAddress: `203.0.113.${++counter % 250}`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return ok(await send('GET', '/api/enquiry/getall?page=1&limit=1')).fetchEnquiry[0]._id as string;
  },
};

interface Exercise {
  /** Makes the call, having made whatever it needs first. */
  call: () => Promise<LightMyRequestResponse>;
  action: AuditAction;
  entity: AuditEntity;
}

/**
 * Every state-changing admin route, with a call that changes something and the entry it must write. Add a route
 * here when the server gets one (the first test fails until then).
 */
const EXERCISES: Record<string, () => Promise<Exercise> | Exercise> = {
  'POST /api/model/create': () => ({
    call: () => sendForm('POST', '/api/model/create', { model: unique('Brand') }, [{ content: png }]),
    action: 'create',
    entity: 'model',
  }),
  'PUT /api/model/update/:id': async () => {
    const id = await make.model();
    return {
      call: () => sendForm('PUT', `/api/model/update/${id}`, { model: unique('Renamed') }),
      action: 'update',
      entity: 'model',
    };
  },
  'DELETE /api/model/delete/:id': async () => {
    const id = await make.model();
    return { call: () => send('DELETE', `/api/model/delete/${id}`), action: 'archive', entity: 'model' };
  },
  'POST /api/category/create': () => ({
    call: () => send('POST', '/api/category/create', { category: unique('Cat') }),
    action: 'create',
    entity: 'category',
  }),
  'DELETE /api/category/delete/:id': async () => {
    const id = await make.category();
    return { call: () => send('DELETE', `/api/category/delete/${id}`), action: 'archive', entity: 'category' };
  },
  'POST /api/repaircategory/create': () => ({
    call: () => send('POST', '/api/repaircategory/create', { repaircategory: unique('Fix') }),
    action: 'create',
    entity: 'repair_category',
  }),
  'DELETE /api/repaircategory/delete/:id': async () => {
    const id = await make.repairCategory();
    return { call: () => send('DELETE', `/api/repaircategory/delete/${id}`), action: 'archive', entity: 'repair_category' };
  },
  'POST /api/product/create': async () => {
    const fields = await make.productFields();
    return {
      call: () => sendForm('POST', '/api/product/create', fields, [{ content: png }, { content: png2 }]),
      action: 'create',
      entity: 'product',
    };
  },
  'PUT /api/product/update/:id': async () => {
    const p = await make.product();
    const fields = {
      productname: p.productname,
      price: '249',
      stockquantity: '3',
      description: p.description,
      model: p.model._id,
      availability: 'In Stock',
      color: 'Black',
      ram: '8GB',
      rom: '128GB',
      keepImages: p.images.map((i: { secure_url: string }) => i.secure_url),
    };
    return { call: () => sendForm('PUT', `/api/product/update/${p._id}`, fields), action: 'update', entity: 'product' };
  },
  'DELETE /api/product/delete/:id': async () => {
    const p = await make.product();
    return { call: () => send('DELETE', `/api/product/delete/${p._id}`), action: 'delete', entity: 'product' };
  },
  'POST /api/product/import': async () => {
    const csv = await make.productCsv();
    return { call: () => sendCsv('/api/product/import', csv), action: 'import', entity: 'product' };
  },
  'POST /api/product/import/undo': async () => {
    ok(await sendCsv('/api/product/import', await make.productCsv()));
    return { call: () => send('POST', '/api/product/import/undo'), action: 'undo', entity: 'product' };
  },
  'POST /api/phonerepair/create': async () => {
    const fields = await make.repairFields();
    return { call: () => send('POST', '/api/phonerepair/create', fields), action: 'create', entity: 'phone_repair' };
  },
  'PUT /api/phonerepair/update/:id': async () => {
    const r = await make.repair();
    const body = { productname: r.productname, model: r.model._id, repair: r.repair._id, price: 75 };
    return { call: () => send('PUT', `/api/phonerepair/update/${r._id}`, body), action: 'update', entity: 'phone_repair' };
  },
  'DELETE /api/phonerepair/delete/:id': async () => {
    const r = await make.repair();
    return { call: () => send('DELETE', `/api/phonerepair/delete/${r._id}`), action: 'delete', entity: 'phone_repair' };
  },
  'POST /api/phonerepair/bulkprice': async () => {
    const r = await make.repair();
    const body = { model: r.model._id, change: { type: 'percent', value: 10 }, round: 'none' };
    return { call: () => send('POST', '/api/phonerepair/bulkprice', body), action: 'bulk-price', entity: 'phone_repair' };
  },
  'POST /api/phonerepair/bulkprice/undo': async () => {
    const r = await make.repair();
    ok(await send('POST', '/api/phonerepair/bulkprice', { model: r.model._id, change: { type: 'amount', value: 5 } }));
    return { call: () => send('POST', '/api/phonerepair/bulkprice/undo'), action: 'undo', entity: 'phone_repair' };
  },
  'POST /api/phonerepair/import': async () => {
    const r = await make.repair();
    const csv = `Product Name,Model,Repair,Price\r\n${r.productname},${r.model.model},${r.repair.repaircategory},61.50\r\n`;
    return { call: () => sendCsv('/api/phonerepair/import', csv), action: 'import', entity: 'phone_repair' };
  },
  'POST /api/appdetail/create': () => ({
    call: () => sendForm('POST', '/api/appdetail/create', make.settingsFields(), [{ content: png }]),
    action: 'settings',
    entity: 'app_detail',
  }),
  'PUT /api/appdetail/update/:id': async () => {
    const id = await make.settings();
    return {
      call: () => sendForm('PUT', `/api/appdetail/update/${id}`, make.settingsFields()),
      action: 'settings',
      entity: 'app_detail',
    };
  },
  'DELETE /api/appdetail/delete/:id': async () => {
    const id = await make.settings();
    return { call: () => send('DELETE', `/api/appdetail/delete/${id}`), action: 'settings', entity: 'app_detail' };
  },
  'PUT /api/auth/update/:id': async () => {
    const id = await make.customer();
    return { call: () => send('PUT', `/api/auth/update/${id}`, { role: 'admin' }), action: 'role-change', entity: 'user' };
  },
  'DELETE /api/auth/delete/:id': async () => {
    const id = await make.customer();
    return { call: () => send('DELETE', `/api/auth/delete/${id}`), action: 'delete', entity: 'user' };
  },
  'POST /api/blog/create': () => ({
    call: () => sendForm('POST', '/api/blog/create', make.postFields(), [{ content: png }]),
    action: 'create',
    entity: 'blog_post',
  }),
  'PUT /api/blog/update/:id': async () => {
    const id = await make.post();
    return { call: () => sendForm('PUT', `/api/blog/update/${id}`, make.postFields()), action: 'update', entity: 'blog_post' };
  },
  'DELETE /api/blog/delete/:id': async () => {
    const id = await make.post();
    return { call: () => send('DELETE', `/api/blog/delete/${id}`), action: 'delete', entity: 'blog_post' };
  },
  'POST /api/blog/image': () => ({
    call: () => sendForm('POST', '/api/blog/image', {}, [{ content: png }]),
    action: 'create',
    entity: 'blog_image',
  }),
  'PUT /api/enquiry/update/:id': async () => {
    const id = await make.enquiry();
    return {
      call: () => send('PUT', `/api/enquiry/update/${id}`, { status: 'contacted', note: 'Rang back.' }),
      action: 'update',
      entity: 'enquiry',
    };
  },
  'DELETE /api/enquiry/delete/:id': async () => {
    const id = await make.enquiry();
    return { call: () => send('DELETE', `/api/enquiry/delete/${id}`), action: 'delete', entity: 'enquiry' };
  },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const entries = async (query = ''): Promise<{ fetchAudit: AuditEntry[]; total: number }> =>
  ok(await t.request({ method: 'GET', url: `/api/audit/getall${query}`, cookie: admin }));
const countEntries = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestContext();
  adminEmail = 'history-admin@example.com';
  admin = await t.signIn('admin', adminEmail);
  png = await makeImage('png', 64, 64, '#0f766e');
  png2 = await makeImage('png', 64, 64, '#b91c1c');
});
afterAll(async () => {
  await t.close();
});

describe('every admin call that changes something writes a history entry', () => {
  it('has an exercise for every state-changing admin route the server registers, and no other', () => {
    const changing = t.app.routeList
      .filter((r) => r.access === 'admin' && STATE_CHANGING.has(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(changing.length).toBeGreaterThan(20);
    expect(
      changing.filter((k) => !(k in EXERCISES)),
      'admin routes with no history exercise',
    ).toEqual([]);
    expect(
      Object.keys(EXERCISES).filter((k) => !changing.includes(k)),
      'exercises of routes the server does not have',
    ).toEqual([]);
  });

  for (const [route, exercise] of Object.entries(EXERCISES)) {
    it(`${route} records what it did, who did it, and nothing secret`, async () => {
      const { call, action, entity } = await exercise();
      const before = await countEntries();
      const res = await call();
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await countEntries()).toBe(before + 1);
      const [entry] = (await entries('?limit=1')).fetchAudit;
      expect(entry).toMatchObject({ action, entity, user: { email: adminEmail, name: 'Test Admin' } });
      expect(entry!.entityId).toMatch(/^[\w-]+$/);
      expect(entry!.label).not.toBe('');
      expect(Object.keys(entry!.before).length + Object.keys(entry!.after).length).toBeGreaterThan(0);
      const text = JSON.stringify(entry);
      expect(text).not.toMatch(/password|argon2|token|sid=/i);
    });
  }
});

describe('the history', () => {
  it('records an admin signing in, never a customer, and never the password or session', async () => {
    const before = await countEntries();
    await t.signIn('user', 'shopper-history@example.com');
    expect(await countEntries()).toBe(before);
    await t.signIn('admin', 'second-admin@example.com');
    expect(await countEntries()).toBe(before + 1);
    const [entry] = (await entries('?limit=1')).fetchAudit;
    expect(entry).toMatchObject({
      action: 'sign-in as admin',
      entity: 'user',
      user: { email: 'second-admin@example.com' },
      before: {},
      after: {},
    });
  });

  it('keeps only the changed fields, with readable values', async () => {
    const r = await make.repair();
    ok(
      await send('PUT', `/api/phonerepair/update/${r._id}`, {
        productname: r.productname,
        model: r.model._id,
        repair: r.repair._id,
        price: 64.5,
      }),
    );
    const [entry] = (await entries('?limit=1')).fetchAudit;
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'phone_repair',
      entityId: r._id,
      label: `${r.productname} ${r.repair.repaircategory}`,
    });
    expect(entry!.before).toEqual({ price: 50 });
    expect(entry!.after).toEqual({ price: 64.5 });
    const created = (await entries('?entity=phone_repair&limit=5')).fetchAudit.find(
      (e) => e.action === 'create' && e.entityId === r._id,
    );
    expect(created?.after).toEqual({
      productname: r.productname,
      model: r.model.model,
      repair: r.repair.repaircategory,
      price: 50,
    });
  });

  it('writes nothing for a refused call or an update that changes nothing', async () => {
    const r = await make.repair();
    const before = await countEntries();
    expect((await send('POST', '/api/phonerepair/create', { productname: 'x' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/phonerepair/delete/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    ok(
      await send('PUT', `/api/phonerepair/update/${r._id}`, {
        productname: r.productname,
        model: r.model._id,
        repair: r.repair._id,
        price: 50,
      }),
    );
    expect(
      (await send('POST', '/api/phonerepair/bulkprice', { change: { type: 'percent', value: 10 }, dryRun: true })).statusCode,
    ).toBe(200);
    expect(await countEntries()).toBe(before);
  });

  it('is written in the same transaction as the change: when the entry cannot be written, nothing changes', async () => {
    const fields = await make.repairFields();
    if (dialect === 'postgres') {
      await sql`create function refuse_entry() returns trigger language plpgsql as $$ begin raise exception 'no entries'; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger refuse_entry before insert on audit_log for each row execute function refuse_entry()`.execute(
        t.db.db,
      );
    } else {
      await sql`create trigger refuse_entry before insert on audit_log begin select raise(abort, 'no entries'); end`.execute(
        t.db.db,
      );
    }
    try {
      const res = await send('POST', '/api/phonerepair/create', fields);
      expect(res.statusCode).toBe(500);
      const found = await t.db.db
        .selectFrom('phone_repairs')
        .select('id')
        .where('productname', '=', fields.productname)
        .execute();
      expect(found).toEqual([]);
    } finally {
      await sql`drop trigger refuse_entry${dialect === 'postgres' ? sql` on audit_log` : sql``}`.execute(t.db.db);
    }
    ok(await send('POST', '/api/phonerepair/create', fields));
  });

  it('cannot be changed or deleted: no call does it, and the database refuses', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/audit'));
    expect(routes.map((r) => r.method).filter((m) => m !== 'HEAD')).toEqual(['GET', 'GET']);
    const [entry] = (await entries('?limit=1')).fetchAudit;
    await expect(
      t.db.db.updateTable('audit_log').set({ label: 'forged' }).where('id', '=', entry!._id).execute(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(t.db.db.deleteFrom('audit_log').where('id', '=', entry!._id).execute()).rejects.toThrow(/kept for two years/);
    expect((await entries('?limit=1')).fetchAudit[0]).toEqual(entry);
  });

  it('pages newest first and filters by user, entity and UK days', async () => {
    const all = await entries('?limit=100');
    expect(all.total).toBe(await countEntries());
    const times = all.fetchAudit.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = await entries('?limit=5&page=2');
    expect(page2).toMatchObject({ page: 2, limit: 5, total: all.total });
    expect(page2.fetchAudit.map((e) => e._id)).toEqual(all.fetchAudit.slice(5, 10).map((e) => e._id));

    const users = ok(await t.request({ method: 'GET', url: '/api/audit/users', cookie: admin })).users as {
      _id: string;
      email: string;
    }[];
    expect(users.map((u) => u.email).sort()).toEqual(['history-admin@example.com', 'second-admin@example.com']);
    const second = users.find((u) => u.email === 'second-admin@example.com')!;
    const bySecond = await entries(`?user=${second._id}`);
    expect(bySecond.fetchAudit.map((e) => e.action)).toEqual(['sign-in as admin']);

    const products = await entries('?entity=product&limit=100');
    expect(products.fetchAudit.length).toBeGreaterThan(0);
    expect(products.fetchAudit.every((e) => e.entity === 'product')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await entries(`?from=${yesterday}&to=${today}&limit=1`)).total).toBe(all.total);
    expect((await entries('?to=2001-01-01')).total).toBe(0);
    expect((await entries('?from=2999-01-01')).total).toBe(0);
  });

  it('refuses bad filters with a message, and anyone but an admin', async () => {
    for (const [query, message] of [
      ['?entity=password', 'entity is not a kind of record'],
      ['?from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['?to=2025-13-45', 'to must be a date (YYYY-MM-DD)'],
      ['?limit=1000', 'limit must be at most 100'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/audit/getall${query}`, cookie: admin });
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
    const customer = await t.signIn('user');
    expect((await t.request({ method: 'GET', url: '/api/audit/getall', cookie: customer })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/audit/getall' })).statusCode).toBe(401);
  });
});
