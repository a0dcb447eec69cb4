import type { Kysely } from 'kysely';
import type { AppDetailsTable, Database } from '../../db/schema.ts';

export type AppDetailRow = AppDetailsTable;

/** Oldest first: the first record is the one the shop shows. */
export function findAppDetails(db: Kysely<Database>) {
  return db.selectFrom('app_details').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export function findFirstAppDetail(db: Kysely<Database>) {
  return db.selectFrom('app_details').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst();
}

export function findAppDetailById(db: Kysely<Database>, id: string) {
  return db.selectFrom('app_details').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAppDetail(db: Kysely<Database>, row: AppDetailRow): Promise<void> {
  await db.insertInto('app_details').values(row).execute();
}

export async function updateAppDetail(
  db: Kysely<Database>,
  id: string,
  changes: Omit<AppDetailRow, 'id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('app_details').set(changes).where('id', '=', id).execute();
}

export async function deleteAppDetail(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('app_details').where('id', '=', id).execute();
}
