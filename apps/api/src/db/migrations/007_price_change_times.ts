import type { Kysely } from 'kysely';

/**
 * `price_change_rows.from_updated_at`: when each price was last changed before a bulk change or an import changed it,
 * so that undoing the change gives the price back its date too (the dashboard's 'unchanged for 12 months' counts
 * by it). Rows kept before this migration have none: undoing them dates the price now, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('price_change_rows').addColumn('from_updated_at', 'text').execute();
}
