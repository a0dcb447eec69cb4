import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * The owner's tools (issue 20):
 * - `audit_log`, the history of every change, which the database itself refuses to edit, and to delete before it is
 *   two years old (docs/decisions/0032-audit-history.md);
 * - `price_changes` and `price_change_rows`, the last bulk price change or repair import, kept so it can be undone;
 * - `images.alt`, a picture's alt text ('' = made from the product's name and colour);
 * - `products.image_count`, so "fewer than 2 images" is an indexed condition;
 * - the indexes the "things to fix" counts, the imports' matching and the lists filtered to a problem use.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .execute();
  // Newest first, on its own or for one admin or one kind of record; the purge walks `at` from the oldest.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'at', 'id']).execute();

  // An entry is never changed, and never deleted while it is younger than two years: not by the shop, nor by
  // anything else that reaches the database.
  if (dialect === 'postgres') {
    await sql`
      create function audit_log_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then raise exception 'audit_log entries cannot be changed'; end if;
        if old.at >= to_char((now() at time zone 'utc') - interval '2 years', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
          raise exception 'audit_log entries are kept for two years';
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger audit_log_guard before update or delete on audit_log for each row execute function audit_log_guard()`.execute(
      db,
    );
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log entries cannot be changed'); end`.execute(db);
    await sql`
      create trigger audit_log_keep before delete on audit_log
      when old.at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years')
      begin select raise(abort, 'audit_log entries are kept for two years'); end`.execute(db);
  }

  await db.schema
    .createTable('price_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('price_changes_created_idx').on('price_changes').columns(['created_at', 'id']).execute();
  await db.schema
    .createTable('price_change_rows')
    .addColumn('change_id', 'text', (c) => c.notNull().references('price_changes.id').onDelete('cascade'))
    .addColumn('repair_id', 'text', (c) => c.notNull())
    // What the row was called ('Apple iPhone 13 Screen'), to name it even once deleted.
    .addColumn('label', 'text', (c) => c.notNull())
    // null: the row was created by the change (an import), so undoing it deletes the row.
    .addColumn('from_pence', 'integer')
    .addColumn('to_pence', 'integer', (c) => c.notNull())
    // The row's updated_at as the change left it: a different one now means someone edited it since.
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_change_rows_pk', ['change_id', 'repair_id'])
    .execute();

  await db.schema
    .alterTable('images')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('image_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update products set image_count = (
      select count(distinct i.position) from images i where i.owner_type = 'product' and i.owner_id = products.id
    )`.execute(db);

  // Lists filtered to a problem, newest first, and their counts: partial indexes hold only the rows with the problem.
  await db.schema
    .createIndex('products_needs_pictures_idx')
    .on('products')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`image_count < 2`)
    .execute();
  await db.schema
    .createIndex('products_no_description_idx')
    .on('products')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`description = ''`)
    .execute();
  // A product's phone by brand and name: the product import's matching, and phones sold with no repair prices.
  await db.schema
    .createIndex('products_model_name_idx')
    .on('products')
    .columns(['model_id', 'name_search', 'is_accessory'])
    .execute();
  // A repair price by brand, phone and repair: the repair import's matching, and the probe of the phones above.
  await db.schema
    .createIndex('phone_repairs_model_name_idx')
    .on('phone_repairs')
    .columns(['model_id', 'name_search', 'repair_id'])
    .execute();
  await db.schema.createIndex('phone_repairs_updated_idx').on('phone_repairs').columns(['updated_at', 'id']).execute();
}
