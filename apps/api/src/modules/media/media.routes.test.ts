import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart, pixelBomb, SVG, TEXT, type FilePart, type ImageKind } from './media.testkit.ts';

let t: TestContext;
let admin: string;
let accessories: string;
let cases: string;
let good: Buffer;

const accessory = (files: FilePart[]) =>
  t.request({
    method: 'POST',
    url: '/api/product/create',
    cookie: admin,
    ...multipart(
      {
        productname: 'Test case',
        price: '10',
        stockquantity: '1',
        description: 'A phone case used to test the image upload rules.',
        model: accessories,
        category: cases,
        availability: 'In Stock',
        color: 'Black',
      },
      files,
    ),
  });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  accessories = (await t.request({ method: 'GET', url: '/api/model/getall' })).json().fetchModel[0]._id;
  cases = (await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } })).json()
    .data._id;
  good = await makeImage('png', 50, 50);
});
afterAll(async () => {
  await t.close();
});

describe('image uploads', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as ImageKind[])('accepts %s and re-encodes it to WebP', async (kind) => {
    const file = await makeImage(kind, 1700, 850, '#7c3aed');
    const res = await accessory([{ content: file, filename: `x.${kind}` }, { content: good }]);
    expect(res.statusCode).toBe(201);
    const image = res.json().data.images[0];
    expect(image).toMatchObject({ width: 1600, height: 800 });
    const served = await t.request({ method: 'GET', url: image.secure_url });
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('strips metadata and never upscales', async () => {
    const sharp = (await import('sharp')).default;
    const tagged = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0f766e' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'hidden' } })
      .toBuffer();
    expect(tagged.includes(Buffer.from('Secret Person'))).toBe(true);
    const res = await accessory([{ content: tagged }, { content: good }]);
    const image = res.json().data.images[0];
    expect(image).toEqual({
      secure_url: image.secure_url,
      width: 120,
      height: 80,
      srcset: `${image.secure_url} 120w`,
      alt: image.alt,
    });
    const served = await t.request({ method: 'GET', url: image.secure_url });
    expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['a text file named .jpg', () => TEXT, 'Images must be JPEG, PNG, WebP, AVIF or GIF'],
    ['an SVG', () => SVG, 'SVG images are not accepted: use JPEG, PNG, WebP, AVIF or GIF'],
    ['a zero-byte file', () => Buffer.alloc(0), 'Image file is empty'],
    ['a pixel bomb', pixelBomb, 'Images must be at most 40 megapixels'],
  ] as const)('refuses %s', async (_name, content, message) => {
    const res = await accessory([{ content: good }, { content: content(), filename: 'photo.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, fieldErrors: { file: [message] } });
  });

  it('refuses a truncated file', async () => {
    const whole = await makeImage('jpeg', 800, 600);
    for (const cut of [whole.subarray(0, Math.floor(whole.length / 2)), (await makeImage('png', 800, 600)).subarray(0, 200)]) {
      const res = await accessory([{ content: good }, { content: cut }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Image file is damaged or incomplete');
    }
  });

  it('refuses a file over 8 MB', async () => {
    const big = Buffer.concat([await makeImage('png', 10, 10), Buffer.alloc(8 * 1024 * 1024)]);
    const res = await accessory([{ content: good }, { content: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Each image must be at most 8 MB',
      fieldErrors: { file: ['Each image must be at most 8 MB'] },
    });
  });

  it('ignores an empty file input but not an empty named file', async () => {
    const res = await accessory([
      { content: good },
      { content: await makeImage('gif', 40, 40) },
      { content: Buffer.alloc(0), filename: '' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.images).toHaveLength(2);
  });
});

describe('GET /media', () => {
  it('serves stored images immutable, typed, with an ETag', async () => {
    const made = (await accessory([{ content: await makeImage('png', 100, 100, '#be123c') }, { content: good }])).json().data;
    const url = made.images[0].secure_url;
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const key = url.slice('/media/'.length, -'.webp'.length);
    expect(res.headers.etag).toBe(`"${key}"`);
    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': `"${key}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for unknown or malformed keys', async () => {
    for (const url of [
      `/media/${'0'.repeat(64)}.webp`,
      '/media/nope.webp',
      '/media/../package.json',
      `/media/${'a'.repeat(64)}.png`,
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});
