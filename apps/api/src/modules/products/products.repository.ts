import { HOME_CAROUSEL_SIZE, HOME_GRID_SIZE, type ProductFix } from '@shop/shared';
import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { perStatement, updateRows, valuesTable } from '../../db/batch.ts';
import type { Database, ProductImportRowsTable, ProductImportsTable, ProductsTable } from '../../db/schema.ts';

export type ProductRow = ProductsTable;

/** What a listing filters on, resolved to columns of products (names already turned into ids). */
export interface ProductFilter {
  modelIds?: string[];
  categoryIds?: string[];
  isAccessory?: 0 | 1;
  availability?: string;
  /** Lower-cased text to find inside the name. */
  nameContains?: string;
  /** One of the dashboard's problems (docs/decisions/0036-things-to-fix.md). */
  fix?: ProductFix;
}

export type ProductSort = 'newest' | 'price_asc' | 'price_desc';

/** The filter as one condition, usable by the page query and the count alike. */
function whereOf(f: ProductFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'products'>();
  const conditions: Expression<SqlBool>[] = [];
  if (f.modelIds) conditions.push(eb('products.model_id', 'in', f.modelIds.length ? f.modelIds : ['']));
  if (f.categoryIds) conditions.push(eb('products.category_id', 'in', f.categoryIds.length ? f.categoryIds : ['']));
  if (f.isAccessory !== undefined) conditions.push(eb('products.is_accessory', '=', f.isAccessory));
  if (f.availability !== undefined) conditions.push(eb('products.availability', '=', f.availability));
  if (f.nameContains) {
    const pattern = `%${f.nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql<SqlBool>`products.name_search like ${pattern} escape '\\'`);
  }
  if (f.fix) conditions.push(fixCondition(f.fix));
  return eb.and(conditions);
}

/** The newest products of one kind (or of all, `isAccessory` undefined): what the home page shows first. */
function newestIds(limit: number, isAccessory?: 0 | 1) {
  const eb = expressionBuilder<Database, 'products'>();
  return eb
    .selectFrom('products as home')
    .select('home.id')
    .$if(isAccessory !== undefined, (q) => q.where('home.is_accessory', '=', isAccessory!))
    .orderBy('home.created_at', 'desc')
    .orderBy('home.id', 'desc')
    .limit(limit);
}

/**
 * Each problem as one condition on products, answered from an index: the partial indexes of products with fewer than
 * 2 pictures and with no description; phones probed against repair prices by brand and name; products sharing a
 * brand and name from the (brand, name) index; the home page's newest products (its two grids and its carousel) from
 * the (kind, created) indexes.
 */
function fixCondition(fix: ProductFix): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'products'>();
  switch (fix) {
    case 'needs-pictures':
      return sql<SqlBool>`products.image_count < 2`;
    case 'no-description':
      return sql<SqlBool>`products.description = ''`;
    case 'same-name':
      // The (brand, name) pairs of more than one product, from the (brand, name) index: an import cannot tell which
      // of them a line means.
      return eb(
        eb.refTuple('products.model_id', 'products.name_search'),
        'in',
        eb
          .selectFrom('products as twin')
          .select(['twin.model_id', 'twin.name_search'])
          .groupBy(['twin.model_id', 'twin.name_search'])
          .having((h) => h.fn.countAll(), '>', 1)
          .$asTuple('model_id', 'name_search'),
      );
    case 'no-repair-prices':
      return eb.and([
        eb('products.is_accessory', '=', 0),
        eb.not(
          eb.exists(
            eb
              .selectFrom('phone_repairs')
              .innerJoin('repair_categories', 'repair_categories.id', 'phone_repairs.repair_id')
              .select('phone_repairs.id')
              .whereRef('phone_repairs.model_id', '=', 'products.model_id')
              .whereRef('phone_repairs.name_search', '=', 'products.name_search')
              .where('repair_categories.status', '=', 1),
          ),
        ),
      ]);
    case 'out-of-stock-home':
      // One list of the ids the home page shows first (a union), so both databases look each one up by its key.
      return eb.and([
        eb('products.availability', '=', 'Out of Stock'),
        eb(
          'products.id',
          'in',
          eb
            .selectFrom(newestIds(HOME_CAROUSEL_SIZE).as('latest'))
            .select('latest.id')
            .union(eb.selectFrom(newestIds(HOME_GRID_SIZE, 0).as('phones')).select('phones.id'))
            .union(eb.selectFrom(newestIds(HOME_GRID_SIZE, 1).as('extras')).select('extras.id')),
        ),
      ]);
  }
}

/** One query for a page of products, joined with the names of their model and category. */
export function findProducts(
  db: Kysely<Database>,
  filter: ProductFilter,
  sort: ProductSort,
  page?: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('products')
    .innerJoin('models', 'models.id', 'products.model_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['models.model as model_name', 'categories.category as category_name'])
    .where(whereOf(filter));
  if (sort === 'price_asc') q = q.orderBy('products.price_pence', 'asc').orderBy('products.id', 'asc');
  else if (sort === 'price_desc') q = q.orderBy('products.price_pence', 'desc').orderBy('products.id', 'desc');
  else q = q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export type ProductListRow = Awaited<ReturnType<typeof findProducts>>[number];

export async function countProducts(db: Kysely<Database>, filter: ProductFilter = {}): Promise<number> {
  if (filter.fix === 'no-repair-prices' && Object.keys(filter).length === 1) return countPhonesWithoutRepairs(db);
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(whereOf(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Phones sold with no repair price for the same phone (in an active repair category, as customers see prices),
 * counted as every phone less those that have one. Those that
 * have one are counted per phone the repair prices name, each a probe of the products' (brand, name) index, rather
 * than the repair prices once per product (a fifth of a second at 100,000 products) or the two joined, which
 * PostgreSQL does by hashing every phone (165 ms at 100,000 products and 30,000 repair prices, against 44 ms).
 */
async function countPhonesWithoutRepairs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('products')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('is_accessory', '=', 0)
        .as('phones'),
      eb
        .selectFrom((r) =>
          r
            .selectFrom('phone_repairs')
            .innerJoin('repair_categories', 'repair_categories.id', 'phone_repairs.repair_id')
            .where('repair_categories.status', '=', 1)
            .select(['phone_repairs.model_id', 'phone_repairs.name_search'])
            .distinct()
            .as('named'),
        )
        .select((s) =>
          s.fn
            .coalesce(
              s.fn.sum<number>(
                s
                  .selectFrom('products')
                  .select((c) => c.fn.countAll<number>().as('n'))
                  .whereRef('products.model_id', '=', 'named.model_id')
                  .whereRef('products.name_search', '=', 'named.name_search')
                  .where('products.is_accessory', '=', 0),
              ),
              sql.lit(0),
            )
            .as('n'),
        )
        .as('repaired'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.phones) - Number(row.repaired);
}

export function findProductById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('products')
    .innerJoin('models', 'models.id', 'products.model_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['models.model as model_name', 'categories.category as category_name'])
    .where('products.id', '=', id)
    .executeTakeFirst();
}

export function findProductsByIds(db: Kysely<Database>, ids: string[]) {
  return db
    .selectFrom('products')
    .select(['id', 'productname', 'price_pence'])
    .where('id', 'in', ids.length ? ids : [''])
    .execute();
}

export function productExists(db: Kysely<Database>, id: string) {
  return db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
}

export async function insertProduct(db: Kysely<Database>, row: ProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Many rows in one statement per call: the caller keeps a batch within the databases' parameter limits. */
export async function insertProducts(db: Kysely<Database>, rows: ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('products').values(rows).execute();
}

export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  changes: Omit<ProductRow, 'id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

/** The columns an import sets on the products it updates, with their SQL types. */
export const IMPORTED_COLUMNS = {
  productname: 'text',
  name_search: 'text',
  price_pence: 'integer',
  stockquantity: 'integer',
  description: 'text',
  category_id: 'text',
  availability: 'text',
  warranty: 'text',
  discount: 'text',
  color: 'text',
  ram: 'text',
  rom: 'text',
} as const;
export type ImportedColumns = { [K in keyof typeof IMPORTED_COLUMNS]: ProductRow[K] };

/** Sets the imported columns of many products, a few thousand per statement. */
export async function updateImportedProducts(
  db: Kysely<Database>,
  rows: { id: string; values: ImportedColumns }[],
  at: string,
): Promise<void> {
  await updateRows(db, 'products', IMPORTED_COLUMNS, rows, { updated_at: at });
}

export async function deleteProduct(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** Ids a statement names at most, within SQLite's limit on bound values. */
const IDS_PER_STATEMENT = 500;

/** The full rows of these products (those that still exist), any number of them. */
export async function findProductRows(db: Kysely<Database>, ids: string[]): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
    out.push(
      ...(await db
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .execute()),
    );
  return out;
}

/** Deletes these products (which have no pictures): the caller keeps a batch within the databases' parameter limits. */
export async function deleteProducts(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('products').where('id', 'in', ids).execute();
}

// ---- The last import, kept to undo it ----

/** Saves an import and its rows, and forgets every earlier one: only the last can be undone. */
export async function saveProductImport(
  db: Kysely<Database>,
  change: ProductImportsTable,
  rows: ProductImportRowsTable[],
): Promise<void> {
  await db.deleteFrom('product_import_rows').execute();
  await db.deleteFrom('product_imports').execute();
  await db.insertInto('product_imports').values(change).execute();
  // As an import's updates: one statement on PostgreSQL, a few thousand rows per statement on SQLite.
  const columns = ['import_id', 'product_id', 'label', 'before', 'set_at'] as const;
  await perStatement(db, rows, columns.length, async (batch) => {
    const values = valuesTable(
      db,
      columns.map(() => 'text'),
      batch.map((r) => columns.map((c) => r[c])),
    );
    await sql`insert into product_import_rows (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((_, n) => sql.ref(`v.column${n + 1}`)))} from ${values}`.execute(db);
  });
}

export function findLastProductImport(db: Kysely<Database>) {
  return db.selectFrom('product_imports').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findProductImportRows(db: Kysely<Database>, importId: string) {
  return db.selectFrom('product_import_rows').selectAll().where('import_id', '=', importId).execute();
}

/** The rows of a kept import whose product was changed or deleted since: an undo would lose those changes. */
const rowsChangedSince = (db: Kysely<Database>, importId: string) =>
  db
    .selectFrom('product_import_rows as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .where('i.import_id', '=', importId)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.updated_at', '!=', eb.ref('i.set_at'))]));

/** The names of a kept import's products changed or deleted since it (an undo refuses, naming them). */
export async function findProductsChangedSince(db: Kysely<Database>, importId: string): Promise<string[]> {
  return (await rowsChangedSince(db, importId).select('i.label').orderBy('i.label').execute()).map((row) => row.label);
}

/** How many of a kept import's products were changed or deleted since it (the last change says so). */
export async function countProductsChangedSince(db: Kysely<Database>, importId: string): Promise<number> {
  const row = await rowsChangedSince(db, importId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markProductImportUndone(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('product_imports').set({ undone_at: at }).where('id', '=', id).execute();
}

/** Id and last change of every product, for the sitemap: no joins, no images. */
export function findProductStamps(db: Kysely<Database>) {
  return db.selectFrom('products').select(['id', 'updated_at', 'model_id', 'category_id']).orderBy('created_at', 'desc').execute();
}

/** A page of the filtered list newest first after the row `after` (keyset paging, for exports of any size). */
export function findProductsAfter(
  db: Kysely<Database>,
  filter: ProductFilter,
  after: { created_at: string; id: string } | undefined,
  limit: number,
) {
  return db
    .selectFrom('products')
    .innerJoin('models', 'models.id', 'products.model_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['models.model as model_name', 'categories.category as category_name'])
    .where(whereOf(filter))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('products.created_at', '<', after!.created_at),
          eb.and([eb('products.created_at', '=', after!.created_at), eb('products.id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
}

/** The products of these (brand, lower-cased name) pairs: how an import finds the products it updates. */
export function findProductsByNames(db: Kysely<Database>, pairs: { model_id: string; name_search: string }[]) {
  return perStatement(db, pairs, 2, async (batch) => {
    const names = valuesTable(
      db,
      ['text', 'text'],
      batch.map((p) => [p.model_id, p.name_search]),
    );
    const found = await sql<ProductRow>`select products.* from products join ${names}
      on products.model_id = v.column1 and products.name_search = v.column2`.execute(db);
    return found.rows;
  });
}
