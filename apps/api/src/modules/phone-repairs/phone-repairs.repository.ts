import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { perStatement, updateRows, valuesTable } from '../../db/batch.ts';
import type { Database, PhoneRepairsTable, PriceChangeRowsTable, PriceChangesTable } from '../../db/schema.ts';

export type PhoneRepairRow = PhoneRepairsTable;

export interface RepairFilter {
  modelIds?: string[];
  phoneIds?: string[];
  repairIds?: string[];
  /** Lower-cased text to find inside the name. */
  nameContains?: string;
  /** The phone's name, case and spacing aside (phoneNameKey): the prices of the phones of that name. */
  phoneNameKey?: string;
  /** Last changed before this instant (the stale prices of the dashboard). */
  updatedBefore?: string;
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
      eb.exists(
        eb
          .selectFrom('repair_categories as c')
          .select('c.id')
          .whereRef('c.id', '=', 'phone_repairs.repair_id')
          .where('c.status', '=', 1),
      ),
    );
  }
  if (f.repairIds) conditions.push(eb('phone_repairs.repair_id', 'in', f.repairIds.length ? f.repairIds : ['']));
  if (f.phoneNameKey !== undefined) {
    const key = f.phoneNameKey;
    conditions.push(
      eb('phone_repairs.phone_model_id', 'in', (qb) => qb.selectFrom('phone_models').select('id').where('name_key', '=', key)),
    );
  }
  if (f.updatedBefore) conditions.push(eb('phone_repairs.updated_at', '<', f.updatedBefore));
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
      'models.status as model_status',
      'repair_categories.status as repair_status',
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
  // By name in any letter case, as both databases order it alike ('iPhone 12' before 'Pixel 8').
  else if (sort === 'name')
    q = q
      .orderBy('phone_repairs.name_search')
      .orderBy(sql`lower(repair_categories.repaircategory)`)
      .orderBy('phone_repairs.id');
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

/** Whether the phone model has a price for the repair type, other than the price `exceptId`. */
export async function hasPriceFor(
  db: Kysely<Database>,
  phoneModelId: string,
  repairId: string,
  exceptId?: string,
): Promise<boolean> {
  const found = await db
    .selectFrom('phone_repairs')
    .select('id')
    .where('phone_model_id', '=', phoneModelId)
    .where('repair_id', '=', repairId)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

export async function insertRepair(db: Kysely<Database>, row: PhoneRepairRow): Promise<void> {
  await db.insertInto('phone_repairs').values(row).execute();
}

/** Many rows in one statement per call: the caller keeps a batch within the databases' parameter limits. */
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

/** A page of the filtered list newest first after the row `after` (keyset paging, for exports of any size). */
export function findRepairsAfter(
  db: Kysely<Database>,
  filter: RepairFilter,
  after: { created_at: string; id: string } | undefined,
  limit: number,
) {
  let q = selectJoined(db).where(whereOf(filter));
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('phone_repairs.created_at', '<', after.created_at),
        eb.and([eb('phone_repairs.created_at', '=', after.created_at), eb('phone_repairs.id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('phone_repairs.created_at', 'desc').orderBy('phone_repairs.id', 'desc').limit(limit).execute();
}

/** Repair prices per statement of a batched write: a few parameters each, well within both databases' limits. */
const BATCH = 500;

/** Many new rows, in batches. */
export async function insertRepairs(db: Kysely<Database>, rows: PhoneRepairRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('phone_repairs')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

/**
 * Sets many prices, a few thousand per statement, dated `at`, or each the date it names (an undo giving prices back
 * their dates).
 */
export async function setPrices(
  db: Kysely<Database>,
  changes: { id: string; price_pence: number; updated_at?: string | undefined }[],
  at: string,
): Promise<void> {
  await updateRows(
    db,
    'phone_repairs',
    { price_pence: 'integer', updated_at: 'text' },
    changes.map((c) => ({ id: c.id, values: { price_pence: c.price_pence, updated_at: c.updated_at ?? at } })),
  );
}

export async function deleteRepairs(db: Kysely<Database>, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH)
    await db
      .deleteFrom('phone_repairs')
      .where('id', 'in', ids.slice(i, i + BATCH))
      .execute();
}

/**
 * The repair prices of the phones of these (brand, phoneNameKey) pairs, a phone's name as its identity (case and
 * spacing aside): how an import finds the prices it updates.
 */
export function findRepairsByPhones(db: Kysely<Database>, pairs: { model_id: string; name_key: string }[]) {
  type Found = Pick<PhoneRepairRow, 'id' | 'model_id' | 'repair_id' | 'price_pence' | 'updated_at'> & { name_key: string };
  return perStatement(db, pairs, 2, async (batch) => {
    const names = valuesTable(
      db,
      ['text', 'text'],
      batch.map((p) => [p.model_id, p.name_key]),
    );
    const found = await sql<Found>`select r.id, r.model_id, p.name_key, r.repair_id, r.price_pence, r.updated_at
      from ${names} join phone_models p on p.model_id = v.column1 and p.name_key = v.column2
      join phone_repairs r on r.phone_model_id = p.id`.execute(db);
    return found.rows;
  });
}

// ---- The last bulk change or import, kept to undo it ----

export type PriceChangeRow = PriceChangesTable;
export type PriceChangeItem = PriceChangeRowsTable;

/** Saves a change and its rows, and forgets every earlier one: only the last can be undone. */
export async function savePriceChange(db: Kysely<Database>, change: PriceChangeRow, rows: PriceChangeItem[]): Promise<void> {
  await db.deleteFrom('price_change_rows').execute();
  await db.deleteFrom('price_changes').execute();
  await db.insertInto('price_changes').values(change).execute();
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('price_change_rows')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export function findLastPriceChange(db: Kysely<Database>) {
  return db
    .selectFrom('price_changes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPriceChangeItems(db: Kysely<Database>, changeId: string) {
  return db.selectFrom('price_change_rows').selectAll().where('change_id', '=', changeId).execute();
}

/** The rows of a kept price change whose price was changed or deleted since: an undo would lose those changes. */
const rowsChangedSince = (db: Kysely<Database>, changeId: string) =>
  db
    .selectFrom('price_change_rows as c')
    .leftJoin('phone_repairs as r', 'r.id', 'c.repair_id')
    .where('c.change_id', '=', changeId)
    .where((eb) =>
      eb.or([
        eb('r.id', 'is', null),
        eb('r.updated_at', '!=', eb.ref('c.set_at')),
        eb('r.price_pence', '!=', eb.ref('c.to_pence')),
      ]),
    );

/** The names of a kept price change's rows changed or deleted since it (an undo refuses, naming them). */
export async function findPricesChangedSince(db: Kysely<Database>, changeId: string): Promise<string[]> {
  return (await rowsChangedSince(db, changeId).select('c.label').orderBy('c.label').execute()).map((row) => row.label);
}

/** How many of a kept price change's rows were changed or deleted since it (the last change says so). */
export async function countPricesChangedSince(db: Kysely<Database>, changeId: string): Promise<number> {
  const row = await rowsChangedSince(db, changeId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markPriceChangeUndone(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('price_changes').set({ undone_at: at }).where('id', '=', id).execute();
}
