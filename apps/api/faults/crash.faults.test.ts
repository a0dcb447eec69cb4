import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStore, dialect, getJson, signIn, startServer, type RunningServer, type Store } from './harness.ts';

const CYCLES = 20;
const WRITERS = 20;

let store: Store;
beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  await store.drop();
});

interface Attempt {
  productname: string;
  model: string;
  repair: string;
  price: number;
}

it(`keeps every acknowledged write and no half-written record over ${CYCLES} SIGKILLs during ${WRITERS} concurrent writers (${dialect})`, async () => {
  let server: RunningServer = await startServer(store.env);
  const cookie = await signIn(server.url);
  const models = (await getJson(`${server.url}/api/model/getall`)).body.fetchModel as { _id: string; model: string }[];
  const repairs = (await getJson(`${server.url}/api/repaircategory/getall`)).body.fetchCategory as { _id: string }[];
  expect(models.length).toBeGreaterThan(0);
  expect(repairs.length).toBeGreaterThan(0);

  const attempted = new Map<string, Attempt>();
  const acknowledged = new Set<string>();

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const url = server.url;
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const attempt: Attempt = {
          productname: `Crash ${cycle}-${w}-${n}`,
          model: models[(w + n) % models.length]!._id,
          repair: repairs[n % repairs.length]!._id,
          price: 10 + ((cycle * 7 + w * 3 + n) % 300),
        };
        attempted.set(attempt.productname, attempt);
        try {
          const res = await fetch(`${url}/api/phonerepair/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(attempt),
          });
          const body = (await res.json()) as { success?: boolean };
          if (res.status === 201 && body.success) acknowledged.add(attempt.productname);
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
    server.proc.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);

    if (dialect === 'sqlite') {
      const db = new SQLite(path.join(store.dataDir, 'shop.db'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
    server = await startServer(store.env);
  }

  const all = (await getJson(`${server.url}/api/phonerepair/getall`)).body.fetchPhoneRepair as {
    productname: string;
    price: number;
    model: { _id: string };
    repair: { _id: string };
  }[];
  const stored = new Map(all.filter((r) => r.productname.startsWith('Crash ')).map((r) => [r.productname, r]));
  expect(acknowledged.size).toBeGreaterThan(CYCLES);
  for (const name of acknowledged) expect(stored.has(name), `acknowledged write ${name} is missing`).toBe(true);
  for (const [name, record] of stored) {
    const sent = attempted.get(name);
    expect(sent, `record ${name} was never sent`).toBeDefined();
    expect({ price: record.price, model: record.model._id, repair: record.repair._id }).toEqual({
      price: sent!.price,
      model: sent!.model,
      repair: sent!.repair,
    });
  }
  server.proc.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
});
