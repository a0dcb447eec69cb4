import { sql, type Kysely } from 'kysely';

/**
 * `product_import_rows` without its keys. The table only ever holds the last import's rows: each import deletes
 * them and writes its own, and undo reads them all, so a key served no read, while keeping its index and checking
 * the reference to `product_imports` were most of what writing the rows cost on PostgreSQL (0.52–0.71 s of a
 * 50,000-product import with them, 0.20–0.26 s without: docs/decisions/0034-csv-export-and-import.md). Rebuilt and
 * copied, as SQLite cannot drop a table's keys in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_import_rows_unkeyed')
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into product_import_rows_unkeyed (import_id, product_id, label, before, set_at)
    select import_id, product_id, label, before, set_at from product_import_rows`.execute(db);
  await db.schema.dropTable('product_import_rows').execute();
  await db.schema.alterTable('product_import_rows_unkeyed').renameTo('product_import_rows').execute();
}
