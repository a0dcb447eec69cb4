import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type FilePart } from '../src/modules/media/media.testkit.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** Replays the checked-in attack corpus (scripts/make-attack-corpus.mjs) against every upload. */
const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/attack-corpus');
const corpus = (name: string) => fs.readFileSync(path.join(corpusDir, name));

const REFUSED: [file: string, message: RegExp][] = [
  ['svg-with-script.svg', /SVG images are not accepted/],
  ['html-renamed.jpg', /Images must be JPEG, PNG, WebP, AVIF or GIF/],
  ['script-renamed.jpg', /Images must be JPEG, PNG, WebP, AVIF or GIF/],
  ['pixel-bomb-20000x20000.png', /at most 40 megapixels/],
  ['truncated.jpg', /damaged or incomplete/],
  ['zero-byte.jpg', /empty/],
];

let t: TestContext;
let admin: string;
let good: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
  good = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#16a34a' } }).png().toBuffer();
});
afterAll(async () => {
  await t.close();
});

const counts = async () => {
  const n = async (table: 'media' | 'images' | 'models' | 'app_details') =>
    Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { media: await n('media'), images: await n('images'), models: await n('models'), appDetails: await n('app_details') };
};

/** The three ways an image reaches the shop: a product's pictures, a brand logo, the shop logo. */
const uploads = (content: Buffer, filename: string, i: number): { name: string; url: string; fields: Record<string, string | number>; files: FilePart[] }[] => [
  {
    name: 'product image',
    url: '/api/product/create',
    fields: {
      productname: `Attack ${i}`,
      price: 100,
      stockquantity: 1,
      description: 'A product whose second picture is an attack file from the corpus.',
      model: 'set to a real brand below',
      availability: 'In Stock',
      color: 'Black',
      ram: '4GB',
      rom: '64GB',
    },
    files: [{ content: good, filename: 'ok.png', type: 'image/png' }, { content, filename }],
  },
  { name: 'brand logo', url: '/api/model/create', fields: { model: `Attackbrand${i}` }, files: [{ content, filename }] },
  {
    name: 'shop logo',
    url: '/api/appdetail/create',
    fields: { shopname: 'Attack Shop', email: 'a@example.com', phoneno: '07700 900123', address: '1 High Street' },
    files: [{ content, filename }],
  },
];

describe('upload attack corpus', () => {
  it('refuses every attack file everywhere an image is accepted, storing nothing', async () => {
    const brand = await t.request({ method: 'POST', url: '/api/model/create', cookie: admin, ...multipart({ model: 'Corpusphone' }, [{ content: good }]) });
    const modelId = brand.json().data._id as string;
    const before = await counts();
    let i = 0;
    for (const [file, message] of [...REFUSED, ['over-8mb.jpg', /at most 8 MB/] as [string, RegExp]]) {
      const content = file === 'over-8mb.jpg' ? Buffer.concat([corpus('valid-for-traversal-name.jpg'), Buffer.alloc(8 * 1024 * 1024 + 1)]) : corpus(file);
      for (const u of uploads(content, file, i++)) {
        const fields = u.name === 'product image' ? { ...u.fields, model: modelId } : u.fields;
        const res = await t.request({ method: 'POST', url: u.url, cookie: admin, ...multipart(fields, u.files) });
        expect([file, u.name, res.statusCode]).toEqual([file, u.name, 400]);
        expect(res.json().success).toBe(false);
        expect(res.json().message, `${file} as ${u.name}`).toMatch(message);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts a JPEG with a script appended only as a re-encoded WebP without the script', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/model/create',
      cookie: admin,
      ...multipart({ model: 'Appendedscript' }, [{ content: corpus('jpeg-with-appended-script.jpg'), filename: 'logo.jpg' }]),
    });
    expect(res.statusCode).toBe(201);
    const logo = res.json().data.file as { secure_url: string; srcset: string };
    const urls = logo.srcset.split(',').map((s) => s.trim().split(' ')[0]!);
    for (const url of urls) {
      const media = await t.request({ method: 'GET', url });
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(media.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('never uses the uploaded file name: a path traversal name stores the image by its content hash only', async () => {
    const traversal = '../../../../tmp/pwned-by-upload.jpg';
    fs.rmSync('/tmp/pwned-by-upload.jpg', { force: true });
    const res = await t.request({
      method: 'POST',
      url: '/api/model/create',
      cookie: admin,
      ...multipart({ model: 'Traversalphone' }, [{ content: corpus('valid-for-traversal-name.jpg'), filename: traversal }]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file.secure_url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect(fs.existsSync('/tmp/pwned-by-upload.jpg')).toBe(false);
    expect(JSON.stringify(res.json())).not.toContain('pwned');
  });

  it('serves nothing from /media with an HTML or script content type', async () => {
    const keys = await t.db.db.selectFrom('media').select(['key', 'content_type']).execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key, content_type } of keys) {
      expect(content_type).toBe('image/webp');
      const res = await t.request({ method: 'GET', url: `/media/${key}.webp` });
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const url of ['/media/..%2f..%2fetc%2fpasswd', '/media/x.html', '/media/%3Cscript%3E.webp']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-type'])).not.toMatch(/html|javascript/);
    }
  });
});
