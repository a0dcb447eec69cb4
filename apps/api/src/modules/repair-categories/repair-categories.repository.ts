import type { Kysely } from 'kysely';
import type { RepairCategoriesTable, Database } from '../../db/schema.ts';

export type RepairCategoryRow = RepairCategoriesTable;

export function findRepairCategoryById(db: Kysely<Database>, id: string) {
  return db.selectFrom('repair_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRepairCategoryByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('repair_categories')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['repaircategory']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export function findRepairCategoriesByIdOrName(db: Kysely<Database>, value: string) {
  return db
    .selectFrom('repair_categories')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', value), eb(eb.fn('lower', ['repaircategory']), '=', value.toLowerCase())]))
    .execute();
}

export function findActiveRepairCategories(db: Kysely<Database>) {
  return db
    .selectFrom('repair_categories')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertRepairCategory(db: Kysely<Database>, row: RepairCategoryRow): Promise<void> {
  await db.insertInto('repair_categories').values(row).execute();
}

export async function updateRepairCategory(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<RepairCategoryRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('repair_categories').set(changes).where('id', '=', id).execute();
}
