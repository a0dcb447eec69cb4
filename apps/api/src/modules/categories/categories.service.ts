import type { Category } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import * as repo from './categories.repository.ts';

export const categoryMessages = {
  notFound: 'Category not found',
  exists: 'A category with this name already exists',
} as const;

/** An accessory category as other modules see it. */
export interface CategoryInfo {
  _id: string;
  category: string;
  active: boolean;
}

const toCategory = (r: repo.CategoryRow): Category => ({
  _id: r.id,
  category: r.category,
  status: r.status === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toInfo = (r: repo.CategoryRow): CategoryInfo => ({ _id: r.id, category: r.category, active: r.status === 1 });

export function createCategoriesService(db: Kysely<Database>) {
  return {
    async listActive(): Promise<Category[]> {
      return (await repo.findActiveCategories(db)).map(toCategory);
    },

    /** Creates a category; the name of an archived one restores it (as for models). */
    async create(input: { category: string }): Promise<{ category: Category; restored: boolean }> {
      const existing = await repo.findCategoryByName(db, input.category);
      if (existing?.status === 1)
        throw new AppError(409, categoryMessages.exists, { fieldErrors: { category: [categoryMessages.exists] } });
      const at = now();
      const id = existing?.id ?? newId();
      if (existing) await repo.updateCategory(db, id, { category: input.category, status: 1, updated_at: at });
      else await repo.insertCategory(db, { id, category: input.category, status: 1, created_at: at, updated_at: at });
      return { category: toCategory((await repo.findCategoryById(db, id))!), restored: existing !== undefined };
    },

    async archive(id: string): Promise<void> {
      const row = isId(id) ? await repo.findCategoryById(db, id) : undefined;
      if (!row) throw notFound(categoryMessages.notFound);
      if (row.status !== 0) await repo.updateCategory(db, id, { status: 0, updated_at: now() });
    },

    async find(id: string): Promise<CategoryInfo | undefined> {
      const row = isId(id) ? await repo.findCategoryById(db, id) : undefined;
      return row ? toInfo(row) : undefined;
    },

    /** Categories a listing filter names: by id or by name in any letter case. */
    async resolve(idOrName: string): Promise<CategoryInfo[]> {
      return (await repo.findCategoriesByIdOrName(db, idOrName)).map(toInfo);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
