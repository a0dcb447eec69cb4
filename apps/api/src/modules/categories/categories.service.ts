import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './categories.repository.ts';

/** What sets one kind of category apart from the other: its table, its API field and its wording. */
export interface CategoryKind<F extends string> {
  table: repo.CategoryTable;
  field: F;
  /** 'Category' or 'Repair category', for messages. */
  label: string;
  /** What the history calls this kind of record. */
  entity: 'category' | 'repair_category';
  messages: { notFound: string; exists: string };
}

export const ACCESSORY_CATEGORIES: CategoryKind<'category'> = {
  table: 'categories',
  field: 'category',
  label: 'Category',
  entity: 'category',
  messages: { notFound: 'Category not found', exists: 'A category with this name already exists' },
};

export const REPAIR_CATEGORIES: CategoryKind<'repaircategory'> = {
  table: 'repair_categories',
  field: 'repaircategory',
  label: 'Repair category',
  entity: 'repair_category',
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
  const snapshot = (r: { name: string; status: number }) => ({
    [kind.field]: r.name,
    status: r.status === 1 ? 'Active' : 'Archived',
  });

  return {
    kind,

    async listActive(): Promise<CategoryRecord<F>[]> {
      return (await repo.findActiveCategories(db, kind.table)).map(toRecord);
    },

    /** Creates one; the name of an archived one restores it (as for models). */
    async create(name: string, actor: Actor): Promise<{ record: CategoryRecord<F>; restored: boolean }> {
      const existing = await repo.findCategoryByName(db, kind.table, name);
      if (existing?.status === 1) throw new AppError(409, kind.messages.exists, { fieldErrors: { [kind.field]: [kind.messages.exists] } });
      const at = now();
      const id = existing?.id ?? newId();
      await db.transaction().execute(async (trx) => {
        if (existing) await repo.updateCategory(trx, kind.table, id, { name, status: 1, updated_at: at });
        else await repo.insertCategory(trx, kind.table, { id, name, status: 1, created_at: at, updated_at: at });
        await recordAudit(trx, actor, {
          action: existing ? 'restore' : 'create',
          entity: kind.entity,
          entityId: id,
          label: name,
          before: existing ? snapshot(existing) : undefined,
          after: snapshot({ name, status: 1 }),
        });
      });
      return { record: toRecord((await repo.findCategoryById(db, kind.table, id))!), restored: existing !== undefined };
    },

    async archive(id: string, actor: Actor): Promise<void> {
      const row = isId(id) ? await repo.findCategoryById(db, kind.table, id) : undefined;
      if (!row) throw notFound(kind.messages.notFound);
      if (row.status === 0) return;
      await db.transaction().execute(async (trx) => {
        await repo.updateCategory(trx, kind.table, id, { status: 0, updated_at: now() });
        await recordAudit(trx, actor, {
          action: 'archive',
          entity: kind.entity,
          entityId: id,
          label: row.name,
          before: snapshot(row),
          after: snapshot({ ...row, status: 0 }),
        });
      });
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
