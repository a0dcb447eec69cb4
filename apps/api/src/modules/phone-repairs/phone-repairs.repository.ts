import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, PhoneRepairsTable } from '../../db/schema.ts';

export type PhoneRepairRow = PhoneRepairsTable;

export interface RepairFilter {
  modelIds?: string[];
  phoneIds?: string[];
  /** Lower-cased text to find inside the name. */
  nameContains?: string;
  /** Only prices in a repair category that is not archived (the repair pages). */
  activeCategories?: boolean;
}

/** `name`: by phone name, then repair category (the repair pages). */
export type RepairSort = 'newest' | 'price_asc' | 'price_desc' | 'name';

function whereOf(f: RepairFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'phone_repairs'>();
  const conditions: Expression<SqlBool>[] = [];
  if (f.modelIds) conditions.push(eb('phone_repairs.model_id', 'in', f.modelIds.length ? f.modelIds : ['']));
  if (f.phoneIds) conditions.push(eb('phone_repairs.phone_model_id', 'in', f.phoneIds.length ? f.phoneIds : ['']));
  if (f.activeCategories) {
    conditions.push(
      eb.exists(eb.selectFrom('repair_categories as c').select('c.id').whereRef('c.id', '=', 'phone_repairs.repair_id').where('c.status', '=', 1)),
    );
  }
  if (f.nameContains) {
    const pattern = `%${f.nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql<SqlBool>`phone_repairs.name_search like ${pattern} escape '\\'`);
  }
  return eb.and(conditions);
}

function selectJoined(db: Kysely<Database>) {
  return db
    .selectFrom('phone_repairs')
    .innerJoin('models', 'models.id', 'phone_repairs.model_id')
    .innerJoin('repair_categories', 'repair_categories.id', 'phone_repairs.repair_id')
    .innerJoin('phone_models', 'phone_models.id', 'phone_repairs.phone_model_id')
    .selectAll('phone_repairs')
    .select([
      'models.model as model_name',
      'repair_categories.repaircategory as repair_name',
      'phone_models.slug as phone_slug',
      'phone_models.aliases as phone_aliases',
    ]);
}

/** One query for a page of repair prices, joined with the model and repair category names. */
export function findRepairs(
  db: Kysely<Database>,
  filter: RepairFilter,
  sort: RepairSort,
  page?: { limit: number; offset: number },
) {
  let q = selectJoined(db).where(whereOf(filter));
  if (sort === 'price_asc') q = q.orderBy('phone_repairs.price_pence', 'asc').orderBy('phone_repairs.id', 'asc');
  else if (sort === 'price_desc') q = q.orderBy('phone_repairs.price_pence', 'desc').orderBy('phone_repairs.id', 'desc');
  else if (sort === 'name') q = q.orderBy('phone_repairs.productname').orderBy('repair_categories.repaircategory').orderBy('phone_repairs.id');
  else q = q.orderBy('phone_repairs.created_at', 'desc').orderBy('phone_repairs.id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export type RepairListRow = Awaited<ReturnType<typeof findRepairs>>[number];

export async function countRepairs(db: Kysely<Database>, filter: RepairFilter): Promise<number> {
  const row = await db
    .selectFrom('phone_repairs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(whereOf(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findRepairById(db: Kysely<Database>, id: string) {
  return selectJoined(db).where('phone_repairs.id', '=', id).executeTakeFirst();
}

export async function insertRepair(db: Kysely<Database>, row: PhoneRepairRow): Promise<void> {
  await db.insertInto('phone_repairs').values(row).execute();
}

/** Many rows in one statement per call: the caller keeps a batch within the databases' parameter limits. */
export async function insertRepairs(db: Kysely<Database>, rows: PhoneRepairRow[]): Promise<void> {
  if (rows.length) await db.insertInto('phone_repairs').values(rows).execute();
}

export async function updateRepair(
  db: Kysely<Database>,
  id: string,
  changes: Omit<PhoneRepairRow, 'id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('phone_repairs').set(changes).where('id', '=', id).execute();
}

/** Deletes a repair price; false when there was none with that id. */
export async function deleteRepair(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('phone_repairs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
