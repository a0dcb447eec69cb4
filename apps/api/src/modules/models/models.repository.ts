import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findModelByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('models')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['model']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertModel(db: Kysely<Database>, row: Database['models']): Promise<void> {
  await db.insertInto('models').values(row).execute();
}
