import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart, type FilePart } from '../media/media.testkit.ts';

/** A product's pictures (issue 20): alt text in every answer, their order, and the cover first. */

let t: TestContext;
let admin: string;
let apple: string;
/** Pictures told apart by their width. */
const files: Record<number, FilePart> = {};

const fields = (over: Record<string, string | string[]> = {}) => ({
  productname: 'Galaxy S24',
  price: '699',
  stockquantity: '2',
  description: 'A phone with pictures in the order the owner chose.',
  model: apple,
  availability: 'In Stock',
  color: 'Onyx Black, Marble Grey',
  ram: '8GB',
  rom: '256GB',
  ...over,
});
const create = (f: Record<string, string | string[]>, images: FilePart[]) =>
  t.request({ method: 'POST', url: '/api/product/create', cookie: admin, ...multipart(f, images) });
const update = (id: string, f: Record<string, string | string[]>, images: FilePart[] = []) =>
  t.request({ method: 'PUT', url: `/api/product/update/${id}`, cookie: admin, ...multipart(f, images) });
const widths = (images: { width: number }[]) => images.map((i) => i.width);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  for (const w of [101, 102, 103, 104]) files[w] = { content: await makeImage('png', w, 100, `#${w}${w}`.slice(0, 7)) };
  apple = (
    await t.request({
      method: 'POST',
      url: '/api/model/create',
      cookie: admin,
      ...multipart({ model: 'Samsung' }, [files[101]!]),
    })
  ).json().data._id;
});
afterAll(async () => {
  await t.close();
});

describe('product pictures', () => {
  it('answers each picture with alt text made from the name and first colour, the cover first', async () => {
    const res = await create(fields(), [files[101]!, files[102]!]);
    expect(res.statusCode).toBe(201);
    const { images } = res.json().data;
    expect(widths(images)).toEqual([101, 102]);
    expect(images.map((i: { alt: string }) => i.alt)).toEqual([
      'Galaxy S24 in Onyx Black',
      'Galaxy S24 in Onyx Black, picture 2',
    ]);
  });

  it('takes the order and alt text given, and keeps them on update', async () => {
    const res = await create(
      fields({ imageOrder: ['file:2', 'file:0', 'file:1'], imageAlt: ['The back in black', '', 'The side'] }),
      [files[101]!, files[102]!, files[103]!],
    );
    expect(res.statusCode).toBe(201);
    const product = res.json().data;
    expect(widths(product.images)).toEqual([103, 101, 102]);
    expect(product.images.map((i: { alt: string }) => i.alt)).toEqual([
      'The back in black',
      'Galaxy S24 in Onyx Black, picture 2',
      'The side',
    ]);

    // keepImages alone keeps the order and the alt texts.
    const urls = product.images.map((i: { secure_url: string }) => i.secure_url);
    const kept = await update(product._id, fields({ productname: 'Galaxy S24 Ultra', keepImages: urls }));
    expect(widths(kept.json().data.images)).toEqual([103, 101, 102]);
    expect(kept.json().data.images.map((i: { alt: string }) => i.alt)).toEqual([
      'The back in black',
      'Galaxy S24 Ultra in Onyx Black, picture 2',
      'The side',
    ]);

    // A new order with a new file between kept ones; a picture left out is removed.
    const moved = await update(
      product._id,
      fields({ keepImages: [urls[1], urls[0]], imageOrder: [urls[1], 'file:0', urls[0]], imageAlt: ['Front', 'New', ''] }),
      [files[104]!],
    );
    expect(moved.statusCode).toBe(200);
    expect(widths(moved.json().data.images)).toEqual([101, 104, 103]);
    expect(moved.json().data.images.map((i: { alt: string }) => i.alt)).toEqual([
      'Front',
      'New',
      'Galaxy S24 in Onyx Black, picture 3',
    ]);
    const byId = (await t.request({ method: 'GET', url: `/api/product/getbyid/${product._id}` })).json().fetchProduct;
    expect(byId.images).toEqual(moved.json().data.images);
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry.after.images).toEqual(['Front', 'New', 'Galaxy S24 in Onyx Black, picture 3']);
  });

  it('keeps a change of pictures alone in the history, by their files in order, though their made alt texts stay the same', async () => {
    const created = (await create(fields(), [files[101]!, files[102]!])).json().data;
    const urls: string[] = created.images.map((i: { secure_url: string }) => i.secure_url);
    const thumbnails: string[] = created.images.map((i: { srcset: string }) => i.srcset.split(' ')[0]);
    const swapped = await update(created._id, fields({ keepImages: urls, imageOrder: [urls[1]!, urls[0]!] }));
    expect(swapped.statusCode).toBe(200);
    const [entry] = (await t.request({ method: 'GET', url: '/api/audit/getall?limit=1', cookie: admin })).json().fetchAudit;
    expect(entry).toMatchObject({ action: 'update', entityId: created._id });
    // The alt texts are made from each picture's place: the same list. The files say which moved.
    expect(entry.before).toEqual({ pictures: thumbnails });
    expect(entry.after).toEqual({ pictures: [thumbnails[1], thumbnails[0]] });
  });

  it('refuses an order that does not name each picture once, and alt text that does not fit', async () => {
    const two = [files[101]!, files[102]!];
    for (const imageOrder of [['file:0', 'file:0'], ['file:0'], ['file:0', 'file:5'], ['file:0', '/media/nothing.webp']]) {
      const res = await create(fields({ imageOrder }), two);
      expect([imageOrder, res.statusCode, res.json().message]).toEqual([
        imageOrder,
        400,
        'The image order must name each image once',
      ]);
    }
    expect((await create(fields({ imageAlt: ['Only one'] }), two)).json().message).toBe('Give one alt text per image');
    expect((await create(fields({ imageAlt: ['x'.repeat(201), ''] }), two)).json().message).toBe(
      'Alt text must be at most 200 characters',
    );
    expect((await create(fields({ imageAlt: ['Evil\u202Etxt.exe', ''] }), two)).json().message).toBe(
      'Remove the invisible control characters from this text',
    );
  });
});
