import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, dialect, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart, TEXT, type FilePart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
let customer: string;
let apple: string;
let samsung: string;
let accessories: string;
let cases: string;
let red: Buffer;
let blue: Buffer;
let green: Buffer;

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const IMAGE = {
  secure_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
  width: expect.any(Number),
  height: expect.any(Number),
  srcset: expect.stringContaining('w'),
};

const phone = (over: Record<string, string | number | string[]> = {}) => ({
  productname: 'IPhone 15',
  price: '799.99',
  stockquantity: '5',
  description: 'A brand new iPhone 15 with a two-year UK warranty.',
  model: apple,
  availability: 'in stock',
  warranty: '2 years',
  discount: 'NHS and Students discount available',
  color: ' Black, Blue ',
  ram: ['6GB', '8GB'],
  rom: '128GB',
  ...over,
});

const create = (fields: Record<string, string | number | string[]>, files: FilePart[], cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/product/create', cookie: cookie ?? undefined, ...multipart(fields, files) });
const images = () => [{ content: red }, { content: blue }];
const count = async (table: 'products' | 'images' | 'media') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const list = (query = '') => t.request({ method: 'GET', url: `/api/product/getall${query}` });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  customer = await t.signIn('user');
  red = await makeImage('jpeg', 2000, 1500, '#dc2626');
  blue = await makeImage('png', 900, 900, '#2563eb');
  green = await makeImage('webp', 300, 300, '#16a34a');
  const logo = await makeImage('png', 200, 200);
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
  accessories = (await t.request({ method: 'GET', url: '/api/model/getall' }))
    .json()
    .fetchModel.find((m: { model: string }) => m.model === 'Accessories')._id;
  cases = (await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } })).json()
    .data._id;
});
afterAll(async () => {
  await t.close();
});

describe('product create and read', () => {
  it('creates a phone with its images and answers the whole record', async () => {
    const res = await create(phone(), images());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Product created',
      data: {
        _id: expect.any(String),
        productname: 'IPhone 15',
        price: 799.99,
        stockquantity: 5,
        description: 'A brand new iPhone 15 with a two-year UK warranty.',
        model: { _id: apple, model: 'Apple' },
        category: null,
        availability: 'In Stock',
        warranty: '2 years',
        discount: 'NHS and Students discount available',
        color: 'Black, Blue',
        images: [
          { ...IMAGE, alt: 'IPhone 15 in Black' },
          { ...IMAGE, alt: 'IPhone 15 in Black, picture 2' },
        ],
        ram: ['6GB', '8GB'],
        rom: ['128GB'],
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
    const [first, second] = body.data.images;
    expect(first).toMatchObject({ width: 1600, height: 1200 });
    expect(first.srcset.split(', ').map((s: string) => s.split(' ')[1])).toEqual(['400w', '800w', '1600w']);
    expect(second).toMatchObject({ width: 900, height: 900 });
    expect(second.srcset.split(', ').map((s: string) => s.split(' ')[1])).toEqual(['400w', '800w', '900w']);
    const stored = await t.db.db
      .selectFrom('products')
      .select(['price_pence', 'ram', 'category_id', 'is_accessory', 'image_count'])
      .where('id', '=', body.data._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ price_pence: 79999, ram: '["6GB","8GB"]', category_id: null, is_accessory: 0, image_count: 2 });

    const byId = await t.request({ method: 'GET', url: `/api/product/getbyid/${body.data._id}` });
    expect(byId.json()).toEqual({ success: true, fetchProduct: body.data });
  });

  it('stores an accessory with its category and no RAM or ROM', async () => {
    const res = await create(
      phone({ productname: 'Clear case', model: accessories, category: cases, ram: '8GB', rom: '64GB', price: 15 }),
      images(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      model: { _id: accessories, model: 'Accessories' },
      category: { _id: cases, category: 'Cases' },
      ram: [],
      rom: [],
      price: 15,
    });
  });

  it('drops a category sent with a phone and ignores unknown fields', async () => {
    const res = await create(
      phone({ productname: 'Galaxy S24', model: samsung, category: cases, price: 699, role: 'admin', _id: 'mine' }),
      images(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ productname: 'Galaxy S24', category: null });
    expect(res.json().data._id).not.toBe('mine');
  });

  it('lets anyone read and only admins write', async () => {
    expect((await list()).statusCode).toBe(200);
    for (const [cookie, status, message] of [
      [null, 401, 'Please sign in'],
      [customer, 403, 'Admin access only'],
    ] as const) {
      const c = cookie ?? undefined;
      for (const res of [
        await create(phone(), images(), cookie),
        await t.request({ method: 'PUT', url: '/api/product/update/x', cookie: c, payload: {} }),
        await t.request({ method: 'DELETE', url: '/api/product/delete/x', cookie: c }),
        await t.request({ method: 'GET', url: '/api/product/countproduct', cookie: c }),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
      }
    }
  });

  it('counts products for the dashboard', async () => {
    const res = await t.request({ method: 'GET', url: '/api/product/countproduct', cookie: admin });
    expect(res.json()).toEqual({ success: true, productCount: await count('products') });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', '..%2F..', 'é']) {
      const res = await t.request({ method: 'GET', url: `/api/product/getbyid/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
      expect((await t.request({ method: 'DELETE', url: `/api/product/delete/${id}`, cookie: admin })).statusCode).toBe(404);
    }
  });
});

describe('product validation (spec section 5)', () => {
  const messageFor = async (fields: Record<string, string | number | string[]>, files: FilePart[] = images()) => {
    const res = await create(fields, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    return res.json().message as string;
  };

  it('gives every field message', async () => {
    const res = await create({}, []);
    expect(res.json()).toEqual({
      success: false,
      message: 'Product Name is Required',
      fieldErrors: {
        productname: ['Product Name is Required'],
        price: ['Price is Required'],
        stockquantity: ['Stock Quantity is Required'],
        description: ['Description is Required'],
        model: ['Model is Required'],
        availability: ['Availability is Required'],
        color: ['Color is required'],
      },
    });
    expect(await messageFor(phone({ productname: 'iphone' }))).toBe('First letter must be capitalized');
    expect(await messageFor(phone({ price: '0' }))).toBe('Price must be above 0');
    expect(await messageFor(phone({ price: 'abc' }))).toBe('Price is Required');
    expect(await messageFor(phone({ stockquantity: '0' }))).toBe('Quantity must be at least 1');
    expect(await messageFor(phone({ stockquantity: '1.5' }))).toBe('Quantity must be a whole number');
    expect(await messageFor(phone({ stockquantity: '10000001' }))).toBe('Quantity must be at most 10,000,000');
    expect(await messageFor(phone({ price: '10000000.01' }))).toBe('Price must be at most £10,000,000');
    expect(await messageFor(phone({ price: '19.999' }))).toBe('Price may have at most 2 decimal places (pence)');
    expect(await messageFor(phone({ description: 'Too short' }))).toBe('Please upload at least 30 Letters');
    expect(await messageFor(phone({ description: 'x'.repeat(1001) }))).toBe('You can upload a maximum of 1000 Letters');
    expect(await messageFor(phone({ availability: 'Soon' }))).toBe('Availability must be In Stock or Out of Stock');
    expect(await messageFor(phone({ availability: '' }))).toBe('Availability is Required');
    expect(await messageFor(phone({ color: '   ' }))).toBe('Color is required');
  });

  it('checks the model, the category, RAM and ROM on the server', async () => {
    expect(await messageFor(phone({ model: 'AAAAAAAAAAAAAAAA' }))).toBe('Selected model not found');
    expect(await messageFor(phone({ model: accessories }))).toBe('Category is required for Accessories');
    expect(await messageFor(phone({ model: accessories, category: 'AAAAAAAAAAAAAAAA' }))).toBe('Selected category not found');
    const res = await create(phone({ ram: [], rom: [] }), images());
    expect(res.json()).toEqual({
      success: false,
      message: 'Please select at least one RAM',
      fieldErrors: { ram: ['Please select at least one RAM'], rom: ['Please select at least one ROM'] },
    });
    expect(await messageFor(phone({ ram: '16GB' }))).toBe('Invalid RAM option');
  });

  it('needs 2 to 5 images', async () => {
    expect(await messageFor(phone(), [])).toBe('Images are required');
    expect(await messageFor(phone(), [{ content: red }])).toBe('At least 2 images are required');
    const six = Array.from({ length: 6 }, () => ({ content: green }));
    const res = await create(phone(), six);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Maximum 5 images allowed',
      fieldErrors: { file: ['Maximum 5 images allowed'] },
    });
    const json = await t.request({ method: 'POST', url: '/api/product/create', cookie: admin, payload: phone() });
    expect(json.json().message).toBe('Images are required');
  });

  it('refuses archived models and categories for new products', async () => {
    const nokia = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Nokia' }, [{ content: green }]),
      })
    ).json().data._id;
    await t.request({ method: 'DELETE', url: `/api/model/delete/${nokia}`, cookie: admin });
    expect(await messageFor(phone({ model: nokia }))).toBe('Selected model not found');
  });
});

describe('atomicity', () => {
  it('leaves no product, image rows or media when the second file is bad', async () => {
    const before = { products: await count('products'), images: await count('images'), media: await count('media') };
    const res = await create(phone({ productname: 'Half saved' }), [
      { content: await makeImage('png', 640, 480, '#f59e0b') },
      { content: TEXT, filename: 'photo.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Images must be JPEG, PNG, WebP, AVIF or GIF',
      fieldErrors: { file: ['Images must be JPEG, PNG, WebP, AVIF or GIF'] },
    });
    expect({ products: await count('products'), images: await count('images'), media: await count('media') }).toEqual(before);
  });

  it('rolls back the product and its media when an image row fails to write', async () => {
    const before = { products: await count('products'), images: await count('images'), media: await count('media') };
    // The second image row fails inside the transaction, after the product and the first image were written.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_second_image before insert on images when new.position = 1 begin select raise(abort, 'boom'); end`.execute(
        t.db.db,
      );
    } else {
      await sql`create function fail_second_image() returns trigger language plpgsql as $$ begin if new.position = 1 then raise exception 'boom'; end if; return new; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger fail_second_image before insert on images for each row execute function fail_second_image()`.execute(
        t.db.db,
      );
    }
    try {
      const res = await create(phone({ productname: 'Doomed' }), [
        { content: await makeImage('png', 410, 410, '#111111') },
        { content: await makeImage('png', 420, 420, '#222222') },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Internal Server Error' });
    } finally {
      await sql`drop trigger fail_second_image${dialect === 'postgres' ? sql` on images` : sql``}`.execute(t.db.db);
    }
    expect({ products: await count('products'), images: await count('images'), media: await count('media') }).toEqual(before);
  });

  it('deletes a product with its images and their bytes', async () => {
    const before = { products: await count('products'), images: await count('images'), media: await count('media') };
    const made = (
      await create(phone({ productname: 'Short lived' }), [
        { content: await makeImage('png', 430, 430, '#333333') },
        { content: blue },
      ])
    ).json().data;
    expect(await count('products')).toBe(before.products + 1);
    const del = await t.request({ method: 'DELETE', url: `/api/product/delete/${made._id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Product deleted' });
    // The blue picture is shared with other products, so only the unique one's bytes go.
    expect({ products: await count('products'), images: await count('images'), media: await count('media') }).toEqual(before);
    expect((await t.request({ method: 'GET', url: made.images[0].secure_url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: made.images[1].secure_url })).statusCode).toBe(200);
  });
});

describe('product update with keepImages', () => {
  it('keeps the chosen images in order, adds new ones, and removes the bytes of the dropped one', async () => {
    const yellow = await makeImage('png', 500, 500, '#eab308');
    const made = (await create(phone({ productname: 'Pixel 8' }), [{ content: red }, { content: yellow }])).json().data;
    const [redImg, yellowImg] = made.images;
    const yellowKeys = yellowImg.srcset.split(', ').map((s: string) => s.slice('/media/'.length, s.indexOf('.webp')));

    const res = await t.request({
      method: 'PUT',
      url: `/api/product/update/${made._id}`,
      cookie: admin,
      ...multipart(phone({ productname: 'Pixel 8 Pro', price: 999, keepImages: [`http://localhost${redImg.secure_url}`] }), [
        { content: green },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      success: true,
      message: 'Product updated',
      data: { _id: made._id, productname: 'Pixel 8 Pro', price: 999 },
    });
    expect(updated.data.images.map((i: { secure_url: string }) => i.secure_url)).toEqual([redImg.secure_url, expect.any(String)]);
    expect(updated.data.images[1]).toMatchObject({ width: 300, height: 300 });
    const left = await t.db.db.selectFrom('media').select('key').where('key', 'in', yellowKeys).execute();
    expect(left).toEqual([]);
    expect(updated.data.createdAt).toBe(made.createdAt);
  });

  it('refuses a result outside 2 to 5 images and images of another product', async () => {
    const a = (await create(phone({ productname: 'Product A' }), images())).json().data;
    const b = (await create(phone({ productname: 'Product B' }), [{ content: green }, { content: blue }])).json().data;
    const update = (fields: Record<string, string | number | string[]>, files: FilePart[] = []) =>
      t.request({ method: 'PUT', url: `/api/product/update/${a._id}`, cookie: admin, ...multipart(phone(fields), files) });
    expect((await update({ keepImages: [a.images[0].secure_url] })).json().message).toBe('At least 2 images are required');
    expect((await update({})).json().message).toBe('Images are required');
    const six = await update({ keepImages: a.images.map((i: { secure_url: string }) => i.secure_url) }, [
      { content: green },
      { content: green },
      { content: green },
      { content: green },
    ]);
    expect(six.json().message).toBe('Maximum 5 images allowed');
    const foreign = await update({ keepImages: [a.images[0].secure_url, b.images[0].secure_url] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      success: false,
      message: 'Images to keep must be images of this product',
      fieldErrors: { keepImages: ['Images to keep must be images of this product'] },
    });
    const same = (await t.request({ method: 'GET', url: `/api/product/getbyid/${a._id}` })).json().fetchProduct;
    expect(same).toEqual(a);
  });

  it('refuses to save over a change made since the form loaded the product (its updatedAt), and saves otherwise', async () => {
    const made = (await create(phone({ productname: 'Pixel 9', stockquantity: 1 }), images())).json().data;
    const keep = made.images.map((i: { secure_url: string }) => i.secure_url);
    const save = (fields: Record<string, string | number | string[]>) =>
      t.request({
        method: 'PUT',
        url: `/api/product/update/${made._id}`,
        cookie: admin,
        ...multipart(phone({ productname: 'Pixel 9', keepImages: keep, ...fields }), []),
      });
    // Another tab sets the stock (a millisecond on at least: updated_at counts them): it saves, as the product is as
    // that tab loaded it.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const other = await save({ stockquantity: 99, updatedAt: made.updatedAt });
    expect(other.statusCode).toBe(200);
    // This tab, loaded before that, changes the price: refused, the stock of the other tab kept.
    const stale = await save({ stockquantity: 1, price: 599, updatedAt: made.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      message: 'This product was changed since you opened it: open it again to see the change, then make yours',
    });
    const now = (await t.request({ method: 'GET', url: `/api/product/getbyid/${made._id}` })).json().fetchProduct;
    expect(now).toMatchObject({ stockquantity: 99, price: made.price });
    // Opened again, it saves; a client that sends no updatedAt is not asked.
    expect((await save({ stockquantity: 99, price: 599, updatedAt: now.updatedAt })).statusCode).toBe(200);
    expect((await save({ stockquantity: 5 })).statusCode).toBe(200);
  });
});

describe('listing: pages, sorting, filters and search', () => {
  let l: TestContext;
  let la: string;
  const names: string[] = [];
  const get = async (query: string) => {
    const res = await l.request({ method: 'GET', url: `/api/product/getall${query}` });
    return { status: res.statusCode, body: res.json() };
  };
  const namesOf = (body: { fetchProducts: { productname: string }[] }) => body.fetchProducts.map((p) => p.productname);

  beforeAll(async () => {
    l = await createTestContext();
    la = await l.signIn('admin');
    const pic = [{ content: await makeImage('png', 64, 64, '#000000') }, { content: await makeImage('png', 64, 64, '#ffffff') }];
    const post = async (url: string, fields: Record<string, string>, files: FilePart[] = []) =>
      (await l.request({ method: 'POST', url, cookie: la, ...multipart(fields, files) })).json().data._id as string;
    const ids: Record<string, string> = {
      Apple: await post('/api/model/create', { model: 'Apple' }, [pic[0]!]),
      Samsung: await post('/api/model/create', { model: 'Samsung' }, [pic[1]!]),
      Accessories: (await l.request({ method: 'GET', url: '/api/model/getall' }))
        .json()
        .fetchModel.find((m: { model: string }) => m.model === 'Accessories')._id,
      Cases: await post('/api/category/create', { category: 'Cases' }),
      Chargers: await post('/api/category/create', { category: 'Chargers' }),
    };
    const rows: [string, string, number, string?, string?][] = [
      ['IPhone 13', 'Apple', 499],
      ['IPhone 14', 'Apple', 599, undefined, 'Out of Stock'],
      ['IPhone 15', 'Apple', 799],
      ['IPhone 15 Pro', 'Apple', 999],
      ['Galaxy A15', 'Samsung', 149],
      ['Galaxy S24', 'Samsung', 799.5],
      ['Galaxy Z Flip5 100% new', 'Samsung', 899],
      ['Clear case', 'Accessories', 12, 'Cases'],
      ['Leather case', 'Accessories', 29, 'Cases'],
      ['Rugged case', 'Accessories', 19, 'Cases'],
      ['USB-C charger', 'Accessories', 19, 'Chargers'],
      ['Wireless charger', 'Accessories', 25, 'Chargers', 'Out of Stock'],
    ];
    for (const [name, model, price, category, availability] of rows) {
      await post(
        '/api/product/create',
        {
          productname: name,
          price: String(price),
          stockquantity: '3',
          description: `${name}: a product of the demo listing for tests.`,
          model: ids[model]!,
          availability: availability ?? 'In Stock',
          color: 'Black',
          ...(category ? { category: ids[category]! } : { ram: '8GB', rom: '128GB' }),
        },
        pic,
      );
      names.unshift(name);
    }
  });
  afterAll(async () => {
    await l.close();
  });

  it('returns every record, newest first, with no page fields when called bare', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['fetchProducts', 'success']);
    expect(namesOf(body)).toEqual(names);
  });

  it('pages with page and limit, and says how many there are', async () => {
    const first = await get('?page=1&limit=5');
    expect(first.body).toMatchObject({ success: true, page: 1, limit: 5, total: 12, pages: 3 });
    expect(namesOf(first.body)).toEqual(names.slice(0, 5));
    const last = await get('?page=3&limit=5');
    expect(namesOf(last.body)).toEqual(names.slice(10));
    const beyond = await get('?page=9&limit=5');
    expect(beyond.body).toMatchObject({ fetchProducts: [], page: 9, total: 12, pages: 3 });
    const defaults = await get('?page=2');
    expect(defaults.body).toMatchObject({ page: 2, limit: 10, total: 12, pages: 2 });
    expect(defaults.body.fetchProducts).toHaveLength(2);
  });

  it('leaves out the total and the number of pages with count=no', async () => {
    const page = await get('?type=smartphone&limit=3&count=no');
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['fetchProducts', 'limit', 'page', 'success']);
    expect(namesOf(page.body)).toEqual(namesOf((await get('?type=smartphone&limit=3')).body));
  });

  it('sorts by price both ways and by newest', async () => {
    const asc = (await get('?sort=price_asc&limit=100')).body.fetchProducts.map((p: { price: number }) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(12);
    const desc = (await get('?sort=price_desc&limit=3')).body;
    expect(namesOf(desc)).toEqual(['IPhone 15 Pro', 'Galaxy Z Flip5 100% new', 'Galaxy S24']);
    expect(namesOf((await get('?sort=newest&limit=100')).body)).toEqual(names);
  });

  it('filters by model name or id, category, type and availability', async () => {
    const apple = await get('?model=apple');
    expect(apple.body.total).toBe(4);
    expect(namesOf(apple.body).every((n) => n.startsWith('IPhone'))).toBe(true);
    const id = apple.body.fetchProducts[0].model._id;
    expect((await get(`?model=${id}`)).body.total).toBe(4);
    expect((await get('?category=CASES')).body.total).toBe(3);
    expect((await get('?type=smartphone')).body.total).toBe(7);
    expect((await get('?type=Smart%20phones')).body.total).toBe(7);
    expect((await get('?type=accessories')).body.total).toBe(5);
    expect(namesOf((await get('?availability=out%20of%20stock&sort=price_asc')).body)).toEqual(['Wireless charger', 'IPhone 14']);
    expect((await get('?model=Samsung&sort=price_asc&limit=2')).body).toMatchObject({ total: 3, pages: 2 });
    expect((await get('?model=Nokia')).body).toMatchObject({ fetchProducts: [], total: 0, pages: 0 });
  });

  it('searches names case-insensitively, treating wildcards literally', async () => {
    expect(namesOf((await get('?q=GALAXY&sort=price_asc')).body)).toEqual([
      'Galaxy A15',
      'Galaxy S24',
      'Galaxy Z Flip5 100% new',
    ]);
    expect(namesOf((await get('?q=100%25')).body)).toEqual(['Galaxy Z Flip5 100% new']);
    expect((await get('?q=_')).body.total).toBe(0);
    expect(namesOf((await get('?q=case&type=accessory&sort=price_desc')).body)).toEqual([
      'Leather case',
      'Rugged case',
      'Clear case',
    ]);
  });

  it('refuses bad list parameters with a 400', async () => {
    for (const [query, message] of [
      ['?limit=101', 'limit must be at most 100'],
      ['?limit=0', 'limit must be at least 1'],
      ['?page=abc', 'page must be a whole number'],
      ['?page=0x2', 'page must be a whole number'],
      ['?page=2.0', 'page must be a whole number'],
      ['?page=%2B2', 'page must be a whole number'],
      ['?page=1&page=2', 'page must be a whole number'],
      ['?q=a&q=b', 'Search text must be text'],
      ['?model=Apple&model=Samsung', 'model must be text'],
      ['?category=a&category=b', 'category must be text'],
      ['?sort=cheapest', 'sort must be price_asc, price_desc or newest'],
      ['?type=tablet', 'type must be smartphone or accessory'],
      ['?count=yes', 'count must be no'],
      [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
      [`?model=${'x'.repeat(201)}`, 'A name is at most 200 characters'],
    ]) {
      const res = await get(query!);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    // A filter as long as any name may be (NAME_MAX) is a query like any other.
    for (const field of ['model', 'category']) {
      const long = await get(`?${field}=${'x'.repeat(200)}`);
      expect(long.status, field).toBe(200);
      expect(long.body.fetchProducts).toEqual([]);
    }
  });

  it('keeps products of an archived model, still named', async () => {
    const samsung = (await get('?model=samsung')).body.fetchProducts[0].model._id;
    await l.request({ method: 'DELETE', url: `/api/model/delete/${samsung}`, cookie: la });
    const all = (await get('')).body.fetchProducts;
    expect(all).toHaveLength(12);
    expect(all.filter((p: { model: { model: string } }) => p.model.model === 'Samsung')).toHaveLength(3);
  });
});
