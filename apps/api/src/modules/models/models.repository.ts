import type { Kysely } from 'kysely';
import type { Database, ModelsTable } from '../../db/schema.ts';

export type ModelRow = ModelsTable;

export function findModelByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('models')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['model']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export function findModelById(db: Kysely<Database>, id: string) {
  return db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Models whose id is the value, or whose name is the value in any letter case. */
export function findModelsByIdOrName(db: Kysely<Database>, value: string) {
  return db
    .selectFrom('models')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', value), eb(eb.fn('lower', ['model']), '=', value.toLowerCase())]))
    .execute();
}

export function findActiveModels(db: Kysely<Database>) {
  return db
    .selectFrom('models')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertModel(db: Kysely<Database>, row: ModelRow): Promise<void> {
  await db.insertInto('models').values(row).execute();
}

export async function updateModel(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<ModelRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('models').set(changes).where('id', '=', id).execute();
}
