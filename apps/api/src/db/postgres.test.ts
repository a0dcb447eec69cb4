import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, dialect, type TestContext } from '../../test/helpers.ts';

// PostgreSQL only: the SQLite project runs the same files, and SQLite keeps its statements in db/sqlite-statements.ts.
describe.skipIf(dialect === 'sqlite')('PostgreSQL connections', () => {
  let ctx: TestContext;

  beforeEach(async () => {
    ctx = await createTestContext();
  });

  afterEach(async () => {
    await ctx.close();
  });

  it('prepare each query once, by name, and run it again without parsing it', async () => {
    const db = ctx.db.db;
    const read = (id: string) => db.selectFrom('categories').select('category').where('id', '=', id);
    await read('a').execute();
    await read('b').execute();
    // The pool hands out the connection released last: the one that ran the reads.
    const prepared = await sql<{ name: string; statement: string; calls: number }>`
      select name, statement, generic_plans + custom_plans as calls from pg_prepared_statements`.execute(db);
    const found = prepared.rows.filter((r) => r.statement === read('c').compile().sql);
    expect(found).toEqual([{ name: expect.stringMatching(/^q\d+$/), statement: read('c').compile().sql, calls: 2 }]);
  });
});
