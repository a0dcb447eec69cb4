import type { Kysely } from 'kysely';
import type { Database, PhoneModelsTable } from '../../db/schema.ts';

export type PhoneModelRow = PhoneModelsTable;

export function findPhoneByKey(db: Kysely<Database>, brandId: string, nameKey: string) {
  return db
    .selectFrom('phone_models')
    .selectAll()
    .where('model_id', '=', brandId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** The phone models of these brands whose name keys are among these (a bulk write's phones that exist already). */
export async function findPhonesByKeys(db: Kysely<Database>, brandIds: string[], nameKeys: string[]): Promise<PhoneModelRow[]> {
  const found: PhoneModelRow[] = [];
  for (let i = 0; i < nameKeys.length; i += KEYS_PER_QUERY) {
    found.push(
      ...(await db
        .selectFrom('phone_models')
        .selectAll()
        .where('model_id', 'in', brandIds.length ? brandIds : [''])
        .where('name_key', 'in', nameKeys.slice(i, i + KEYS_PER_QUERY))
        .execute()),
    );
  }
  return found;
}

/** Keys per query: with the brand ids, well within both databases' parameter limits. */
const KEYS_PER_QUERY = 5000;

export function findPhoneById(db: Kysely<Database>, id: string) {
  return db.selectFrom('phone_models').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The phone model of a brand whose slug this is now, or else the one that had it before (`moved`). */
export async function findPhoneBySlug(
  db: Kysely<Database>,
  brandId: string,
  slug: string,
): Promise<{ row: PhoneModelRow; moved: boolean } | undefined> {
  const live = await db
    .selectFrom('phone_models')
    .selectAll()
    .where('model_id', '=', brandId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (live) return { row: live, moved: false };
  const old = await db
    .selectFrom('phone_model_slugs')
    .innerJoin('phone_models', 'phone_models.id', 'phone_model_slugs.phone_model_id')
    .selectAll('phone_models')
    .where('phone_model_slugs.model_id', '=', brandId)
    .where('phone_model_slugs.slug', '=', slug)
    .executeTakeFirst();
  return old ? { row: old, moved: true } : undefined;
}

export async function insertPhone(db: Kysely<Database>, row: PhoneModelRow): Promise<void> {
  await db.insertInto('phone_models').values(row).execute();
}

/** Rows per insert: 8 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const BATCH = 1000;

export async function insertPhones(db: Kysely<Database>, rows: PhoneModelRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('phone_models')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

/** The slugs each of these brands' phone models have. */
export async function findSlugsOfBrands(db: Kysely<Database>, brandIds: string[]): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('phone_models')
    .select(['model_id', 'slug'])
    .where('model_id', 'in', brandIds.length ? brandIds : [''])
    .execute();
  const out = new Map<string, Set<string>>(brandIds.map((id) => [id, new Set<string>()]));
  for (const r of rows) out.get(r.model_id)?.add(r.slug);
  return out;
}

export async function updatePhone(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<PhoneModelRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('phone_models').set(changes).where('id', '=', id).execute();
}

export async function deletePhone(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('phone_models').where('id', '=', id).execute();
}

/** Slugs of the brand's other phone models that are `base` or `base-N`. */
export async function findSlugsLike(db: Kysely<Database>, brandId: string, base: string, exceptId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('phone_models')
    .select('slug')
    .where('model_id', '=', brandId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .where('id', '!=', exceptId)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Keeps an earlier address of a phone model, under the brand it was then filed under. */
export async function keepOldSlug(
  db: Kysely<Database>,
  brandId: string,
  slug: string,
  phoneId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('phone_model_slugs')
    .values({ model_id: brandId, slug, phone_model_id: phoneId, created_at: at })
    .onConflict((oc) => oc.columns(['model_id', 'slug']).doUpdateSet({ phone_model_id: phoneId, created_at: at }))
    .execute();
}

/** A slug in use again is no longer an old address. */
export async function forgetOldSlug(db: Kysely<Database>, brandId: string, slug: string): Promise<void> {
  await db.deleteFrom('phone_model_slugs').where('model_id', '=', brandId).where('slug', '=', slug).execute();
}

/** Every old address of one phone model now leads to another (the two were merged). */
export async function moveOldSlugs(db: Kysely<Database>, fromId: string, toId: string): Promise<void> {
  await db.updateTable('phone_model_slugs').set({ phone_model_id: toId }).where('phone_model_id', '=', fromId).execute();
}

export async function countRepairsOf(db: Kysely<Database>, phoneId: string, exceptRepairId: string): Promise<number> {
  const row = await db
    .selectFrom('phone_repairs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone_model_id', '=', phoneId)
    .where('id', '!=', exceptRepairId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every repair price of a phone model takes its name's spelling. */
export async function renameRepairsOf(db: Kysely<Database>, phoneId: string, name: string): Promise<void> {
  await db
    .updateTable('phone_repairs')
    .set({ productname: name, name_search: name.toLowerCase() })
    .where('phone_model_id', '=', phoneId)
    .execute();
}

/**
 * Phone models with at least one repair price in an active repair category, with their cheapest such price, how many
 * there are and when the last changed; by brand or by id, by name.
 */
export function findPhoneSummaries(db: Kysely<Database>, where: { brandId: string } | { ids: string[] }) {
  let q = db
    .selectFrom('phone_models as p')
    .innerJoin('phone_repairs as r', 'r.phone_model_id', 'p.id')
    .innerJoin('repair_categories as c', 'c.id', 'r.repair_id')
    .select(['p.id', 'p.model_id', 'p.name', 'p.slug', 'p.aliases', 'p.updated_at'])
    .select((eb) => [
      eb.fn.min<number>('r.price_pence').as('from_pence'),
      eb.fn.countAll<number>().as('repairs'),
      eb.fn.max<string>('r.updated_at').as('repairs_changed'),
    ])
    .where('c.status', '=', 1)
    .groupBy(['p.id', 'p.model_id', 'p.name', 'p.slug', 'p.aliases', 'p.updated_at'])
    // By name in any letter case and spacing, as both databases order it alike.
    .orderBy('p.name_key')
    .orderBy('p.id');
  q = 'brandId' in where ? q.where('p.model_id', '=', where.brandId) : q.where('p.id', 'in', where.ids.length ? where.ids : ['']);
  return q.execute();
}

export type PhoneSummaryRow = Awaited<ReturnType<typeof findPhoneSummaries>>[number];

/** Every phone model with a page: an active brand, and a repair price in an active repair category. */
export function findPhonePages(db: Kysely<Database>) {
  return db
    .selectFrom('phone_models as p')
    .innerJoin('models as m', 'm.id', 'p.model_id')
    .innerJoin('phone_repairs as r', 'r.phone_model_id', 'p.id')
    .innerJoin('repair_categories as c', 'c.id', 'r.repair_id')
    .select(['p.id', 'p.slug', 'm.id as brand_id', 'm.model as brand_name', 'm.slug as brand_slug', 'p.updated_at'])
    .select((eb) => eb.fn.max<string>('r.updated_at').as('repairs_changed'))
    .where('c.status', '=', 1)
    .where('m.status', '=', 1)
    .groupBy(['p.id', 'p.slug', 'm.id', 'm.model', 'm.slug', 'p.updated_at'])
    .orderBy('m.slug')
    .orderBy('p.slug')
    .execute();
}

/**
 * Dates the phone models of these repair prices `at`: their pages changed, though the prices themselves went back
 * to their earlier dates (an undo), so the sitemap's lastmod still moves on.
 */
export async function touchPhonesOf(db: Kysely<Database>, repairIds: string[], at: string): Promise<void> {
  for (let i = 0; i < repairIds.length; i += BATCH) {
    const ids = repairIds.slice(i, i + BATCH);
    await db
      .updateTable('phone_models')
      .set({ updated_at: at })
      .where('id', 'in', (eb) =>
        eb.selectFrom('phone_repairs').select('phone_repairs.phone_model_id').where('phone_repairs.id', 'in', ids),
      )
      .execute();
  }
}

export async function countPhones(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('phone_models')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
