import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStore, dialect, getJson, signIn, startServer, type Store } from './harness.ts';

let store: Store;
beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  await store.drop();
});

async function count(table: 'media' | 'products' | 'images'): Promise<number> {
  if (dialect === 'sqlite') {
    const db = new SQLite(path.join(store.dataDir, 'shop.db'), { readonly: true });
    const n = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    db.close();
    return n;
  }
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  const n = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  await client.end();
  return n;
}

it(`a product upload cut off midway leaves no record and no stored image (${dialect})`, async () => {
  const server = await startServer(store.env);
  try {
    const cookie = await signIn(server.url);
    const models = (await getJson(`${server.url}/api/model/getall`)).body.fetchModel as { _id: string; model: string }[];
    const phone = models.find((m) => m.model !== 'Accessories')!;
    const before = { products: await count('products'), media: await count('media'), images: await count('images') };

    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    const boundary = '----shopfaults';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields =
      field('productname', 'Cut Off Phone') +
      field('price', '499') +
      field('stockquantity', '3') +
      field('description', 'A phone whose upload is cut off halfway through its pictures.') +
      field('model', phone._id) +
      field('availability', 'In Stock') +
      field('color', 'Black') +
      field('ram', '8GB') +
      field('rom', '128GB');
    const fileHead = (n: number) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${n}.png"\r\nContent-Type: image/png\r\n\r\n`;
    const whole = Buffer.concat([
      Buffer.from(fields + fileHead(1)),
      picture,
      Buffer.from(`\r\n${fileHead(2)}`),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const half = whole.subarray(0, Math.floor(whole.length * 0.75));

    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/product/create HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${whole.length}\r\n\r\n`,
        );
        socket.write(half, () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 1000));

    expect({ products: await count('products'), media: await count('media'), images: await count('images') }).toEqual(before);
    expect((await getJson(`${server.url}/api/ready`)).status).toBe(200);
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
});
