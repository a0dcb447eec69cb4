import type { RepairCategory } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import * as repo from './repair-categories.repository.ts';

export const repairCategoryMessages = {
  notFound: 'Repair category not found',
  exists: 'A repair category with this name already exists',
} as const;

/** A repair category as other modules see it. */
export interface RepairCategoryInfo {
  _id: string;
  repaircategory: string;
  active: boolean;
}

const toRepairCategory = (r: repo.RepairCategoryRow): RepairCategory => ({
  _id: r.id,
  repaircategory: r.repaircategory,
  status: r.status === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toInfo = (r: repo.RepairCategoryRow): RepairCategoryInfo => ({
  _id: r.id,
  repaircategory: r.repaircategory,
  active: r.status === 1,
});

export function createRepairCategoriesService(db: Kysely<Database>) {
  return {
    async listActive(): Promise<RepairCategory[]> {
      return (await repo.findActiveRepairCategories(db)).map(toRepairCategory);
    },

    /** Creates a repair category; the name of an archived one restores it (as for models). */
    async create(input: { repaircategory: string }): Promise<{ repaircategory: RepairCategory; restored: boolean }> {
      const existing = await repo.findRepairCategoryByName(db, input.repaircategory);
      if (existing?.status === 1)
        throw new AppError(409, repairCategoryMessages.exists, {
          fieldErrors: { repaircategory: [repairCategoryMessages.exists] },
        });
      const at = now();
      const id = existing?.id ?? newId();
      if (existing) await repo.updateRepairCategory(db, id, { repaircategory: input.repaircategory, status: 1, updated_at: at });
      else
        await repo.insertRepairCategory(db, {
          id,
          repaircategory: input.repaircategory,
          status: 1,
          created_at: at,
          updated_at: at,
        });
      return { repaircategory: toRepairCategory((await repo.findRepairCategoryById(db, id))!), restored: existing !== undefined };
    },

    async archive(id: string): Promise<void> {
      const row = isId(id) ? await repo.findRepairCategoryById(db, id) : undefined;
      if (!row) throw notFound(repairCategoryMessages.notFound);
      if (row.status !== 0) await repo.updateRepairCategory(db, id, { status: 0, updated_at: now() });
    },

    async find(id: string): Promise<RepairCategoryInfo | undefined> {
      const row = isId(id) ? await repo.findRepairCategoryById(db, id) : undefined;
      return row ? toInfo(row) : undefined;
    },

    /** Repair categories a listing filter names: by id or by name in any letter case. */
    async resolve(idOrName: string): Promise<RepairCategoryInfo[]> {
      return (await repo.findRepairCategoriesByIdOrName(db, idOrName)).map(toInfo);
    },
  };
}

export type RepairCategoriesService = ReturnType<typeof createRepairCategoriesService>;
