import { sql, type Kysely } from 'kysely';
import type { Dialect } from './index.ts';
import * as initial from './migrations/001_initial.ts';
import * as throttles from './migrations/002_throttles.ts';
import * as phoneModelsAndSearch from './migrations/003_phone_models_and_search.ts';
import * as enquiries from './migrations/004_enquiries.ts';
import * as blog from './migrations/005_blog.ts';
import * as ownerTools from './migrations/006_owner_tools.ts';
import * as priceChangeTimes from './migrations/007_price_change_times.ts';
import * as productImports from './migrations/008_product_imports.ts';
import * as productImportRowsUnkeyed from './migrations/009_product_import_rows_unkeyed.ts';

interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** In order; a migration, once released, is never edited: add a new one. */
const migrations: Migration[] = [
  { name: '001_initial', up: initial.up },
  { name: '002_throttles', up: throttles.up },
  { name: '003_phone_models_and_search', up: phoneModelsAndSearch.up },
  { name: '004_enquiries', up: enquiries.up },
  { name: '005_blog', up: blog.up },
  { name: '006_owner_tools', up: ownerTools.up },
  { name: '007_price_change_times', up: priceChangeTimes.up },
  { name: '008_product_imports', up: productImports.up },
  { name: '009_product_import_rows_unkeyed', up: productImportRowsUnkeyed.up },
];

/** Applies the migrations not yet applied, each in a transaction; safe when several processes start at once. */
export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
    await trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
    const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await m.up(trx, dialect);
      await trx.insertInto('schema_migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
    }
  });
}
