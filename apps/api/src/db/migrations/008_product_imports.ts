import type { Kysely } from 'kysely';

/**
 * `product_imports` and `product_import_rows`: the last product import, kept so that it can be undone
 * (docs/decisions/0034-csv-export-and-import.md). A row holds what the import changed of one product: `before`, the
 * columns it changed as they were (JSON), or null for a product the import created; `set_at`, the product's
 * updated_at as the import left it (a different one now means it was edited since).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema
    .createTable('product_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('product_imports.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    // The product's name, to name it even once deleted.
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_import_rows_pk', ['import_id', 'product_id'])
    .execute();
}
