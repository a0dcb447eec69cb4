import type { SearchResult } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { seedDemo } from '../../demo/seed.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

let t: TestContext;
let admin: string;
const ids: Record<string, string> = {};

const search = async (q: string, extra = '') => {
  t.app.readCache.clear();
  return t.request({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
};
const results = async (q: string, extra = ''): Promise<SearchResult[]> => {
  const res = await search(q, extra);
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return res.json().results;
};
const titles = async (q: string, extra = '') => (await results(q, extra)).map((r) => `${r.kind} ${r.title}`);

beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.db.db);
  admin = await t.signIn('admin');
  const models = (await t.request({ method: 'GET', url: '/api/model/getall' })).json().fetchModel as {
    _id: string;
    model: string;
  }[];
  for (const m of models) ids[m.model] = m._id;
  const categories = (await t.request({ method: 'GET', url: '/api/repaircategory/getall' })).json().fetchCategory as {
    _id: string;
    repaircategory: string;
  }[];
  for (const c of categories) ids[c.repaircategory] = c._id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('search: how people type phones', () => {
  it('finds the iPhone 13 repair page first for "iphone13", with its cheapest repair, page and brand logo', async () => {
    const [first, ...rest] = await results('iphone13');
    expect(first).toEqual({
      kind: 'repair',
      title: 'Apple iPhone 13',
      url: '/repairs/apple/iphone-13',
      price: 59,
      image: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
    });
    expect(rest.map((r) => `${r.kind} ${r.title}`)).toEqual(['product Apple iPhone 13']);
    expect(rest[0]).toMatchObject({
      price: 499,
      url: expect.stringMatching(/^\/shop\/productpage\//),
      image: expect.stringMatching(/^\/media\//),
    });
  });

  it('ignores letter case and extra spaces', async () => {
    const expected = await titles('iphone 13');
    expect(expected[0]).toBe('repair Apple iPhone 13');
    for (const q of ['IPHONE 13', 'iPhone   13', '  iphone 13 ', 'Iphone-13']) expect(await titles(q), q).toEqual(expected);
  });

  it('joins words typed apart and finds words typed together', async () => {
    expect((await titles('pixel8')).slice(0, 2)).toEqual(['repair Google Pixel 8', 'product Google Pixel 8']);
    expect((await titles('galaxy s 24'))[0]).toBe('repair Samsung Galaxy S24');
    expect((await titles('galaxys24'))[0]).toBe('repair Samsung Galaxy S24');
    expect((await titles('i phone 13'))[0]).toBe('repair Apple iPhone 13');
  });

  it('forgives a typo or two', async () => {
    const samsung = await titles('samsng');
    expect(samsung[0]).toBe('brand Samsung');
    expect(samsung.length).toBeGreaterThan(3);
    expect(samsung.every((r) => r.includes('Samsung'))).toBe(true);
    expect((await titles('iphnoe 13'))[0]).toBe('repair Apple iPhone 13');
    expect((await titles('smasung galxy s24'))[0]).toBe('repair Samsung Galaxy S24');
    expect((await titles('googel pixle 8'))[0]).toBe('repair Google Pixel 8');
  });

  it('reads a misspelt or half-typed word run into its number as the word and the number', async () => {
    for (const q of ['iphne13', 'iphon13', 'iphoen13']) expect((await titles(q))[0], q).toBe('repair Apple iPhone 13');
    expect((await titles('pixle8'))[0]).toBe('repair Google Pixel 8');
    expect(await titles('xqzvw13')).toEqual([]);
  });

  it('finds a phone with its brand left out, a whole word before a longer one', async () => {
    for (const productname of ['Samsung Galaxy S240', 'Samsung Galaxy A558']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/phonerepair/create',
        cookie: admin,
        payload: { productname, model: ids.Samsung, repair: ids.Screen, price: 99 },
      });
      expect(res.statusCode).toBe(201);
    }
    const s24 = await titles('s24');
    expect(s24).toEqual([
      'repair Samsung Galaxy S24',
      'product Samsung Galaxy S24',
      'product Rugged Armour Case for Galaxy S24',
      'repair Samsung Galaxy S240',
    ]);
    expect(await titles('a55')).toEqual(['product Samsung Galaxy A55 5G', 'repair Samsung Galaxy A558']);
  });

  it('finds words still being typed', async () => {
    const gala = await titles('gala');
    expect(gala.length).toBeGreaterThan(3);
    expect(gala.every((r) => r.includes('Galaxy'))).toBe(true);
    expect((await titles('app'))[0]).toBe('brand Apple');
    expect((await titles('pix'))[0]).toBe('repair Google Pixel 8');
  });

  it('matches from the start of a word, not from inside one', async () => {
    expect(await titles('phone'), 'no iPhone').toEqual([]);
    expect(await titles('hone')).toEqual([]);
    expect(await titles('safe')).toEqual([]);
    expect((await titles('magsafe'))[0]).toBe('product Clear MagSafe Case for iPhone 15');
    expect((await titles('mag'))[0]).toBe('product Clear MagSafe Case for iPhone 15');
  });

  it('finds nothing for nonsense', async () => {
    for (const q of ['xqzvbnm', 'qwertyuiop', 'zzzz', 'iphone 99 ultra', 'samsung fridge'])
      expect(await results(q), q).toEqual([]);
  });

  it('puts brands, then repair pages, then products when they match alike, and honours limit and kind', async () => {
    const apple = await titles('apple');
    expect(apple[0]).toBe('brand Apple');
    expect(apple.indexOf('repair Apple iPhone 11')).toBeLessThan(apple.findIndex((r) => r.startsWith('product')));
    expect(await titles('apple', '&limit=2')).toEqual(apple.slice(0, 2));
    const repairsOnly = await results('iphone', '&kind=repair');
    expect(repairsOnly.length).toBe(4);
    expect(repairsOnly.every((r) => r.kind === 'repair')).toBe(true);
    expect(await titles('samsung', '&kind=brand')).toEqual(['brand Samsung']);
  });

  it('finds a phone by an alias its owner gave it, where the repair prices are edited', async () => {
    const repair = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=iphone%2013&limit=1' })).json()
      .fetchPhoneRepair[0];
    const put = await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${repair._id}`,
      cookie: admin,
      payload: {
        productname: repair.productname,
        model: repair.model._id,
        repair: repair.repair._id,
        price: repair.price,
        aliases: 'A2633, A2482',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.phone.aliases).toEqual(['A2633', 'A2482']);
    expect(await titles('a2633')).toEqual(['repair Apple iPhone 13']);
    expect(await titles('A2482')).toEqual(['repair Apple iPhone 13']);
    // The history shows the change, though nothing else of the price changed.
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({ action: 'update', entityId: repair._id, before: {}, after: { aliases: 'A2633, A2482' } });
  });

  it('never finds an archived brand or the repair pages under it, but still finds its products', async () => {
    const archive = await t.request({ method: 'DELETE', url: `/api/model/delete/${ids.Nokia}`, cookie: admin });
    expect(archive.statusCode).toBe(200);
    expect(await titles('nokia')).toEqual(['product Nokia G42 5G']);
    await t.request({ method: 'PUT', url: `/api/model/update/${ids.Nokia}`, cookie: admin, payload: { status: true } });
    expect(await titles('nokia')).toEqual(['brand Nokia', 'repair Nokia G22', 'product Nokia G42 5G']);
  });

  it('never finds a phone model whose every repair price is in an archived repair category', async () => {
    const cam = (
      await t.request({
        method: 'POST',
        url: '/api/repaircategory/create',
        cookie: admin,
        payload: { repaircategory: 'Water Damage' },
      })
    ).json().data._id;
    const created = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Xperia 10 V', model: ids.Google, repair: cam, price: 89 },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles('xperia')).toEqual(['repair Xperia 10 V']);
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${cam}`, cookie: admin });
    expect(await titles('xperia')).toEqual([]);
  });
});

describe('search: a phone and a repair', () => {
  const category = async (repaircategory: string): Promise<string> => {
    const res = await t.request({
      method: 'POST',
      url: '/api/repaircategory/create',
      cookie: admin,
      payload: { repaircategory },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id;
  };
  const price = async (productname: string, model: string | undefined, repair: string, amount: number) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname, model, repair, price: amount },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const iphone13 = {
    kind: 'repair',
    title: 'Apple iPhone 13',
    url: '/repairs/apple/iphone-13',
    image: expect.stringMatching(/^\/media\//),
  };

  it("finds the phone's repair page first, with the named repair's price, however the repair is asked for", async () => {
    for (const q of [
      'iphone 13 screen',
      'iPhone 13 Screen Repair',
      'iphone13 screen replacement',
      'fix iphone 13 screen',
      'fix my iphone 13 screen',
      'iphone 13 screen price',
      'iphone 13 scr',
    ]) {
      expect((await results(q))[0], q).toEqual({ ...iphone13, price: 129, repair: 'Screen' });
    }
    expect((await results('galaxy s24 back glass'))[0]).toMatchObject({
      title: 'Samsung Galaxy S24',
      price: 89,
      repair: 'Back Glass',
    });
  });

  it('searches again without the words that name nothing when a query finds nothing', async () => {
    expect(await titles('iphone 13 price')).toEqual(['repair Apple iPhone 13', 'product Apple iPhone 13']);
    expect(await titles('the pixel 8 cost')).toEqual(await titles('pixel 8'));
    expect(await titles('price')).toEqual([]);
  });

  it('finds the phone with its cheapest repair for "repair" alone, and leaves other searches as they were', async () => {
    expect((await results('iphone 13 repair'))[0]).toEqual({ ...iphone13, price: 59 });
    expect(await titles('screen protector')).toEqual(['product Tempered Glass Screen Protector (2 pack)']);
    expect(await titles('iphone 13 screen', '&kind=product')).toEqual([]);
    expect(await titles('battery')).toEqual([]);
  });

  it('puts a brand named with a repair first, then its phones with that repair, before those without it', async () => {
    // The Galaxy S240 and A558 (added above) have no battery price: they come after the phones that have one.
    const samsung = await results('samsung battery');
    const shown = samsung.map((r) => `${r.kind} ${r.title} ${r.repair ?? '-'}`);
    // Alike otherwise, the phones come in no particular order among themselves.
    expect([shown[0], ...shown.slice(1, 4).sort(), ...shown.slice(4).sort()]).toEqual([
      'brand Samsung -',
      'repair Samsung Galaxy A54 Battery',
      'repair Samsung Galaxy S22 Battery',
      'repair Samsung Galaxy S24 Battery',
      'repair Samsung Galaxy A558 -',
      'repair Samsung Galaxy S240 -',
    ]);
    const pixel = await results('pixel camera');
    expect(pixel.map((r) => [r.title, r.repair ?? null])).toEqual([
      ['Google Pixel 8', 'Camera'],
      ['Google Pixel 7a', null],
    ]);
  });

  it('names the repair category with the most of its words in the query, and both when they match alike', async () => {
    const front = await category('Front Camera');
    await price('Google Pixel 8', ids.Google, front, 139);
    expect((await results('pixel 8 front camera'))[0]).toMatchObject({
      title: 'Google Pixel 8',
      repair: 'Front Camera',
      price: 139,
    });
    // 'camera' is both: the cheaper of the two is shown, with its own name.
    expect((await results('pixel 8 camera'))[0]).toMatchObject({ title: 'Google Pixel 8', repair: 'Camera', price: 119 });
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${front}`, cookie: admin });
  });

  it("reads a phone whose name has a repair's word as the phone, and a model's lone letter before a repair", async () => {
    const power = await category('Power Button');
    await price('Moto G Power', ids.Google, ids.Screen!, 89);
    await price('Moto G Stylus', ids.Google, power, 39);
    await price('Moto E', ids.Google, ids.Screen!, 59);
    const found = await results('moto g power');
    expect(found[0]).toMatchObject({ title: 'Moto G Power', price: 89 });
    expect(found[0]).not.toHaveProperty('repair');
    expect((await results('moto e screen'))[0]).toMatchObject({ title: 'Moto E', repair: 'Screen', price: 59 });
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${power}`, cookie: admin });
  });

  it('keeps places for what the whole query finds, however many phones the rest finds', async () => {
    // A shop offering 'Case' fitting as a repair: 'galaxy s24 case' also finds a case for sale.
    const fitting = await category('Case');
    await price('Samsung Galaxy S24', ids.Samsung, fitting, 15);
    expect(await titles('galaxy s24 case', '&limit=2')).toEqual([
      'repair Samsung Galaxy S24',
      'product Rugged Armour Case for Galaxy S24',
    ]);
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${fitting}`, cookie: admin });
  });

  it('names no archived repair category', async () => {
    await t.request({ method: 'DELETE', url: `/api/repaircategory/delete/${ids.Camera}`, cookie: admin });
    expect(await results('pixel 8 camera')).toEqual([]);
    await t.request({ method: 'POST', url: '/api/repaircategory/create', cookie: admin, payload: { repaircategory: 'Camera' } });
    expect((await results('pixel 8 camera'))[0]).toMatchObject({ title: 'Google Pixel 8', repair: 'Camera', price: 119 });
  });

  it('never finds a brand with no repair price to show', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/model/create',
      cookie: admin,
      ...multipart({ model: 'Fairphone' }, [{ content: await makeImage('png', 60, 60) }]),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await titles('fairphone')).toEqual([]);
    const priced = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Fairphone 5', model: made.json().data._id, repair: ids.Battery, price: 49 },
    });
    expect(priced.statusCode, priced.body).toBe(201);
    expect(await titles('fairphone')).toEqual(['brand Fairphone', 'repair Fairphone 5']);
  });

  it('reads a misspelt repair word, but not a word with a letter more, nor a word of the records', async () => {
    expect((await results('iphone 13 scren'))[0]).toEqual({ ...iphone13, price: 129, repair: 'Screen' });
    expect((await results('iphone 13 screne replacment'))[0]).toEqual({ ...iphone13, price: 129, repair: 'Screen' });
    expect((await results('galaxy s24 batery'))[0]).toMatchObject({ title: 'Samsung Galaxy S24', repair: 'Battery' });
    expect((await results('iphone 13 repiar'))[0]).toEqual({ ...iphone13, price: 59 });
    // 'black' is 'back' with a letter more: a colour, not Back Glass.
    expect((await results('galaxy s24 black')).filter((r) => r.repair)).toEqual([]);
    // A phone's own word one typo from 'screen' is that phone's word, not the repair.
    await price('Galaxy Scrien', ids.Samsung, ids.Battery!, 45);
    expect(await results('iphone 13 scrien')).toEqual([]);
  });
});

describe('search: the index changes with the catalogue', () => {
  it('follows a renamed product, a deleted one and a renamed brand at once', async () => {
    const product = (await t.request({ method: 'GET', url: '/api/product/getall?q=reno12&limit=1' })).json().fetchProducts[0];
    expect(await titles('reno12')).toEqual(['product Oppo Reno12 5G']);
    const del = await t.request({ method: 'DELETE', url: `/api/product/delete/${product._id}`, cookie: admin });
    expect(del.statusCode).toBe(200);
    expect(await titles('reno12')).toEqual([]);

    const rename = await t.request({
      method: 'PUT',
      url: `/api/model/update/${ids.Xiaomi}`,
      cookie: admin,
      payload: { model: 'Redmi' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await titles('xiaomi')).toEqual([]);
    const redmi = await titles('redmi');
    expect(redmi[0]).toBe('brand Redmi');
    expect((await results('redmi', '&kind=brand'))[0]!.url).toBe('/repairs/redmi');
    expect((await results('redmi note 12'))[0]!.url).toBe('/repairs/redmi/redmi-note-12');
  });
});

describe('search: any input is safe', () => {
  it('answers 200 with results or none for quotes, wildcards, FTS syntax and control characters', async () => {
    const hostile = [
      `"`,
      `'`,
      `iphone"13`,
      `" OR 1=1 --`,
      '%',
      '_',
      '%%__',
      'a%b_c',
      'NEAR(iphone 13)',
      'iphone AND samsung',
      'NOT apple',
      'compact:apple',
      'kind:product',
      '{kind}: repair',
      '*',
      'iph*',
      '^apple',
      '(',
      ')',
      '\\',
      '\u0000',
      'iphone\u0000 13',
      '\u0007\u001b[31m',
      '<script>alert(1)</script>',
      '😀📱',
      'ｉｐｈｏｎｅ１３',
      'ÀPPLÉ',
      'x'.repeat(200),
      'a '.repeat(100),
    ];
    for (const q of hostile) {
      const res = await search(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(200);
      expect(res.json().success, JSON.stringify(q)).toBe(true);
    }
    expect((await titles('ｉｐｈｏｎｅ１３'))[0]).toBe('repair Apple iPhone 13');
    expect((await titles('ÀPPLÉ'))[0]).toBe('brand Apple');
    expect(await results('')).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/search' })).json()).toEqual({ success: true, results: [] });
  });

  it('answers 400 with a message for input it cannot take', async () => {
    const cases: [string, string][] = [
      [`?q=${'x'.repeat(2000)}`, 'Search text must be at most 200 characters'],
      ['?q=a&q=b', 'Search text must be text'],
      ['?q=apple&limit=0', 'limit must be at least 1'],
      ['?q=apple&limit=51', 'limit must be at most 50'],
      ['?q=apple&limit=ten', 'limit must be a whole number'],
      ['?q=apple&kind=page', 'kind must be product, repair or brand'],
    ];
    for (const [query, message] of cases) {
      const res = await t.request({ method: 'GET', url: `/api/search${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, message });
    }
  });
});
