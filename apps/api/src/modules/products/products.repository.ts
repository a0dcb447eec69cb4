import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, ProductsTable } from '../../db/schema.ts';

export type ProductRow = ProductsTable;

/** What a listing filters on, resolved to columns of products (names already turned into ids). */
export interface ProductFilter {
  modelIds?: string[];
  categoryIds?: string[];
  isAccessory?: 0 | 1;
  availability?: string;
  /** Lower-cased text to find inside the name. */
  nameContains?: string;
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
  return eb.and(conditions);
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
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(whereOf(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

export async function deleteProduct(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** Id and last change of every product, for the sitemap: no joins, no images. */
export function findProductStamps(db: Kysely<Database>) {
  return db.selectFrom('products').select(['id', 'updated_at']).orderBy('created_at', 'desc').execute();
}
