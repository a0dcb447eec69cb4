import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, holdLock, settlesWithin, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import { PRICES_LOCK } from './phone-repairs.service.ts';

/** The repair price bulk change and its undo (issue 20). */

let t: TestContext;
let admin: string;
let apple: string;
let samsung: string;
let screen: string;
let battery: string;

const bulk = (body: object) => t.request({ method: 'POST', url: '/api/phonerepair/bulkprice', cookie: admin, payload: body });
const undo = (change?: string) =>
  t.request({
    method: 'POST',
    url: '/api/phonerepair/bulkprice/undo',
    cookie: admin,
    ...(change ? { payload: { change } } : {}),
  });
const importCsv = (csv: string) =>
  t.request({
    method: 'POST',
    url: '/api/phonerepair/import',
    cookie: admin,
    ...multipart({}, [{ content: Buffer.from(csv), filename: 'prices.csv', type: 'text/csv' }]),
  });

/** Every repair price as 'name repair' -> pence, straight from the database. */
async function prices(): Promise<Record<string, number>> {
  const rows = await t.db.db
    .selectFrom('phone_repairs')
    .innerJoin('repair_categories', 'repair_categories.id', 'phone_repairs.repair_id')
    .select(['productname', 'repaircategory', 'price_pence'])
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.productname} ${r.repaircategory}`, r.price_pence]));
}
const count = async (table: 'price_changes' | 'audit_log' | 'phone_repairs') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const START = {
  'Apple iPhone 13 Screen': 12900,
  'Apple iPhone 13 Battery': 5999,
  'Apple iPhone 15 Screen': 24900,
  'Samsung Galaxy S22 Screen': 16900,
  'Samsung Galaxy S22 Battery': 6900,
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  const logo = await makeImage('png', 60, 60);
  const model = async (name: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: name }, [{ content: logo }]),
      })
    ).json().data._id as string;
  const repair = async (name: string) =>
    (
      await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: name } })
    ).json().data._id as string;
  apple = await model('Apple');
  samsung = await model('Samsung');
  screen = await repair('Screen');
  battery = await repair('Battery');
});
afterAll(async () => {
  await t.close();
});

/** Every test starts from the same five prices, with nothing to undo. */
beforeEach(async () => {
  await t.db.db.deleteFrom('price_change_rows').execute();
  await t.db.db.deleteFrom('price_changes').execute();
  await t.db.db.deleteFrom('phone_repairs').execute();
  for (const [label, pence] of Object.entries(START)) {
    const [brand, ...rest] = label.split(' ');
    const repairName = rest.pop()!;
    const res = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: {
        productname: `${brand} ${rest.join(' ')}`,
        model: brand === 'Apple' ? apple : samsung,
        repair: repairName === 'Screen' ? screen : battery,
        price: pence / 100,
      },
    });
    expect(res.statusCode).toBe(201);
  }
});

describe('bulk price change', () => {
  it('answers the changes of a dry run and changes nothing', async () => {
    const entries = await count('audit_log');
    const res = await bulk({ model: apple, change: { type: 'percent', value: 10 }, dryRun: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: '3 prices will change' });
    expect(body.changes).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), productname: 'Apple iPhone 13', model: 'Apple', repair: 'Screen', from: 129, to: 141.9 },
        { _id: expect.any(String), productname: 'Apple iPhone 13', model: 'Apple', repair: 'Battery', from: 59.99, to: 65.99 },
        { _id: expect.any(String), productname: 'Apple iPhone 15', model: 'Apple', repair: 'Screen', from: 249, to: 273.9 },
      ]),
    );
    expect(body.changes).toHaveLength(3);
    expect(await prices()).toEqual(START);
    expect(await count('price_changes')).toBe(0);
    expect(await count('audit_log')).toBe(entries);
  });

  it('scopes by brand, repair type, phone name in any letter case, any combination, or every price', async () => {
    const changed = async (scope: object) =>
      (await bulk({ ...scope, change: { type: 'amount', value: 1 }, dryRun: true }))
        .json()
        .changes.map((c: { productname: string; repair: string }) => `${c.productname} ${c.repair}`);
    expect((await changed({ repair: screen })).sort()).toEqual([
      'Apple iPhone 13 Screen',
      'Apple iPhone 15 Screen',
      'Samsung Galaxy S22 Screen',
    ]);
    expect((await changed({ productname: 'apple  IPHONE 13' })).sort()).toEqual([
      'Apple iPhone 13 Battery',
      'Apple iPhone 13 Screen',
    ]);
    expect(await changed({ model: samsung, repair: battery })).toEqual(['Samsung Galaxy S22 Battery']);
    expect(await changed({ model: apple, repair: battery, productname: 'Apple iPhone 13' })).toEqual(['Apple iPhone 13 Battery']);
    expect(await changed({})).toHaveLength(5);
  });

  it('applies the changes in pence with the rounding asked for, in one go, and keeps them for undo', async () => {
    const res = await bulk({ change: { type: 'percent', value: -10 }, round: '99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '5 prices changed' });
    // 129 -> 116.10 -> 115.99; 59.99 -> 53.991 -> 53.99; 249 -> 224.10 -> 223.99; 169 -> 152.10 -> 151.99; 69 -> 62.10 -> 61.99
    expect(await prices()).toEqual({
      'Apple iPhone 13 Screen': 11599,
      'Apple iPhone 13 Battery': 5399,
      'Apple iPhone 15 Screen': 22399,
      'Samsung Galaxy S22 Screen': 15199,
      'Samsung Galaxy S22 Battery': 6199,
    });
    await bulk({ model: samsung, change: { type: 'amount', value: 10.5 }, round: 'whole' });
    expect(await prices()).toMatchObject({ 'Samsung Galaxy S22 Screen': 16200, 'Samsung Galaxy S22 Battery': 7200 });
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({
      action: 'bulk-price',
      entity: 'phone_repair',
      label: '2 repair prices +£10.50, rounded to whole pounds',
      before: { 'Samsung Galaxy S22 Screen': 151.99, 'Samsung Galaxy S22 Battery': 61.99 },
      after: { 'Samsung Galaxy S22 Screen': 162, 'Samsung Galaxy S22 Battery': 72 },
    });
  });

  it('applies what its preview showed, and refuses when the prices in the scope changed since', async () => {
    const raise = { model: apple, change: { type: 'percent', value: 10 } };
    const preview = async () => {
      const res = await bulk({ ...raise, dryRun: true });
      expect(res.json().preview).toMatch(/^[\w-]{20,64}$/);
      return res.json().preview as string;
    };
    const stale = async (shown: string) => {
      const before = await prices();
      const res = await bulk({ ...raise, preview: shown });
      expect([res.statusCode, res.json()]).toEqual([
        409,
        {
          success: false,
          message: 'The prices in this scope changed since the preview: preview again to see the change before applying it',
        },
      ]);
      expect(await prices()).toEqual(before);
    };
    // A price added to the scope after the preview: not changed unseen.
    const first = await preview();
    const added = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Apple iPhone 16', model: apple, repair: screen, price: 299 },
    });
    expect(added.statusCode).toBe(201);
    await stale(first);
    // A price of the scope edited after the preview: not changed from a price the admin never saw.
    const second = await preview();
    const iphone13 = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=Apple iPhone 13&limit=10' })).json()
      .fetchPhoneRepair as { _id: string; repair: { _id: string } }[];
    const screenPrice = iphone13.find((r) => r.repair._id === screen)!;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${screenPrice._id}`,
      cookie: admin,
      payload: { productname: 'Apple iPhone 13', model: apple, repair: screen, price: 139 },
    });
    expect(edited.statusCode).toBe(200);
    await stale(second);
    // Previewed again, it applies; the same preview applied again, from another tab, is refused: the prices moved.
    const third = await preview();
    expect((await bulk({ ...raise, preview: third })).statusCode).toBe(200);
    expect(await prices()).toMatchObject({ 'Apple iPhone 13 Screen': 15290, 'Apple iPhone 16 Screen': 32890 });
    await stale(third);
    // A preview of other values (here, 20%) does not apply this change.
    const twenty = (await bulk({ model: apple, change: { type: 'percent', value: 20 }, dryRun: true })).json().preview;
    await stale(twenty);
  });

  it('keeps both prices of one phone and repair in the history', async () => {
    // A second price of one phone and repair, saved before the form refused one (an import updates both: 0034).
    const first = await t.db.db
      .selectFrom('phone_repairs')
      .selectAll()
      .where('productname', '=', 'Samsung Galaxy S22')
      .where('repair_id', '=', screen)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('phone_repairs')
      .values({ ...first, id: 'second-s22-screen', price_pence: 9900 })
      .execute();
    await bulk({ model: samsung, repair: screen, change: { type: 'amount', value: 1 } });
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect((Object.values(entry.before) as number[]).sort((a, b) => a - b)).toEqual([99, 169]);
    expect(Object.keys(entry.after).sort()).toEqual(['Samsung Galaxy S22 Screen', 'Samsung Galaxy S22 Screen (2)']);
  });

  it('leaves out prices the change leaves as they are, and says when nothing would change', async () => {
    await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${(await bulk({ repair: battery, productname: 'Apple iPhone 13', change: { type: 'amount', value: 1 }, dryRun: true })).json().changes[0]._id}`,
      cookie: admin,
      payload: { productname: 'Apple iPhone 13', model: apple, repair: battery, price: 60 },
    });
    const whole = await bulk({ model: apple, change: { type: 'amount', value: 0.01 }, round: 'whole', dryRun: true });
    expect(whole.json()).toMatchObject({
      success: true,
      message: 'This change leaves every price in the scope as it is',
      changes: [],
    });
    const applied = await bulk({ model: apple, change: { type: 'amount', value: 0.01 }, round: 'whole' });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe('This change leaves every price in the scope as it is');
  });

  it('refuses a change that takes a price below £1, naming the rows, and changes nothing', async () => {
    for (const dryRun of [true, false]) {
      const res = await bulk({ change: { type: 'amount', value: -60 }, dryRun });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "No price may go below £1 (a repair price's minimum, so never below £0). This one would: Apple iPhone 13 Battery (£59.99 → -£0.01)",
      );
    }
    const negative = await bulk({ model: samsung, change: { type: 'percent', value: -99 }, round: '99' });
    // £169 less 99% is £1.69: £2 then £1.99 stays; £69 less 99% is £0.69: £1 then £0.99 does not.
    expect(negative.json().message).toMatch(/This one would: Samsung Galaxy S22 Battery \(£69 → £0\.99\)$/);
    expect(await prices()).toEqual(START);
    expect(await count('price_changes')).toBe(0);
  });

  it('refuses a change that takes a price above £10,000,000, naming the rows, and changes nothing', async () => {
    await t.db.db
      .updateTable('phone_repairs')
      .set({ price_pence: 100_000_000 })
      .where('productname', '=', 'Apple iPhone 15')
      .execute();
    const high = { ...START, 'Apple iPhone 15 Screen': 100_000_000 };
    for (const dryRun of [true, false]) {
      const res = await bulk({ model: apple, change: { type: 'percent', value: 1000 }, dryRun });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "No price may go above £10,000,000 (a repair price's maximum). This one would: Apple iPhone 15 Screen (£1,000,000 → £11,000,000)",
      );
    }
    expect(await prices()).toEqual(high);
    expect(await count('price_changes')).toBe(0);
    // The maximum itself is allowed.
    const res = await bulk({ productname: 'Apple iPhone 15', change: { type: 'percent', value: 900 } });
    expect(res.statusCode).toBe(200);
    expect((await prices())['Apple iPhone 15 Screen']).toBe(1_000_000_000);
  });

  it('refuses what it cannot do with the message to show', async () => {
    const cases: [object, string][] = [
      [{ change: { type: 'percent', value: 0 } }, 'The change cannot be zero'],
      [{ change: { type: 'percent', value: 'ten' } }, 'Enter the change as a number'],
      [{ change: { type: 'amount', value: '1e3' } }, 'Enter the change as a number'],
      [{ change: { type: 'amount', value: '0x10' } }, 'Enter the change as a number'],
      [{ change: { type: 'percent', value: 1001 } }, 'A percentage change must be between -99 and 1000'],
      [{ change: { type: 'percent', value: 10.125 } }, 'A percentage may have at most 2 decimal places'],
      [{ change: { type: 'amount', value: 1.005 } }, 'An amount may have at most 2 decimal places (pence)'],
      [{ change: { type: 'fraction', value: 1 } }, 'Change type must be percent or amount'],
      [{ change: { type: 'amount', value: 1 }, round: 'up' }, 'Rounding must be none, whole or 99'],
      [{}, 'Enter the change as a number'],
      [{ model: 'AAAAAAAAAAAAAAAA', change: { type: 'amount', value: 1 } }, 'Selected model not found'],
      [{ repair: 'nope', change: { type: 'amount', value: 1 } }, 'Selected repair category not found'],
      [{ productname: 'Nokia 3310', change: { type: 'amount', value: 1 } }, 'No repair prices match this scope'],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(body);
      expect([JSON.stringify(body), res.statusCode, res.json().message]).toEqual([JSON.stringify(body), 400, message]);
    }
    expect(await prices()).toEqual(START);
  });
});

describe('undo', () => {
  it('restores the prices of the last bulk change exactly, once', async () => {
    expect((await undo()).json()).toEqual({ success: false, message: 'There is no price change to undo' });
    // A price unchanged for years is, once a change is undone, still unchanged since then (the dashboard counts it).
    const old = '2024-01-01T00:00:00.000Z';
    await t.db.db.updateTable('phone_repairs').set({ updated_at: old }).execute();
    await t.db.db.updateTable('phone_models').set({ updated_at: old }).execute();
    await bulk({ change: { type: 'percent', value: 12.5 }, round: 'none' });
    expect(await prices()).not.toEqual(START);
    const res = await undo();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Undone: 5 prices restored' });
    expect(await prices()).toEqual(START);
    const dates = await t.db.db.selectFrom('phone_repairs').select('updated_at').execute();
    expect(new Set(dates.map((d) => d.updated_at))).toEqual(new Set([old]));
    // Their pages changed all the same (twice): their phone models are dated now, for the sitemap's lastmod.
    const pages = await t.db.db
      .selectFrom('phone_models')
      .innerJoin('phone_repairs', 'phone_repairs.phone_model_id', 'phone_models.id')
      .select('phone_models.updated_at')
      .execute();
    expect(pages.every((p) => p.updated_at > old)).toBe(true);
    const again = await undo();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The last price change has already been undone');
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({ action: 'undo', label: '5 repair prices +12.5%' });
    expect(entry.after).toMatchObject({ 'Apple iPhone 13 Battery': 59.99 });
  });

  it('undoes only the last change, and the change an Undo names only while it is the last', async () => {
    const last = async () => {
      const res = await t.request({ method: 'GET', url: '/api/phonerepair/bulkprice/last', cookie: admin });
      expect(res.statusCode).toBe(200);
      return res.json().lastChange;
    };
    expect(await last()).toBeNull();
    const first = (await bulk({ model: apple, change: { type: 'amount', value: 10 } })).json().changeId as string;
    const second = (await bulk({ model: samsung, change: { type: 'amount', value: 20 } })).json().changeId as string;
    expect(first).toMatch(/^\S+$/);
    // What the console offers to undo on coming back to the list: the last change, by the id an Undo sends.
    expect(await last()).toEqual({
      changeId: second,
      kind: 'bulk-price',
      label: '2 repair prices +£20',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      undoRefused: null,
    });
    const applePlus10 = {
      ...START,
      'Apple iPhone 13 Screen': 13900,
      'Apple iPhone 13 Battery': 6999,
      'Apple iPhone 15 Screen': 25900,
    };
    // The first change's Undo, pressed after another change came: refused, and the later change stays.
    const late = await undo(first);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      success: false,
      message: 'Another price change was made after this one, so this one can no longer be undone',
    });
    expect(await prices()).not.toEqual(applePlus10);
    expect((await undo(second)).statusCode).toBe(200);
    expect(await prices()).toEqual(applePlus10);
    // Undone, it is no longer offered; the change before it never comes back.
    expect(await last()).toBeNull();
    // Admins only.
    expect((await t.request({ method: 'GET', url: '/api/phonerepair/bulkprice/last' })).statusCode).toBe(401);
  });

  it('waits for a price edit under way, and changes the price it left, never writing over it', async () => {
    const commit = await holdLock(t.db, PRICES_LOCK, (trx) =>
      trx.updateTable('phone_repairs').set({ price_pence: 20000 }).where('productname', '=', 'Apple iPhone 13').execute(),
    );
    const changing = bulk({ model: apple, change: { type: 'percent', value: 10 }, round: 'none' });
    const waited = !(await settlesWithin(changing, 300));
    await commit();
    expect(waited).toBe(true);
    expect((await changing).json().message).toBe('3 prices changed');
    expect(await prices()).toMatchObject({
      'Apple iPhone 13 Screen': 22000,
      'Apple iPhone 13 Battery': 22000,
      'Apple iPhone 15 Screen': 27390,
    });
  });

  it('holds every other write of a price while it is under way', async () => {
    const idOf = async (name: string, repair: string) =>
      (
        await t.db.db
          .selectFrom('phone_repairs')
          .select('id')
          .where('productname', '=', name)
          .where('repair_id', '=', repair)
          .executeTakeFirstOrThrow()
      ).id;
    const edited = await idOf('Apple iPhone 15', screen);
    const deleted = await idOf('Samsung Galaxy S22', battery);
    const commit = await holdLock(t.db, PRICES_LOCK);
    const writes = {
      edit: t.request({
        method: 'PUT',
        url: `/api/phonerepair/update/${edited}`,
        cookie: admin,
        payload: { productname: 'Apple iPhone 15', model: apple, repair: screen, price: 300 },
      }),
      deletion: t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${deleted}`, cookie: admin }),
      addition: t.request({
        method: 'POST',
        url: '/api/phonerepair/create',
        cookie: admin,
        payload: { productname: 'Apple iPhone 16', model: apple, repair: screen, price: 199 },
      }),
      import: importCsv('Product Name,Model,Repair,Price\r\nApple iPhone 13,Apple,Screen,135\r\n'),
    };
    const settled = await Promise.all(Object.values(writes).map((write) => settlesWithin(write, 300)));
    await commit();
    expect(settled).toEqual([false, false, false, false]);
    const statuses = Object.fromEntries(
      await Promise.all(Object.entries(writes).map(async ([k, w]) => [k, (await w).statusCode])),
    );
    expect(statuses).toEqual({ edit: 200, deletion: 200, addition: 201, import: 200 });
    const holding = await holdLock(t.db, PRICES_LOCK);
    const undone = undo();
    const waited = !(await settlesWithin(undone, 300));
    await holding();
    expect(waited).toBe(true);
    expect((await undone).json().message).toBe('Undone: 1 price restored');
    // A save sent while a deletion waits comes after it, and finds the price gone: it writes nothing back.
    const deleting = await holdLock(t.db, PRICES_LOCK);
    const deletion = t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${edited}`, cookie: admin });
    const deletionWaited = !(await settlesWithin(deletion, 300));
    const late = t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${edited}`,
      cookie: admin,
      payload: { productname: 'Apple iPhone 15 Pro', model: apple, repair: screen, price: 310 },
    });
    const lateWaited = !(await settlesWithin(late, 300));
    await deleting();
    expect([deletionWaited, lateWaited]).toEqual([true, true]);
    expect((await deletion).statusCode).toBe(200);
    expect((await late).json()).toEqual({ success: false, message: 'Repair not found' });
    expect(await t.db.db.selectFrom('phone_models').select('id').where('name', '=', 'Apple iPhone 15 Pro').execute()).toEqual([]);
  });

  it('refuses when a price was edited or deleted since, naming them, and restores nothing', async () => {
    const changes = (await bulk({ change: { type: 'percent', value: 10 } })).json().changes as {
      _id: string;
      productname: string;
      repair: string;
    }[];
    const edited = changes.find((c) => c.productname === 'Apple iPhone 15')!;
    const deleted = changes.find((c) => c.productname === 'Samsung Galaxy S22' && c.repair === 'Battery')!;
    await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${edited._id}`,
      cookie: admin,
      payload: { productname: 'Apple iPhone 15', model: apple, repair: screen, price: 300 },
    });
    await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${deleted._id}`, cookie: admin });
    // The list says so before any Undo is pressed.
    const last = (await t.request({ method: 'GET', url: '/api/phonerepair/bulkprice/last', cookie: admin })).json();
    expect(last.lastChange.undoRefused).toBe('It can no longer be undone: 2 prices were changed or deleted since');
    const after = await prices();
    const res = await undo();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^It cannot be undone: these 2 prices were changed or deleted since: /);
    expect(res.json().message).toContain('Apple iPhone 15 Screen');
    expect(res.json().message).toContain('Samsung Galaxy S22 Battery');
    expect(await prices()).toEqual(after);
  });

  it('undoes a repair import: updated prices go back and the new rows go away', async () => {
    const before = await count('phone_repairs');
    const csv = [
      'Product Name,Model,Repair,Price',
      'Apple iPhone 13,Apple,Screen,141.90',
      'Apple iPhone 13,Apple,Battery,59.99',
      'Apple iPhone 16,Apple,Screen,299',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.json(), res.body).toMatchObject({ success: true, created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(await prices()).toEqual({ ...START, 'Apple iPhone 13 Screen': 14190, 'Apple iPhone 16 Screen': 29900 });
    const last = (await t.request({ method: 'GET', url: '/api/phonerepair/bulkprice/last', cookie: admin })).json();
    expect(last.lastChange).toMatchObject({
      changeId: res.json().changeId,
      kind: 'import',
      label: 'prices.csv: 1 new, 1 updated, 1 unchanged',
    });
    expect((await undo(res.json().changeId)).json()).toEqual({
      success: true,
      message: 'Undone: 1 price restored, 1 new price removed',
    });
    expect(await prices()).toEqual(START);
    expect(await count('phone_repairs')).toBe(before);
  });

  it('writes the counts of a large import as the console writes numbers, with thousands separated', async () => {
    const before = await count('phone_repairs');
    const rows = Array.from({ length: 1200 }, (_, i) => `Apple Test ${i + 1},Apple,Screen,10`);
    const res = await importCsv(['Product Name,Model,Repair,Price', ...rows].join('\r\n'));
    expect(res.json(), res.body).toMatchObject({
      success: true,
      created: 1200,
      message: 'Imported: 1,200 new, 0 updated, 0 unchanged',
    });
    const last = (await t.request({ method: 'GET', url: '/api/phonerepair/bulkprice/last', cookie: admin })).json();
    expect(last.lastChange).toMatchObject({ kind: 'import', label: 'prices.csv: 1,200 new, 0 updated, 0 unchanged' });
    expect((await undo(res.json().changeId)).json()).toEqual({ success: true, message: 'Undone: 1,200 new prices removed' });
    expect(await count('phone_repairs')).toBe(before);
  });
});
