import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import { repairMessages } from './phone-repairs.service.ts';

/** CSV export and import of repair prices (issue 20). */

let t: TestContext;
let admin: string;
let apple: string;
let samsung: string;
let screen: string;
let battery: string;

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
  battery = (
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Battery' } })
  ).json().data._id;
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
    // Updated: when each price was last changed, as stored.
    const updated = Object.fromEntries(
      (await t.db.db.selectFrom('phone_repairs').select(['productname', 'updated_at']).execute()).map((r) => [
        r.productname,
        r.updated_at,
      ]),
    );
    expect(res.body).toBe(
      `${BOM}${lines(
        'Product Name,Model,Repair,Price,Updated',
        `Samsung Galaxy S22,Samsung,Screen,169.00,${updated['Samsung Galaxy S22']}`,
        `Apple iPhone 15,Apple,Screen,249.50,${updated['Apple iPhone 15']}`,
        `Apple iPhone 13,Apple,Screen,129.00,${updated['Apple iPhone 13']}`,
      )}\r\n`,
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

  it("lists the prices it adds, newest first, in the file's order", async () => {
    const phones = Array.from({ length: 12 }, (_, i) => `Apple Ordered ${String(i + 1).padStart(2, '0')}`);
    const csv = lines('Product Name,Model,Repair,Price', ...phones.map((phone) => `${phone},Apple,Screen,99`));
    expect((await importCsv(csv)).json()).toMatchObject({ success: true, created: 12 });
    const listed = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=apple%20ordered&limit=20' })).json()
      .fetchPhoneRepair as { productname: string }[];
    expect(listed.map((r) => r.productname)).toEqual(phones);
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

  it('reads a file whose cells a spreadsheet separated with semicolons or tabs', async () => {
    const semicolons = lines(
      'Product Name;Model;Repair;Price',
      '"Semi; Phone";Samsung;Screen;49',
      'Semi Phone 2;Samsung;Screen;12,50',
    );
    const res = (await importCsv(semicolons, true)).json();
    expect(res).toMatchObject({ success: true, created: 1, errors: [{ line: 3, column: 'Price' }] });
    const tabs = lines('Product Name\tModel\tRepair\tPrice', 'Tab Phone, Plus\tSamsung\tScreen\t59');
    expect((await importCsv(tabs)).json()).toMatchObject({ success: true, created: 1, errors: [] });
    const all = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=tab%20phone' })).json().fetchPhoneRepair;
    expect(all.map((r: { productname: string; price: number }) => [r.productname, r.price])).toEqual([['Tab Phone, Plus', 59]]);
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
    // A form with no file chosen sends a file part with no name and no bytes.
    expect((await importCsv('', false, '')).json()).toMatchObject({ success: false, message: 'Choose a CSV file to import' });
    for (const empty of ['\r\n\r\n', '']) {
      expect((await importCsv(empty)).json()).toMatchObject({
        success: false,
        message: 'The file is empty: the first line must name the columns',
      });
    }
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

describe("a repair price import's Updated column", () => {
  const phone = 'Samsung Galaxy A15';
  const ids = { screen: '', battery: '' };
  const exportA15 = async () => (await exportCsv('?q=galaxy%20a15')).body;
  const current = (id: string) =>
    t.db.db.selectFrom('phone_repairs').select(['price_pence', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  /** A change in the Phone Repair List's form. */
  const edit = (id: string, repair: string, price: number) =>
    t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${id}`,
      cookie: admin,
      payload: { productname: phone, model: samsung, repair, price },
    });
  /** The spreadsheet line of the row of this repair (the header is line 1). */
  const lineOf = (csv: string, repair: string) =>
    csv.split('\r\n').findIndex((line) => line.startsWith(`${phone},Samsung,${repair},`)) + 1;
  /** The file with the cells of this repair's row changed. */
  const withCells = (csv: string, repair: string, change: (cells: string[]) => void) =>
    csv
      .split('\r\n')
      .map((line) => {
        if (!line.startsWith(`${phone},Samsung,${repair},`)) return line;
        const cells = line.split(',');
        change(cells);
        return cells.join(',');
      })
      .join('\r\n');

  beforeAll(async () => {
    for (const [key, repair, price] of [
      ['screen', screen, 39],
      ['battery', battery, 29],
    ] as const) {
      ids[key] = (
        await t.request({
          method: 'POST',
          url: '/api/phonerepair/create',
          cookie: admin,
          payload: { productname: phone, model: samsung, repair, price },
        })
      ).json().data._id;
    }
  });

  it('refuses to put back a price changed after the export, and writes nothing, until its Updated cell is emptied', async () => {
    const csv = await exportA15();
    expect(csv.startsWith(`${BOM}Product Name,Model,Repair,Price,Updated\r\n`)).toBe(true);
    // In the console, after the export: £39 to £45. In the file: another row changed.
    expect((await edit(ids.screen, screen, 45)).statusCode).toBe(200);
    const edited = withCells(csv, 'Battery', (cells) => (cells[3] = '35.00'));
    const stale = [{ line: lineOf(csv, 'Screen'), column: 'Updated', message: repairMessages.importStale }];
    expect(repairMessages.importStale).toBe(
      'This price was changed after this file was exported (in the Phone Repair List, by a bulk change or by an import): export again, or empty this cell to overwrite the change',
    );
    const before = await snapshot();
    expect((await importCsv(edited, true)).json()).toEqual({
      success: true,
      message: '1 error to fix before importing; the other rows: 0 new, 1 updated, 0 unchanged',
      created: 0,
      updated: 1,
      unchanged: 0,
      errors: stale,
    });
    const refused = await importCsv(edited);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Nothing was imported: the file has 1 error',
      errors: stale,
    });
    expect(await snapshot()).toEqual(before);
    expect((await current(ids.screen)).price_pence).toBe(4500);

    // A row that changes nothing is unchanged, whatever its Updated cell says.
    const agreeing = withCells(csv, 'Screen', (cells) => (cells[3] = '45.00'));
    expect((await importCsv(agreeing, true)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: [] });

    // Emptied, the cell no longer guards the row: the file's price is written over the change.
    const emptied = withCells(edited, 'Screen', (cells) => (cells[4] = ''));
    expect((await importCsv(emptied)).json()).toMatchObject({ success: true, created: 0, updated: 2, unchanged: 0, errors: [] });
    expect((await current(ids.screen)).price_pence).toBe(3900);
    expect((await current(ids.battery)).price_pence).toBe(3500);
  });

  it('refuses an export taken before a bulk change, and takes it again once the change is undone', async () => {
    const csv = await exportA15();
    const bulk = await t.request({
      method: 'POST',
      url: '/api/phonerepair/bulkprice',
      cookie: admin,
      payload: { productname: phone, change: { type: 'amount', value: 1 } },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await importCsv(csv, true)).json()).toMatchObject({
      updated: 0,
      errors: ['Battery', 'Screen']
        .map((repair) => ({ line: lineOf(csv, repair), column: 'Updated', message: repairMessages.importStale }))
        .sort((a, b) => a.line - b.line),
    });
    // The undo gives each price back its price and its date: the export is current again.
    expect((await t.request({ method: 'POST', url: '/api/phonerepair/bulkprice/undo', cookie: admin })).statusCode).toBe(200);
    expect((await importCsv(csv, true)).json()).toMatchObject({ updated: 0, unchanged: 2, errors: [] });
  });

  it('imports a file without the Updated column as before, over a change made since', async () => {
    const csv = await exportA15();
    expect((await edit(ids.battery, battery, 40)).statusCode).toBe(200);
    const withoutUpdated = csv
      .split('\r\n')
      .map((line) => line.replace(/,[^,]*$/, ''))
      .join('\r\n');
    expect(withoutUpdated.startsWith(`${BOM}Product Name,Model,Repair,Price\r\n`)).toBe(true);
    expect((await importCsv(withoutUpdated)).json()).toMatchObject({ success: true, updated: 1, unchanged: 1, errors: [] });
    expect((await current(ids.battery)).price_pence).toBe(3500);
  });

  it('reads an Updated cell as a spreadsheet rewrites it, to the minute, and refuses one that is not a date and time', async () => {
    const { updated_at: at } = await current(ids.screen);
    const row = (updated: string) => lines('Product Name,Model,Repair,Price,Updated', `${phone},Samsung,Screen,49,${updated}`);
    // Excel in a UK locale shows and saves the cell as '03/12/2026 10:30'.
    const uk = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)}`;
    expect((await importCsv(row(uk), true)).json()).toMatchObject({ updated: 1, errors: [] });
    const earlier = new Date(Date.parse(at) - 60_000).toISOString();
    expect((await importCsv(row(earlier.slice(0, 16)), true)).json().errors).toEqual([
      { line: 2, column: 'Updated', message: repairMessages.importStale },
    ]);
    for (const cell of ['yesterday', '31/02/2026 10:00', '2026-12-03', '2026-12-03T24:00Z']) {
      expect((await importCsv(row(cell), true)).json().errors, cell).toEqual([
        { line: 2, column: 'Updated', message: 'Leave Updated as it was exported (a date and time), or empty it' },
      ]);
    }
    // Named as the file's header names it, beside the row's other errors, and nothing is written.
    const before = await snapshot();
    const res = await importCsv(lines('Price,Product Name,Model,Repair,updated', `0,${phone},Samsung,Screen,yesterday`));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { line: 2, column: 'Price', message: 'price must be at least 1' },
      { line: 2, column: 'updated', message: 'Leave Updated as it was exported (a date and time), or empty it' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an exported row whose price was deleted since, rather than adding it again', async () => {
    const csv = await exportA15();
    await t.request({ method: 'DELETE', url: `/api/phonerepair/delete/${ids.battery}`, cookie: admin });
    const gone = [{ line: lineOf(csv, 'Battery'), column: 'Updated', message: repairMessages.importGone }];
    expect(repairMessages.importGone).toBe(
      'No price has this phone and repair now (renamed or deleted since this file was exported): export again, or empty this cell to add it as new',
    );
    expect((await importCsv(csv, true)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: gone });
    const before = await snapshot();
    const refused = await importCsv(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(gone);
    expect(await snapshot()).toEqual(before);

    const emptied = withCells(csv, 'Battery', (cells) => (cells[4] = ''));
    expect((await importCsv(emptied)).json()).toMatchObject({ success: true, created: 1, unchanged: 1, errors: [] });
  });
});
