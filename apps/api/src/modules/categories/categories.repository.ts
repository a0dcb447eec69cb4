import type { Kysely } from 'kysely';
import type { CategoriesTable, Database } from '../../db/schema.ts';

export type CategoryRow = CategoriesTable;

export function findCategoryById(db: Kysely<Database>, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCategoryByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['category']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export function findCategoriesByIdOrName(db: Kysely<Database>, value: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', value), eb(eb.fn('lower', ['category']), '=', value.toLowerCase())]))
    .execute();
}

export function findActiveCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCategory(db: Kysely<Database>, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<CategoryRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}
