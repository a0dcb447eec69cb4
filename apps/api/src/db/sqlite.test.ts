import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialect } from '../../test/helpers.ts';
import { openDb, sqlitePath, type Db } from './index.ts';

// SQLite only: the PostgreSQL project runs the same files, and PostgreSQL has no writer thread.
describe.skipIf(dialect === 'postgres')('SQLite with its writer thread', () => {
  let dataDir: string;
  let handle: Db;
  const db = () => handle.db;
  const brands = async () =>
    (await db().selectFrom('categories').select('category').orderBy('category').execute()).map((r) => r.category);
  /** A brand row whose id (the primary key) is made from its name. */
  const row = (category: string) => ({
    id: category.toLowerCase().replaceAll(' ', '-'),
    category,
    status: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const addBrand = (name: string, target: Db = handle) => target.db.insertInto('categories').values(row(name)).execute();
  /** Frames in the write-ahead log: every commit appends the pages it changed. */
  const walFrames = () => {
    const size = fs.statSync(`${sqlitePath({ dataDir })}-wal`).size;
    return Math.max(0, (size - 32) / (4096 + 24));
  };

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-'));
    handle = await openDb({ dataDir, databaseUrl: undefined });
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the data folder and every database file private to the shop', async () => {
    await addBrand('Cases');
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const file = sqlitePath({ dataDir });
    expect([mode(dataDir), mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([0o700, 0o600, 0o600, 0o600]);
    // A folder and file left readable by an earlier version are narrowed at the next start.
    await handle.close();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(file, 0o644);
    handle = await openDb({ dataDir, databaseUrl: undefined });
    expect([mode(dataDir), mode(file)]).toEqual([0o700, 0o600]);
  });

  it('answers a write once it is committed, so a read right after it sees it', async () => {
    await addBrand('Nokia');
    expect(await brands()).toEqual(['Nokia']);
    const updated = await db()
      .updateTable('categories')
      .set({ category: 'Nokia Phones' })
      .where('category', '=', 'Nokia')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await brands()).toEqual(['Nokia Phones']);
  });

  it('commits writes that arrive together with one commit, and each is still answered', async () => {
    const before = walFrames();
    const names = Array.from({ length: 40 }, (_, i) => `Sequential ${String(i).padStart(2, '0')}`);
    for (const name of names) await addBrand(name);
    const sequential = walFrames() - before;

    const afterSequential = walFrames();
    const together = Array.from({ length: 40 }, (_, i) => `Together ${String(i).padStart(2, '0')}`);
    await Promise.all(together.map((name) => addBrand(name)));
    const grouped = walFrames() - afterSequential;

    expect(await brands()).toEqual([...names, ...together]);
    expect(sequential).toBeGreaterThanOrEqual(40);
    expect(grouped).toBeLessThan(sequential / 4);
  });

  it('fails only the write that breaks a constraint, with SQLite’s error code, and commits the others', async () => {
    await addBrand('Apple');
    const results = await Promise.allSettled(['Samsung', 'Apple', 'Google'].map((name) => addBrand(name)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    expect(await brands()).toEqual(['Apple', 'Google', 'Samsung']);
  });

  it('undoes a failed transaction alone, while writes beside it commit', async () => {
    const failing = db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('categories').values(row('Doomed')).execute();
        throw new Error('changed my mind');
      });
    const beside = addBrand('Motorola');
    await expect(failing).rejects.toThrow('changed my mind');
    await beside;
    expect(await brands()).toEqual(['Motorola']);
  });

  it('answers reads while a transaction is open, without showing its uncommitted rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('categories').values(row('Pending')).execute();
        expect((await trx.selectFrom('categories').select('category').execute()).map((r) => r.category)).toEqual(['Pending']);
        inside();
        await held;
      });
    await started;
    expect(await brands()).toEqual([]);
    release();
    await transaction;
    expect(await brands()).toEqual(['Pending']);
  });

  it('binds values as +?, which keeps their types and the indexes a query uses', async () => {
    // A brand named '5' with status 1: a text column and an integer one, so SQLite's type affinity takes part.
    await addBrand('5');
    const asked = (value: unknown) =>
      sql<Record<string, unknown>>`select typeof(${value}) as type, ${value} as value,
        (select count(*) from categories where category = ${value}) as by_name,
        (select count(*) from categories where status = ${value}) as by_status`;
    for (const value of [1, 1.5, '1', '5', 5, null, Buffer.from([1, 2]), 5n]) {
      const query = asked(value).compile(db());
      expect(query.sql).not.toMatch(/[^+]\?/);
      const plain = CompiledQuery.raw(query.sql.replaceAll('+?', '?'), [...query.parameters]);
      expect((await db().executeQuery(query)).rows).toEqual((await db().executeQuery(plain)).rows);
    }

    // A product by its id, with its brand's name: each table found through its primary key, none scanned.
    const query = db()
      .selectFrom('products')
      .innerJoin('models', 'models.id', 'products.model_id')
      .select(['products.id', 'models.model'])
      .where('products.id', '=', 'some-id')
      .compile();
    expect(query.sql).toContain('"products"."id" = +?');
    const plan = await db().executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((r) => r.detail)).toEqual([
      expect.stringMatching(/^SEARCH products USING INDEX sqlite_autoindex_products_1 \(id=\?\)$/),
      expect.stringMatching(/^SEARCH models USING INDEX sqlite_autoindex_models_1 \(id=\?\)$/),
    ]);
  });

  it('answers slow reads on the reading thread: committed rows, and errors with their code', async () => {
    await addBrand('Fairphone');
    const slow = () => handle.slowReads.selectFrom('categories').select('category').execute();
    expect((await slow()).map((r) => r.category)).toEqual(['Fairphone']);
    await addBrand('Nothing');
    expect((await slow()).map((r) => r.category)).toEqual(['Fairphone', 'Nothing']);
    await expect(sql`select * from no_such_table`.execute(handle.slowReads)).rejects.toThrow(/no such table/);
    // Reads only: its connection cannot write, and it opens no transaction.
    await expect(handle.slowReads.insertInto('categories').values(row('Sneaky')).execute()).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    await expect(handle.slowReads.transaction().execute(async () => {})).rejects.toThrow(/only reads/);
    expect(await brands()).toEqual(['Fairphone', 'Nothing']);
  });

  it('answers a short read while a long one holds a reading thread', async () => {
    await addBrand('Fairphone');
    const finished: string[] = [];
    // Counting to three million in SQLite: most of a second, as long as the list of every product at 100,000.
    const long = sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
      select count(*) as n from c`
      .execute(handle.slowReads)
      .then((r) => finished.push(`long ${r.rows[0]!.n}`));
    const short = handle.slowReads
      .selectFrom('categories')
      .select('category')
      .execute()
      .then((rows) => finished.push(`short ${rows.map((r) => r.category).join()}`));
    await Promise.all([long, short]);
    expect(finished).toEqual(['short Fairphone', 'long 3000000']);
  });

  it('refuses calls after it is closed, with an error rather than a hang', async () => {
    const closed = handle;
    await closed.slowReads.selectFrom('categories').selectAll().execute();
    await closed.close();
    handle = await openDb({ dataDir, databaseUrl: undefined });
    await expect(addBrand('Late', closed)).rejects.toThrow();
    await expect(closed.slowReads.selectFrom('categories').selectAll().execute()).rejects.toThrow();
  });
});
