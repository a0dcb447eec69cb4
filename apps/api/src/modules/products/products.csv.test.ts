import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, holdLock, settlesWithin, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import * as productImports from '../../db/migrations/008_product_imports.ts';
import * as productImportRowsUnkeyed from '../../db/migrations/009_product_import_rows_unkeyed.ts';
import * as repo from './products.repository.ts';
import { productMessages, PRODUCTS_LOCK } from './products.service.ts';
import { importProductsCsv, PRODUCT_CSV_HEADER } from './products.testkit.ts';

/** CSV export and import of products (issue 20): products come in without pictures and are listed as needing them. */

let t: TestContext;
let admin: string;
let apple: string;
let accessories: string;
let cases: string;

const HEADER = PRODUCT_CSV_HEADER;
const exportCsv = (query = '') => t.request({ method: 'GET', url: `/api/product/export.csv${query}`, cookie: admin });
const importCsv = (csv: string, dryRun = false) => importProductsCsv(t, admin, csv, dryRun);
const lines = (...rows: string[]) => rows.join('\r\n');
const rowsOf = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
const products = async () =>
  (await t.db.db.selectFrom('products').selectAll().orderBy('productname').execute()).map((p) => ({ ...p }));

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  const images = [{ content: await makeImage('png', 80, 80, '#111111') }, { content: await makeImage('png', 80, 80, '#eeeeee') }];
  apple = (
    await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Apple' }, [images[0]!]) })
  ).json().data._id;
  accessories = (await t.request({ method: 'GET', url: '/api/model/getall' }))
    .json()
    .fetchModel.find((m: { model: string }) => m.model === 'Accessories')._id;
  cases = (await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } })).json()
    .data._id;
  const create = (fields: Record<string, string | string[]>) =>
    t.request({ method: 'POST', url: '/api/product/create', cookie: admin, ...multipart(fields, images) });
  await create({
    productname: 'Apple iPhone 15',
    price: '799.99',
    stockquantity: '4',
    description: 'A brand new iPhone 15 with a two-year UK warranty.',
    model: apple,
    availability: 'In Stock',
    warranty: '2 years',
    color: 'Black, Blue',
    ram: ['6GB', '8GB'],
    rom: '128GB',
  });
  await create({
    productname: 'Clear Case',
    price: '15',
    stockquantity: '20',
    description: 'A clear case that shows off your phone, "drop tested".\nSecond line.',
    model: accessories,
    category: cases,
    availability: 'Out of Stock',
    color: 'Clear',
  });
});
afterAll(async () => {
  await t.close();
});

describe('product export', () => {
  it('streams every product with the form columns, names rather than ids, and a BOM', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="products-\d{4}-\d\d-\d\d\.csv"/);
    expect(res.body.startsWith(`\uFEFF${HEADER},Updated\r\n`)).toBe(true);
    const updated = Object.fromEntries((await products()).map((p) => [p.productname, p.updated_at]));
    expect(rowsOf(res.body)).toEqual([
      {
        'Product Name': 'Clear Case',
        Price: '15.00',
        'Stock Quantity': '20',
        Model: 'Accessories',
        Category: 'Cases',
        RAM: '',
        ROM: '',
        Availability: 'Out of Stock',
        Warranty: '',
        Discount: '',
        Color: 'Clear',
        Description: 'A clear case that shows off your phone, "drop tested".\nSecond line.',
        Updated: updated['Clear Case'],
      },
      {
        'Product Name': 'Apple iPhone 15',
        Price: '799.99',
        'Stock Quantity': '4',
        Model: 'Apple',
        Category: '',
        RAM: '6GB, 8GB',
        ROM: '128GB',
        Availability: 'In Stock',
        Warranty: '2 years',
        Discount: '',
        Color: 'Black, Blue',
        Description: 'A brand new iPhone 15 with a two-year UK warranty.',
        Updated: updated['Apple iPhone 15'],
      },
    ]);
    expect(rowsOf((await exportCsv('?type=accessory&availability=out of stock')).body).map((r) => r['Product Name'])).toEqual([
      'Clear Case',
    ]);
    expect(rowsOf((await exportCsv('?q=iphone')).body).map((r) => r['Product Name'])).toEqual(['Apple iPhone 15']);
  });

  it("answers a HEAD with the download's headers and reads no product for it", async () => {
    const pages = vi.spyOn(repo, 'findProductsAfter');
    try {
      const head = await t.request({ method: 'HEAD', url: '/api/product/export.csv?type=smartphone', cookie: admin });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(head.headers['content-disposition']).toMatch(/filename="products-\d{4}-\d\d-\d\d\.csv"/);
      expect(head.body).toBe('');
      // Fastify reads a HEAD's streamed body after answering: give it the time to read a page, were one asked for.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pages).not.toHaveBeenCalled();
      await exportCsv();
      expect(pages).toHaveBeenCalledOnce();
      expect((await t.request({ method: 'HEAD', url: '/api/product/export.csv?type=tablet', cookie: admin })).statusCode).toBe(
        400,
      );
      expect((await t.request({ method: 'HEAD', url: '/api/product/export.csv' })).statusCode).toBe(401);
    } finally {
      pages.mockRestore();
    }
  });
});

describe('product import', () => {
  it('re-importing an export changes nothing', async () => {
    const before = await products();
    const csv = (await exportCsv()).body;
    expect((await importCsv(csv)).json()).toMatchObject({ success: true, created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await products()).toEqual(before);
  });

  it('refuses to write an exported row over a change made after the export, until its Updated cell is emptied', async () => {
    const csv = (await exportCsv()).body;
    const iphone = () =>
      t.db.db.selectFrom('products').selectAll().where('productname', '=', 'Apple iPhone 15').executeTakeFirstOrThrow();
    const exported = (await iphone()).updated_at;
    // A save in the form after the export.
    const later = new Date(Date.parse(exported) + 1).toISOString();
    await t.db.db
      .updateTable('products')
      .set({ price_pence: 74_999, updated_at: later })
      .where('productname', '=', 'Apple iPhone 15')
      .execute();
    const stale = [{ line: 3, column: 'Updated', message: productMessages.importStale }];
    expect((await importCsv(csv, true)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: stale });
    const refused = await importCsv(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(stale);
    expect((await iphone()).price_pence).toBe(74_999);

    const emptied = csv
      .split('\r\n')
      .map((line) => (line.startsWith('Apple iPhone 15,') ? line.replace(/,[^,]*$/, ',') : line))
      .join('\r\n');
    expect((await importCsv(emptied)).json()).toMatchObject({ updated: 1, errors: [] });
    expect((await iphone()).price_pence).toBe(79_999);
  });

  it('refuses an exported row whose product was renamed or deleted since, rather than adding it again', async () => {
    const csv = (await exportCsv()).body;
    const renamed = { productname: 'Apple iPhone 15 (2023)', name_search: 'apple iphone 15 (2023)' };
    await t.db.db.updateTable('products').set(renamed).where('productname', '=', 'Apple iPhone 15').execute();
    try {
      expect((await importCsv(csv, true)).json()).toMatchObject({
        created: 0,
        unchanged: 1,
        errors: [{ line: 3, column: 'Updated', message: productMessages.importGone }],
      });
    } finally {
      await t.db.db
        .updateTable('products')
        .set({ productname: 'Apple iPhone 15', name_search: 'apple iphone 15' })
        .where('productname', '=', renamed.productname)
        .execute();
    }
  });

  it('reads an Updated cell as a spreadsheet rewrites it, to the minute, and refuses one that is not a date and time', async () => {
    const { updated_at: at } = await t.db.db
      .selectFrom('products')
      .select('updated_at')
      .where('productname', '=', 'Apple iPhone 15')
      .executeTakeFirstOrThrow();
    // Excel in a UK locale shows and saves the cell as '03/12/2026 10:30'.
    const uk = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)}`;
    const row = (updated: string) =>
      lines(`${HEADER},Updated`, `Apple iPhone 15,749.99,4,Apple,,"6GB, 8GB",128GB,In Stock,2 years,,"Black, Blue",,${updated}`);
    expect((await importCsv(row(uk), true)).json()).toMatchObject({ updated: 1, errors: [] });
    expect((await importCsv(row(`${at.slice(0, 10)} ${at.slice(11, 19)}`), true)).json()).toMatchObject({
      updated: 1,
      errors: [],
    });
    const earlier = new Date(Date.parse(at) - 60_000).toISOString();
    expect((await importCsv(row(earlier.slice(0, 16)), true)).json().errors).toEqual([
      { line: 2, column: 'Updated', message: productMessages.importStale },
    ]);
    for (const cell of ['yesterday', '31/02/2026 10:00', '2026-12-03', '2026-12-03T24:00Z']) {
      expect((await importCsv(row(cell), true)).json().errors, cell).toEqual([
        { line: 2, column: 'Updated', message: 'Leave Updated as it was exported (a date and time), or empty it' },
      ]);
    }
  });

  it("checks each row with the form's rules and messages, and writes nothing when one fails", async () => {
    const before = await products();
    const csv = lines(
      HEADER,
      'Apple iPhone 16,999,3,Apple,,8GB,256GB,In Stock,,,Black,A fine phone with a description of thirty letters.',
      'apple iPhone 17,999,3,Apple,,8GB,256GB,In Stock,,,Black,',
      'Apple iPhone 18,,0,Apple,,8GB,256GB,Maybe,,,Black,Short',
      'Apple iPhone 19,999,3,Apple,,,,In Stock,,,Black,',
      'Pixel 9,499,3,Google,,8GB,128GB,In Stock,,,Grey,',
      'Leather Case,25,3,Accessories,,,,In Stock,,,Brown,',
      'Wallet Case,25,3,Accessories,Wallets,,,In Stock,,,Brown,',
      'Apple iPhone 16,999,3,Apple,,16GB,256GB,In Stock,,Half price,,',
    );
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      expect(res.statusCode).toBe(dryRun ? 200 : 400);
      expect(res.json().errors).toEqual([
        { line: 3, column: 'Product Name', message: 'First letter must be capitalized' },
        { line: 4, column: 'Price', message: 'Price is Required' },
        { line: 4, column: 'Stock Quantity', message: 'Quantity must be at least 1' },
        { line: 4, column: 'Availability', message: 'Availability must be In Stock or Out of Stock' },
        { line: 4, column: 'Description', message: 'Please upload at least 30 Letters' },
        { line: 5, column: 'RAM', message: 'Please select at least one RAM' },
        { line: 5, column: 'ROM', message: 'Please select at least one ROM' },
        { line: 6, column: 'Model', message: 'Selected model not found' },
        { line: 7, column: 'Category', message: 'Category is required for Accessories' },
        { line: 8, column: 'Category', message: 'Selected category not found' },
        { line: 9, column: 'RAM', message: 'Invalid RAM option' },
        { line: 9, column: 'Discount', message: 'Invalid discount' },
        { line: 9, column: 'Color', message: 'Color is required' },
      ]);
    }
    expect(await products()).toEqual(before);
  });

  it('creates products without pictures (listed as needing them) and updates others, matched on name and brand', async () => {
    const csv = lines(
      HEADER,
      'Apple iPhone 15,749,9,Apple,,8GB,"128GB, 256GB",In Stock,2 years,NHS and Students discount available,"Black, Blue",',
      'Apple iPhone 16e,599,5,apple,,8GB,128GB,in stock,,,White,',
      'Magsafe Case,"£1,019.50",5,Accessories,cases,,,Out of Stock,,,Black,A case that clicks onto MagSafe chargers and mounts.',
    );
    expect((await importCsv(csv, true)).json()).toMatchObject({
      success: true,
      created: 2,
      updated: 1,
      unchanged: 0,
      errors: [],
    });
    const res = await importCsv(csv);
    expect(res.json()).toEqual({
      success: true,
      message: 'Imported: 2 new, 1 updated, 0 unchanged',
      created: 2,
      updated: 1,
      unchanged: 0,
      errors: [],
      changeId: expect.any(String),
    });
    const all = (await t.request({ method: 'GET', url: '/api/product/getall' })).json().fetchProducts as {
      productname: string;
      price: number;
      stockquantity: number;
      description: string;
      rom: string[];
      images: unknown[];
      category: { category: string } | null;
    }[];
    const byName = Object.fromEntries(all.map((p) => [p.productname, p]));
    expect(byName['Apple iPhone 15']).toMatchObject({ price: 749, stockquantity: 9, rom: ['128GB', '256GB'] });
    // An empty description keeps the one the product has.
    expect(byName['Apple iPhone 15']!.description).toBe('A brand new iPhone 15 with a two-year UK warranty.');
    expect(byName['Apple iPhone 15']!.images).toHaveLength(2);
    expect(byName['Apple iPhone 16e']).toMatchObject({ price: 599, description: '', images: [] });
    expect(byName['Magsafe Case']).toMatchObject({ price: 1019.5, category: { category: 'Cases' }, images: [] });
    const needing = (await t.request({ method: 'GET', url: '/api/product/getall?fix=needs-pictures' })).json().fetchProducts;
    expect(needing.map((p: { productname: string }) => p.productname).sort()).toEqual(['Apple iPhone 16e', 'Magsafe Case']);
    const undescribed = (await t.request({ method: 'GET', url: '/api/product/getall?fix=no-description' })).json().fetchProducts;
    expect(undescribed.map((p: { productname: string }) => p.productname)).toEqual(['Apple iPhone 16e']);
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({
      action: 'import',
      entity: 'product',
      label: 'products.csv: 2 new, 1 updated, 0 unchanged',
      after: {
        file: 'products.csv',
        created: 2,
        updated: 1,
        newProducts: ['Apple iPhone 16e', 'Magsafe Case'],
        updatedProducts: ['Apple iPhone 15'],
      },
    });
  });

  it('keeps what a file leaves out: a price and stock sheet changes no warranty, discount or description', async () => {
    const sheet = lines(
      'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
      'Apple iPhone 15,739,7,Apple,8GB,"128GB, 256GB",In Stock,"Black, Blue"',
    );
    expect((await importCsv(sheet)).json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: [] });
    const iphone = (await products()).find((p) => p.productname === 'Apple iPhone 15')!;
    expect(iphone).toMatchObject({
      price_pence: 73900,
      stockquantity: 7,
      warranty: '2 years',
      discount: 'NHS and Students discount available',
      description: 'A brand new iPhone 15 with a two-year UK warranty.',
    });
  });

  it('waits for a product edit under way, and keeps what it wrote in the columns the file leaves out', async () => {
    const commit = await holdLock(t.db, PRODUCTS_LOCK, (trx) =>
      trx.updateTable('products').set({ warranty: '3 years' }).where('productname', '=', 'Apple iPhone 15').execute(),
    );
    const importing = importCsv(
      lines(
        'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
        'Apple iPhone 15,749,7,Apple,8GB,"128GB, 256GB",In Stock,"Black, Blue"',
      ),
    );
    const waited = !(await settlesWithin(importing, 300));
    await commit();
    expect(waited).toBe(true);
    expect((await importing).json()).toMatchObject({ updated: 1, errors: [] });
    expect((await products()).find((p) => p.productname === 'Apple iPhone 15')).toMatchObject({
      price_pence: 74900,
      warranty: '3 years',
    });
  });

  it('holds product edits, additions and deletions while an import is under way', async () => {
    const id = (await products()).find((p) => p.productname === 'Clear Case')!.id;
    const images = (await t.request({ method: 'GET', url: `/api/product/getbyid/${id}` })).json().fetchProduct.images as {
      secure_url: string;
    }[];
    const fields = {
      productname: 'Clear Case',
      price: '16',
      stockquantity: '20',
      description: 'A clear case that shows off your phone.',
      model: accessories,
      category: cases,
      availability: 'In Stock',
    };
    const commit = await holdLock(t.db, PRODUCTS_LOCK);
    const writes = {
      edit: t.request({
        method: 'PUT',
        url: `/api/product/update/${id}`,
        cookie: admin,
        ...multipart({ ...fields, color: 'Clear', keepImages: images.map((i) => i.secure_url) }),
      }),
      addition: t.request({
        method: 'POST',
        url: '/api/product/create',
        cookie: admin,
        ...multipart({ ...fields, productname: 'Tough Case', color: 'Black' }, [
          { content: await makeImage('png', 80, 80, '#111111') },
          { content: await makeImage('png', 80, 80, '#eeeeee') },
        ]),
      }),
    };
    const settled = await Promise.all(Object.values(writes).map((write) => settlesWithin(write, 300)));
    await commit();
    expect(settled).toEqual([false, false]);
    expect((await writes.edit).statusCode).toBe(200);
    expect((await writes.addition).statusCode).toBe(201);
    const made = (await writes.addition).json().data as { _id: string; images: { secure_url: string }[] };
    const deleting = await holdLock(t.db, PRODUCTS_LOCK);
    const deletion = t.request({ method: 'DELETE', url: `/api/product/delete/${made._id}`, cookie: admin });
    const waited = !(await settlesWithin(deletion, 300));
    // An edit sent while the deletion waits comes after it, and finds the product gone: it writes nothing back.
    const late = t.request({
      method: 'PUT',
      url: `/api/product/update/${made._id}`,
      cookie: admin,
      ...multipart({ ...fields, productname: 'Tough Case', color: 'Black', keepImages: made.images.map((i) => i.secure_url) }),
    });
    const lateWaited = !(await settlesWithin(late, 300));
    await deleting();
    expect([waited, lateWaited]).toEqual([true, true]);
    expect((await deletion).statusCode).toBe(200);
    expect((await late).json()).toEqual({ success: false, message: 'Product not found' });
    expect(await t.db.db.selectFrom('images').select('id').where('owner_id', '=', made._id).execute()).toEqual([]);
  });

  it('keeps a product an import updates found by the search, under the name as the file writes it', async () => {
    const csv = lines(HEADER, 'Apple IPHONE 16E,579,4,Apple,,8GB,128GB,In Stock,,,White,');
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const found = (await t.request({ method: 'GET', url: '/api/search?q=iphone16e' })).json().results;
    expect(found).toContainEqual(expect.objectContaining({ kind: 'product', title: 'Apple IPHONE 16E', price: 579 }));
  });

  it('finds a brand or category named with letters beyond ASCII in another letter case', async () => {
    const made = await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Étuis' } });
    expect(made.statusCode).toBe(201);
    const csv = lines(HEADER, 'Leather Wallet Case,20,2,accessories,ÉTUIS,,,In Stock,,,Brown,');
    expect((await importCsv(csv, true)).json()).toMatchObject({ created: 1, errors: [] });
  });

  it('refuses the same product twice in one file', async () => {
    const res = await importCsv(
      lines(HEADER, 'Apple Watch,299,1,Apple,,8GB,64GB,In Stock,,,Black,', 'APPLE WATCH,299,1,Apple,,8GB,64GB,In Stock,,,Black,'),
      true,
    );
    expect(res.json().errors).toEqual([{ line: 3, column: 'Product Name', message: 'This product is also on line 2' }]);
  });

  it('refuses a row matching two products of one name and brand, rather than making them one', async () => {
    const images = [
      { content: await makeImage('png', 80, 80, '#222222') },
      { content: await makeImage('png', 80, 80, '#dddddd') },
    ];
    for (const color of ['Black', 'White']) {
      const fields = {
        productname: 'Apple Twin',
        price: '299',
        stockquantity: '2',
        description: `The ${color} one with a two-year UK warranty.`,
      };
      const res = await t.request({
        method: 'POST',
        url: '/api/product/create',
        cookie: admin,
        ...multipart({ ...fields, model: apple, availability: 'In Stock', color, ram: '8GB', rom: '128GB' }, images),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await products();
    const csv = lines(HEADER, 'Apple Twin,279,2,Apple,,8GB,128GB,In Stock,,,Black,The Black one with a two-year UK warranty.');
    const message = '2 products have this name and brand: give each its own name in the Product List, then import again';
    expect((await importCsv(csv, true)).json()).toMatchObject({
      success: true,
      created: 0,
      updated: 0,
      errors: [{ line: 2, column: 'Product Name', message }],
    });
    const real = await importCsv(csv);
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({ success: false, errors: [{ line: 2, column: 'Product Name', message }] });
    expect(await products()).toEqual(before);
    for (const twin of before.filter((p) => p.productname === 'Apple Twin')) {
      await t.request({ method: 'DELETE', url: `/api/product/delete/${twin.id}`, cookie: admin });
    }
  });

  it('re-imports the products of an archived brand or category, but files no new product under one', async () => {
    const logo = await makeImage('png', 60, 60);
    const gone = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Gonebrand' }, [{ content: logo }]),
      })
    ).json().data._id;
    const straps = (
      await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Straps' } })
    ).json().data._id;
    const images = [
      { content: await makeImage('png', 80, 80, '#111111') },
      { content: await makeImage('png', 80, 80, '#eeeeee') },
    ];
    const description = 'Thirty letters and more of a description here.';
    for (const fields of [
      { productname: 'Gonebrand One', model: gone, ram: '4GB', rom: '64GB' } as Record<string, string>,
      { productname: 'Nylon Strap', model: accessories, category: straps },
    ]) {
      const made = await t.request({
        method: 'POST',
        url: '/api/product/create',
        cookie: admin,
        ...multipart(
          { price: '20', stockquantity: '2', description, availability: 'In Stock', color: 'Black', ...fields },
          images,
        ),
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    await t.request({ method: 'DELETE', url: `/api/model/delete/${gone}`, cookie: admin });
    await t.request({ method: 'DELETE', url: `/api/category/delete/${straps}`, cookie: admin });

    const exported = (await exportCsv()).body;
    expect(exported).toContain('Gonebrand One,20.00,2,Gonebrand,');
    expect(exported).toContain('Nylon Strap,20.00,2,Accessories,Straps,');
    expect((await importCsv(exported, true)).json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    const changed = lines(
      HEADER,
      `Gonebrand One,25,2,Gonebrand,,4GB,64GB,In Stock,,,Black,`,
      `Nylon Strap,25,2,Accessories,Straps,,,In Stock,,,Black,`,
    );
    expect((await importCsv(changed)).json()).toMatchObject({ success: true, created: 0, updated: 2, unchanged: 0 });

    const before = await products();
    const added = lines(
      HEADER,
      `Gonebrand Two,25,2,Gonebrand,,4GB,64GB,In Stock,,,Black,`,
      `Silk Strap,25,2,Accessories,Straps,,,In Stock,,,Black,`,
      `Clear Case,15,20,Accessories,Straps,,,Out of Stock,,,Clear,`,
    );
    expect((await importCsv(added)).json()).toMatchObject({
      success: false,
      errors: [
        { line: 2, column: 'Model', message: 'Selected model not found' },
        { line: 3, column: 'Category', message: 'Selected category not found' },
        { line: 4, column: 'Category', message: 'Selected category not found' },
      ],
    });
    expect(await products()).toEqual(before);
  });

  it("lists the products it adds, newest first, in the file's order", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Ordered Case ${String(i + 1).padStart(2, '0')}`);
    const csv = lines(HEADER, ...names.map((name) => `${name},9,1,Accessories,Cases,,,In Stock,,,Black,`));
    expect((await importCsv(csv)).json()).toMatchObject({ success: true, created: 12 });
    const listed = (await t.request({ method: 'GET', url: '/api/product/getall?q=ordered%20case&limit=20' })).json()
      .fetchProducts as { productname: string }[];
    expect(listed.map((p) => p.productname)).toEqual(names);
    const rows = await t.db.db
      .selectFrom('products')
      .select(['created_at', 'updated_at'])
      .where('productname', 'in', names)
      .execute();
    // Each a millisecond apart, and all written at once.
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(12);
    expect(new Set(rows.map((r) => r.updated_at)).size).toBe(1);
  });
});

describe('undoing a product import', () => {
  const undo = (change?: string) =>
    t.request({ method: 'POST', url: '/api/product/import/undo', cookie: admin, payload: change ? { change } : {} });
  const byName = async () => Object.fromEntries((await products()).map((p) => [p.productname, p]));
  const searchEntries = async (ids: string[]) =>
    (await t.db.db.selectFrom('search_documents').select('ref_id').where('ref_id', 'in', ids).execute()).length;

  it('gives the products it updated back what it changed, and deletes those it created', async () => {
    await t.db.db.deleteFrom('product_imports').execute();
    expect((await undo()).json()).toEqual({ success: false, message: 'There is no product import to undo' });
    const last = async () =>
      (await t.request({ method: 'GET', url: '/api/product/import/last', cookie: admin })).json().lastChange;
    expect(await last()).toBeNull();
    const before = await byName();
    const imported = await importCsv(
      lines(
        'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
        'Apple iPhone 15,699,3,Apple,8GB,"128GB, 256GB",In Stock,"Black, Blue"',
        'Apple iPhone 17,899,2,Apple,8GB,256GB,In Stock,Black',
      ),
    );
    expect(imported.json()).toMatchObject({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const added = (await byName())['Apple iPhone 17']!;
    expect(added).toBeDefined();
    expect(await searchEntries([added.id])).toBe(1);
    // What the console offers to undo on coming back to the list.
    expect(await last()).toEqual({
      changeId: imported.json().changeId,
      kind: 'import',
      label: 'products.csv: 1 new, 1 updated, 0 unchanged',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      undoRefused: null,
    });

    const res = await undo(imported.json().changeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Undone: 1 product restored, 1 new product removed' });
    expect(await last()).toBeNull();
    const after = await byName();
    expect(after['Apple iPhone 17']).toBeUndefined();
    expect(await searchEntries([added.id])).toBe(0);
    const { updated_at: was, ...iphone } = before['Apple iPhone 15']!;
    expect(after['Apple iPhone 15']).toMatchObject(iphone);
    // The undo is a change of its own: dated now, so the sitemap and a stale export see it.
    expect(after['Apple iPhone 15']!.updated_at > was).toBe(true);
    expect(after['Clear Case']).toEqual(before['Clear Case']);

    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({
      action: 'undo',
      entity: 'product',
      label: 'products.csv: 1 new, 1 updated, 0 unchanged',
      after: { restored: 1, removed: 1, restoredProducts: ['Apple iPhone 15'], removedProducts: ['Apple iPhone 17'] },
    });
    expect((await undo()).json()).toEqual({ success: false, message: 'The last product import has already been undone' });
  });

  it('keeps only the last import to undo, and refuses while one of its products was changed since', async () => {
    const sheet = (price: number) =>
      lines(
        'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
        `Apple iPhone 15,${price},3,Apple,8GB,"128GB, 256GB",In Stock,"Black, Blue"`,
        `Apple iPhone 17,${price},2,Apple,8GB,256GB,In Stock,Black`,
      );
    const first = (await importCsv(sheet(650))).json().changeId;
    const second = (await importCsv(sheet(640))).json().changeId;
    const late = await undo(first);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Another product import was made after this one, so this one can no longer be undone');

    // A save in the form after the import.
    const later = new Date(Date.now() + 1000).toISOString();
    await t.db.db
      .updateTable('products')
      .set({ stockquantity: 1, updated_at: later })
      .where('productname', '=', 'Apple iPhone 17')
      .execute();
    const before = await products();
    const last = async () =>
      (await t.request({ method: 'GET', url: '/api/product/import/last', cookie: admin })).json().lastChange.undoRefused;
    expect(await last()).toBe('It can no longer be undone: 1 product was changed or deleted since');
    const refused = await undo(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'It cannot be undone: this product was changed or deleted since: Apple iPhone 17',
    });
    expect(await products()).toEqual(before);

    // Put back as the import left it, the undo goes through: both prices back to the first import's.
    const setAt = before.find((p) => p.productname === 'Apple iPhone 15')!.updated_at;
    await t.db.db
      .updateTable('products')
      .set({ stockquantity: 2, updated_at: setAt })
      .where('productname', '=', 'Apple iPhone 17')
      .execute();
    expect(await last()).toBeNull();
    expect((await undo(second)).json().message).toBe('Undone: 2 products restored');
    expect(Object.values(await byName()).filter((p) => p.price_pence === 65_000)).toHaveLength(2);
  });

  it('can still undo an import kept before its rows lost their keys (migration 009)', async () => {
    const db = t.db.db;
    const sheet = lines(
      'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
      'Apple iPhone 15,610,3,Apple,8GB,"128GB, 256GB",In Stock,"Black, Blue"',
    );
    const changeId = (await importCsv(sheet)).json().changeId;
    // The database as 008 left it, holding that import: its tables rebuilt with their keys, the rows put back.
    const kept = await db.selectFrom('product_imports').selectAll().execute();
    const rows = await db.selectFrom('product_import_rows').selectAll().execute();
    // Each in a transaction, as migrate() runs a migration.
    await db.transaction().execute(async (trx) => {
      await trx.schema.dropTable('product_import_rows').execute();
      await trx.schema.dropTable('product_imports').execute();
      await productImports.up(trx);
      await trx.insertInto('product_imports').values(kept).execute();
      await trx.insertInto('product_import_rows').values(rows).execute();
    });

    await db.transaction().execute((trx) => productImportRowsUnkeyed.up(trx));
    expect(await db.selectFrom('product_import_rows').selectAll().execute()).toEqual(rows);
    expect((await undo(changeId)).json()).toEqual({ success: true, message: 'Undone: 1 product restored' });
  });

  it('is for admins only, and takes a change id of at most 64 characters', async () => {
    expect((await t.request({ method: 'POST', url: '/api/product/import/undo', payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/product/import/last' })).statusCode).toBe(401);
    const customer = await t.signIn('user', 'undo-customer@example.com');
    expect((await t.request({ method: 'POST', url: '/api/product/import/undo', cookie: customer, payload: {} })).statusCode).toBe(
      403,
    );
    const long = await undo('x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Invalid change id');
  });
});
