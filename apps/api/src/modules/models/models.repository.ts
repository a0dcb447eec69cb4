import { ACCESSORIES_MODEL } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, ModelsTable } from '../../db/schema.ts';
import { sameName } from '../../lib/slugs.ts';

export type ModelRow = ModelsTable;

/** Every model, oldest first: names are compared in JavaScript (sameName), and the oldest of two alike is the one. */
const allModels = (db: Kysely<Database>) => db.selectFrom('models').selectAll().orderBy('created_at').orderBy('id').execute();

/** The model of this name in any letter case. */
export async function findModelByName(db: Kysely<Database>, name: string) {
  return (await allModels(db)).find((m) => sameName(m.model, name));
}

export function findModelById(db: Kysely<Database>, id: string) {
  return db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Models whose id is the value, or whose name is the value in any letter case. */
export async function findModelsByIdOrName(db: Kysely<Database>, value: string) {
  return (await allModels(db)).filter((m) => m.id === value || sameName(m.model, value));
}

/**
 * Active models, newest first; `withoutRepairs`: only the phone brands (not Accessories) with no repair price a
 * customer sees (one in an active repair category).
 */
export function findActiveModels(db: Kysely<Database>, options: { withoutRepairs?: boolean } = {}) {
  return db
    .selectFrom('models')
    .selectAll()
    .where('status', '=', 1)
    .$if(options.withoutRepairs === true, (q) =>
      q
        .where((eb) => eb(eb.fn('lower', ['model']), '!=', ACCESSORIES_MODEL.toLowerCase()))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('phone_repairs')
                .innerJoin('repair_categories', 'repair_categories.id', 'phone_repairs.repair_id')
                .select('phone_repairs.id')
                .whereRef('phone_repairs.model_id', '=', 'models.id')
                .where('repair_categories.status', '=', 1),
            ),
          ),
        ),
    )
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

export function findModelsByIds(db: Kysely<Database>, ids: string[]) {
  return ids.length ? db.selectFrom('models').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
}

/** The model whose slug this is now, or else the one that had it before (`moved`). */
export async function findModelBySlug(db: Kysely<Database>, slug: string): Promise<{ row: ModelRow; moved: boolean } | undefined> {
  const live = await db.selectFrom('models').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (live) return { row: live, moved: false };
  const old = await db
    .selectFrom('model_slugs')
    .innerJoin('models', 'models.id', 'model_slugs.model_id')
    .selectAll('models')
    .where('model_slugs.slug', '=', slug)
    .executeTakeFirst();
  return old ? { row: old, moved: true } : undefined;
}

/** Slugs of other models that are `base` or `base-N`. */
export async function findSlugsLike(db: Kysely<Database>, base: string, exceptId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('models')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .where('id', '!=', exceptId)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Keeps an earlier slug of a model, so its old address still leads to it. */
export async function keepOldSlug(db: Kysely<Database>, slug: string, modelId: string, at: string): Promise<void> {
  await db
    .insertInto('model_slugs')
    .values({ slug, model_id: modelId, created_at: at })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ model_id: modelId, created_at: at }))
    .execute();
}

/** A slug in use again is no longer an old address. */
export async function forgetOldSlug(db: Kysely<Database>, slug: string): Promise<void> {
  await db.deleteFrom('model_slugs').where('slug', '=', slug).execute();
}
