import { sql, type Kysely } from 'kysely';
import type { CategoriesTable, Database } from '../../db/schema.ts';
import { sameName } from '../../lib/slugs.ts';

/** Accessory categories and repair categories: two tables of one shape, told apart by their name column. */
export type CategoryTable = 'categories' | 'repair_categories';

const NAME_COLUMN = { categories: 'category', repair_categories: 'repaircategory' } as const;

/** A row of either table, with its name under `name`. */
export interface CategoryRow {
  id: string;
  name: string;
  status: number;
  created_at: string;
  updated_at: string;
}

/** Both tables seen through the accessory table's type; only the name column differs, and it is always selected as `name`. */
function from(db: Kysely<Database>, table: CategoryTable) {
  return (db as unknown as Kysely<{ t: CategoriesTable }>)
    .selectFrom(`${table} as t` as 't')
    .select(['t.id', sql.ref<string>(`t.${NAME_COLUMN[table]}`).as('name'), 't.status', 't.created_at', 't.updated_at']);
}

export function findCategoryById(db: Kysely<Database>, table: CategoryTable, id: string): Promise<CategoryRow | undefined> {
  return from(db, table).where('t.id', '=', id).executeTakeFirst();
}

/** Every row, oldest first: names are compared in JavaScript (sameName), and the oldest of two alike is the one. */
const allOf = (db: Kysely<Database>, table: CategoryTable) => from(db, table).orderBy('t.created_at').orderBy('t.id').execute();

/** The category of this name in any letter case. */
export async function findCategoryByName(
  db: Kysely<Database>,
  table: CategoryTable,
  name: string,
): Promise<CategoryRow | undefined> {
  return (await allOf(db, table)).find((c) => sameName(c.name, name));
}

export async function findCategoriesByIdOrName(
  db: Kysely<Database>,
  table: CategoryTable,
  value: string,
): Promise<CategoryRow[]> {
  return (await allOf(db, table)).filter((c) => c.id === value || sameName(c.name, value));
}

export function findActiveCategories(db: Kysely<Database>, table: CategoryTable): Promise<CategoryRow[]> {
  return from(db, table).where('t.status', '=', 1).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
}

export async function insertCategory(db: Kysely<Database>, table: CategoryTable, row: CategoryRow): Promise<void> {
  const { name, ...rest } = row;
  await db
    .insertInto(table)
    .values({ ...rest, [NAME_COLUMN[table]]: name } as CategoriesTable & Database['repair_categories'])
    .execute();
}

export async function updateCategory(
  db: Kysely<Database>,
  table: CategoryTable,
  id: string,
  changes: Partial<Omit<CategoryRow, 'id' | 'created_at'>>,
): Promise<void> {
  const { name, ...rest } = changes;
  await (db as unknown as Kysely<{ t: CategoriesTable }>)
    .updateTable(table as 't')
    .set({ ...rest, ...(name === undefined ? {} : { [NAME_COLUMN[table]]: name }) })
    .where('id', '=', id)
    .execute();
}
