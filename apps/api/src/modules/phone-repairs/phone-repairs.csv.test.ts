import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

/** CSV export and import of repair prices (issue 20). */

let t: TestContext;
let admin: string;
let apple: string;
let samsung: string;
let screen: string;

const BOM = '\uFEFF';
const exportCsv = (query = '') => t.request({ method: 'GET', url: `/api/phonerepair/export.csv${query}`, cookie: admin });
const importCsv = (csv: string | Buffer, dryRun = false, filename = 'prices.csv') =>
  t.request({
    method: 'POST',
    url: `/api/phonerepair/import${dryRun ? '?dryRun=1' : ''}`,
    cookie: admin,
    ...multipart({}, [{ content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename, type: 'text/csv' }]),
  });
const lines = (...rows: string[]) => rows.join('\r\n');
const snapshot = async () =>
  (
    await t.db.db
      .selectFrom('phone_repairs')
      .select(['id', 'productname', 'model_id', 'repair_id', 'price_pence', 'updated_at'])
      .orderBy('id')
      .execute()
  ).map((r) => JSON.stringify(r));

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
  apple = await model('Apple');
  samsung = await model('Samsung');
  await model('Oldbrand');
  screen = (
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Screen' } })
  ).json().data._id;
  await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Battery' } });
  const oldbrand = (await t.request({ method: 'GET', url: '/api/model/getall' }))
    .json()
    .fetchModel.find((m: { model: string }) => m.model === 'Oldbrand');
  await t.request({ method: 'DELETE', url: `/api/model/delete/${oldbrand._id}`, cookie: admin });
  for (const [productname, model, price] of [
    ['Apple iPhone 13', apple, 129],
    ['Apple iPhone 15', apple, 249.5],
    ['Samsung Galaxy S22', samsung, 169],
  ] as const) {
    await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname, model, repair: screen, price },
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('repair price export', () => {
  it('streams the list as CSV with a BOM, the form columns and names rather than ids, newest first', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="repair-prices-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.body).toBe(
      `${BOM}${lines('Product Name,Model,Repair,Price', 'Samsung Galaxy S22,Samsung,Screen,169.00', 'Apple iPhone 15,Apple,Screen,249.50', 'Apple iPhone 13,Apple,Screen,129.00')}\r\n`,
    );
    expect(res.body).not.toContain(apple);
  });

  it("respects the list's search and filters", async () => {
    const rows = async (query: string) => parse((await exportCsv(query)).body, { bom: true, from_line: 2 }) as string[][];
    expect((await rows('?q=iphone')).map((r) => r[0])).toEqual(['Apple iPhone 15', 'Apple iPhone 13']);
    expect((await rows('?model=Samsung')).map((r) => r[0])).toEqual(['Samsung Galaxy S22']);
    expect(await rows('?repair=Battery')).toEqual([]);
    expect(await rows('?fix=unchanged-12-months')).toEqual([]);
    expect((await exportCsv('?fix=everything')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/phonerepair/export.csv' })).statusCode).toBe(401);
  });
});

describe('repair price import', () => {
  it('re-importing an export changes nothing', async () => {
    const before = await snapshot();
    const csv = (await exportCsv()).body;
    const dry = await importCsv(csv, true);
    expect(dry.json()).toEqual({
      success: true,
      message: 'Ready to import: 0 new, 0 updated, 3 unchanged',
      created: 0,
      updated: 0,
      unchanged: 3,
      errors: [],
    });
    const real = await importCsv(csv);
    expect(real.json()).toEqual({
      success: true,
      message: 'Imported: 0 new, 0 updated, 3 unchanged',
      created: 0,
      updated: 0,
      unchanged: 3,
      errors: [],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("lists every error with its line (the header is line 1), its column and the form's message, and writes nothing", async () => {
    const before = await snapshot();
    const entries = (await t.request({ method: 'GET', url: '/api/audit/getall', cookie: admin })).json().total;
    const csv = lines(
      'Model,Product Name,Repair,Price (£),Notes',
      'Apple,Apple iPhone 13,Screen,139,fine',
      'Apple,apple iPhone 14,Screen,99,lower-case name',
      'Nokia,Nokia 3310,Screen,20,unknown brand',
      'Apple,Apple iPhone 15,Wings,20,unknown repair',
      'Apple,Apple iPhone 15,Screen,0,too cheap',
      'Apple,Apple iPhone 15,Screen,lots,not a number',
      ',,,,everything missing',
      'Oldbrand,Old Phone,Screen,10,archived brand',
      'Accessories,Case,Screen,10,accessories',
      'Apple,Apple iPhone 13,Screen,149,twice',
      'Apple,Apple iPhone 16,Screen,149,x,one cell too many',
    );
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      const body = res.json();
      expect(res.statusCode).toBe(dryRun ? 200 : 400);
      expect(body.errors).toEqual([
        { line: 3, column: 'Product Name', message: 'The First letter must be Capital' },
        { line: 4, column: 'Model', message: 'Selected model not found' },
        { line: 5, column: 'Repair', message: 'Selected repair category not found' },
        { line: 6, column: 'Price (£)', message: 'price must be at least 1' },
        { line: 7, column: 'Price (£)', message: 'price must be a number' },
        { line: 8, column: 'Model', message: 'Model is Required' },
        { line: 8, column: 'Product Name', message: 'Product Name is Required' },
        { line: 8, column: 'Repair', message: 'Repair is Required' },
        { line: 8, column: 'Price (£)', message: 'price is required' },
        { line: 9, column: 'Model', message: 'Selected model not found' },
        { line: 10, column: 'Model', message: 'Choose a phone model, not Accessories' },
        { line: 11, column: 'Product Name', message: 'This repair price is also on line 2' },
        { line: 12, column: '', message: 'This row has 6 cells but the header names 5 columns' },
      ]);
      if (dryRun) {
        expect(body).toMatchObject({ success: true, created: 0, updated: 1, unchanged: 0 });
        expect(body.message).toBe('13 errors to fix before importing; the other rows: 0 new, 1 updated, 0 unchanged');
      } else {
        expect(body).toMatchObject({
          success: false,
          message: 'Nothing was imported: the file has 13 errors',
          created: 0,
          updated: 0,
          unchanged: 0,
        });
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.request({ method: 'GET', url: '/api/audit/getall', cookie: admin })).json().total).toBe(entries);
  });

  it('passes over empty rows, counting them in the lines it names, as a spreadsheet shows them', async () => {
    const csv = lines(
      '',
      'Product Name,Model,Repair,Price',
      'Apple iPhone 13,Apple,Screen,0',
      '',
      ',,,',
      ' , ,,',
      'Apple iPhone 13,Apple,Battery,lots',
      'Apple iPhone 13,Apple,Screen,129',
    );
    expect((await importCsv(csv, true)).json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
      errors: [
        { line: 3, column: 'Price', message: 'price must be at least 1' },
        { line: 7, column: 'Price', message: 'price must be a number' },
      ],
    });
  });

  it('creates and updates in one go, matched on brand, phone name in any letter case and repair type', async () => {
    const csv = lines(
      'Product Name,Model,Repair,Price',
      'Apple iPhone 13,apple,screen,139.99',
      'Samsung Galaxy S22,Samsung,Battery,59',
      '"Apple iPhone 15, Pro Max",Apple,Screen,"£1,299.00"',
    );
    const dry = (await importCsv(csv, true)).json();
    expect(dry).toMatchObject({ created: 2, updated: 1, unchanged: 0, errors: [] });
    const before = await snapshot();
    expect((await importCsv(csv, true)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    const res = await importCsv(csv);
    expect(res.json()).toMatchObject({ success: true, created: 2, updated: 1, unchanged: 0 });
    const all = (await t.request({ method: 'GET', url: '/api/phonerepair/getall' })).json().fetchPhoneRepair as {
      productname: string;
      repair: { repaircategory: string };
      price: number;
    }[];
    expect(all.map((r) => `${r.productname} ${r.repair.repaircategory} ${r.price}`).sort()).toEqual([
      'Apple iPhone 13 Screen 139.99',
      'Apple iPhone 15 Screen 249.5',
      'Apple iPhone 15, Pro Max Screen 1299',
      'Samsung Galaxy S22 Battery 59',
      'Samsung Galaxy S22 Screen 169',
    ]);
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    // Spaced otherwise, a phone's name is the same phone: its price is updated, not filed a second time.
    const spaced = lines(
      'Product Name,Model,Repair,Price',
      'Apple  IPHONE 13,Apple,Screen,129',
      'Apple iPhone  13,Apple,Screen,119',
    );
    expect((await importCsv(spaced)).json().errors).toEqual([
      { line: 3, column: 'Product Name', message: 'This repair price is also on line 2' },
    ]);
    expect((await importCsv(lines('Product Name,Model,Repair,Price', 'Apple  IPHONE 13,Apple,Screen,129'))).json()).toMatchObject(
      {
        created: 0,
        updated: 1,
      },
    );
    const iphone13 = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=iphone%2013&limit=50' })).json()
      .fetchPhoneRepair as { productname: string; repair: { repaircategory: string }; price: number }[];
    expect(iphone13.filter((r) => r.repair.repaircategory === 'Screen').map((r) => [r.productname, r.price])).toEqual([
      ['Apple iPhone 13', 129],
    ]);
  });

  it("reads a file Excel saved as 'CSV (Comma delimited)', in Windows-1252, with its accents and pound signs", async () => {
    // 'Café Phone' and '£99.50' in Windows-1252: é is 0xE9 and £ is 0xA3, neither of them UTF-8 on its own.
    const csv = Buffer.from('Product Name,Model,Repair,Price\r\nCaf\xe9 Phone,Samsung,Screen,\xa399.50\r\n', 'latin1');
    expect((await importCsv(csv)).json()).toMatchObject({ success: true, created: 1, errors: [] });
    const all = (await t.request({ method: 'GET', url: '/api/phonerepair/getall' })).json().fetchPhoneRepair as {
      productname: string;
      price: number;
    }[];
    expect(all.find((r) => r.productname.startsWith('Caf'))).toMatchObject({ productname: 'Café Phone', price: 99.5 });
    // A UTF-8 file, byte order mark and all, with one stray Windows-1252 byte: read as Windows-1252, its header whole.
    const mixed = Buffer.concat([
      Buffer.from(`${BOM}Product Name,Model,Repair,Price\r\n`),
      Buffer.from('Caf\xe9 Phone,Samsung,Screen,89\r\n', 'latin1'),
    ]);
    expect((await importCsv(mixed)).json()).toMatchObject({ success: true, created: 0, updated: 1, errors: [] });
  });

  it('refuses a dryRun flag it cannot read, rather than importing', async () => {
    const before = await snapshot();
    const csv = lines('Product Name,Model,Repair,Price', 'Apple iPhone 13,Apple,Screen,1');
    for (const flag of ['yes', 'True', '']) {
      const res = await t.request({
        method: 'POST',
        url: `/api/phonerepair/import?dryRun=${flag}`,
        cookie: admin,
        ...multipart({}, [{ content: Buffer.from(csv), filename: 'prices.csv', type: 'text/csv' }]),
      });
      expect([flag, res.statusCode, res.json()]).toEqual([
        flag,
        400,
        { success: false, message: 'dryRun must be 1, true, 0 or false' },
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('exports formulas as text and imports them back as they were', async () => {
    await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: '=HYPERLINK("http://evil.example")', model: apple, repair: screen, price: 10 },
    });
    const csv = (await exportCsv('?q=hyperlink')).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect((await importCsv(csv, true)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] });
  });

  it('re-imports the prices of an archived brand or repair type, but files no new price under one', async () => {
    const logo = await makeImage('png', 60, 60);
    const gone = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Gonebrand' }, [{ content: logo }]),
      })
    ).json().data._id;
    const glass = (
      await t.request({
        method: 'POST',
        url: '/api/repaircategory/create',
        cookie: admin,
        payload: { repaircategory: 'Backglass' },
      })
    ).json().data._id;
    for (const [productname, model, repair] of [
      ['Gonebrand One', gone, screen],
      ['Apple iPhone 12', apple, glass],
    ] as const) {
      await t.request({
        method: 'POST',
        url: '/api/phonerepair/create',
        cookie: admin,
        payload: { productname, model, repair, price: 50 },
      });
    }
    await t.request({ method: 'DELETE', url: `/api/model/delete/${gone}`, cookie: admin });
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${glass}`, cookie: admin });

    const exported = (await exportCsv()).body;
    expect(exported).toContain('Gonebrand One,Gonebrand,Screen,50.00');
    expect(exported).toContain('Apple iPhone 12,Apple,Backglass,50.00');
    expect((await importCsv(exported, true)).json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    const changed = lines(
      'Product Name,Model,Repair,Price',
      'Gonebrand One,Gonebrand,Screen,55',
      'Apple iPhone 12,Apple,Backglass,45',
    );
    expect((await importCsv(changed)).json()).toMatchObject({ success: true, created: 0, updated: 2, unchanged: 0 });

    const added = lines(
      'Product Name,Model,Repair,Price',
      'Gonebrand Two,Gonebrand,Screen,10',
      'Apple iPhone 11,Apple,Backglass,10',
      'Gonebrand One,Gonebrand,Backglass,10',
    );
    const before = await snapshot();
    expect((await importCsv(added)).json()).toMatchObject({
      success: false,
      errors: [
        { line: 2, column: 'Model', message: 'Selected model not found' },
        { line: 3, column: 'Repair', message: 'Selected repair category not found' },
        { line: 4, column: 'Model', message: 'Selected model not found' },
        { line: 4, column: 'Repair', message: 'Selected repair category not found' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is missing, empty, not CSV, without a column, or unreadable', async () => {
    const noFile = await t.request({
      method: 'POST',
      url: '/api/phonerepair/import',
      cookie: admin,
      ...multipart({ note: 'x' }),
    });
    expect(noFile.json()).toMatchObject({ success: false, message: 'Choose a CSV file to import' });
    const json = await t.request({ method: 'POST', url: '/api/phonerepair/import', cookie: admin, payload: {} });
    expect(json.json()).toMatchObject({ success: false, message: 'Choose a CSV file to import' });
    expect((await importCsv('\r\n\r\n')).json()).toMatchObject({
      success: false,
      message: 'The file is empty: the first line must name the columns',
    });
    expect((await importCsv(await makeImage('png', 10, 10))).json()).toMatchObject({
      success: false,
      message: 'The file is not a CSV file',
    });
    expect((await importCsv(lines('Product Name,Model,Price', 'Apple iPhone 13,Apple,10'), true)).json()).toMatchObject({
      success: true,
      errors: [{ line: 1, column: 'Repair', message: 'The Repair column is missing' }],
    });
    // The row before the line that cannot be read is still read and checked.
    const cut = (
      await importCsv(
        lines('Product Name,Model,Repair,Price', 'Apple iPhone 13,Apple,Screen,129', '"Apple iPhone 13,Apple,Battery,10'),
        true,
      )
    ).json();
    expect(cut).toMatchObject({
      message: expect.stringMatching(/^1 error to fix before importing; the rows before line 3: /),
      errors: [
        { line: 3, column: '', message: 'This line could not be read as CSV (a quote left open?), nor anything after it' },
      ],
    });
    expect(cut.created + cut.updated + cut.unchanged).toBe(1);
    const twoFiles = await t.request({
      method: 'POST',
      url: '/api/phonerepair/import',
      cookie: admin,
      ...multipart({}, [
        { content: Buffer.from('a'), filename: 'a.csv' },
        { content: Buffer.from('b'), filename: 'b.csv' },
      ]),
    });
    expect(twoFiles.json()).toMatchObject({ success: false, message: 'Send one file only' });
  });
});
