import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import * as repo from './categories.repository.ts';

/** What sets one kind of category apart from the other: its table, its API field and its wording. */
export interface CategoryKind<F extends string> {
  table: repo.CategoryTable;
  field: F;
  /** 'Category' or 'Repair category', for messages. */
  label: string;
  messages: { notFound: string; exists: string };
}

export const ACCESSORY_CATEGORIES: CategoryKind<'category'> = {
  table: 'categories',
  field: 'category',
  label: 'Category',
  messages: { notFound: 'Category not found', exists: 'A category with this name already exists' },
};

export const REPAIR_CATEGORIES: CategoryKind<'repaircategory'> = {
  table: 'repair_categories',
  field: 'repaircategory',
  label: 'Repair category',
  messages: { notFound: 'Repair category not found', exists: 'A repair category with this name already exists' },
};

/** The API shape: `{ _id, category | repaircategory, status, createdAt, updatedAt }`. */
export type CategoryRecord<F extends string> = { _id: string; status: boolean; createdAt: string; updatedAt: string } & Record<F, string>;
/** A category as other modules see it. */
export type CategoryInfo<F extends string> = { _id: string; active: boolean } & Record<F, string>;

/** Accessory categories or repair categories: listed, created (an archived name restores), archived, found. */
export function createCategoriesService<F extends string>(db: Kysely<Database>, kind: CategoryKind<F>) {
  const toRecord = (r: repo.CategoryRow) =>
    ({ _id: r.id, [kind.field]: r.name, status: r.status === 1, createdAt: r.created_at, updatedAt: r.updated_at }) as CategoryRecord<F>;
  const toInfo = (r: repo.CategoryRow) => ({ _id: r.id, [kind.field]: r.name, active: r.status === 1 }) as CategoryInfo<F>;

  return {
    kind,

    async listActive(): Promise<CategoryRecord<F>[]> {
      return (await repo.findActiveCategories(db, kind.table)).map(toRecord);
    },

    /** Creates one; the name of an archived one restores it (as for models). */
    async create(name: string): Promise<{ record: CategoryRecord<F>; restored: boolean }> {
      const existing = await repo.findCategoryByName(db, kind.table, name);
      if (existing?.status === 1) throw new AppError(409, kind.messages.exists, { fieldErrors: { [kind.field]: [kind.messages.exists] } });
      const at = now();
      const id = existing?.id ?? newId();
      if (existing) await repo.updateCategory(db, kind.table, id, { name, status: 1, updated_at: at });
      else await repo.insertCategory(db, kind.table, { id, name, status: 1, created_at: at, updated_at: at });
      return { record: toRecord((await repo.findCategoryById(db, kind.table, id))!), restored: existing !== undefined };
    },

    async archive(id: string): Promise<void> {
      const row = isId(id) ? await repo.findCategoryById(db, kind.table, id) : undefined;
      if (!row) throw notFound(kind.messages.notFound);
      if (row.status !== 0) await repo.updateCategory(db, kind.table, id, { status: 0, updated_at: now() });
    },

    async find(id: string): Promise<CategoryInfo<F> | undefined> {
      const row = isId(id) ? await repo.findCategoryById(db, kind.table, id) : undefined;
      return row ? toInfo(row) : undefined;
    },

    /** The ones a listing filter names: by id or by name in any letter case. */
    async resolve(idOrName: string): Promise<CategoryInfo<F>[]> {
      return (await repo.findCategoriesByIdOrName(db, kind.table, idOrName)).map(toInfo);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService<'category'>>;
export type RepairCategoriesService = ReturnType<typeof createCategoriesService<'repaircategory'>>;
