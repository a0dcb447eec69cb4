import { REPAIR_LIST_PAGE_SIZE, toPence, toPounds, type PageInfo, type PhoneRepair, type RepairQuery } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import type { ModelsService } from '../models/models.service.ts';
import { modelMessages } from '../models/models.service.ts';
import type { RepairCategoriesService } from '../categories/categories.service.ts';
import * as repo from './phone-repairs.repository.ts';

export const repairMessages = {
  notFound: 'Repair not found',
  modelNotFound: 'Selected model not found',
  accessoriesModel: 'Choose a phone model, not Accessories',
  repairNotFound: 'Selected repair category not found',
} as const;

export interface RepairInput {
  productname: string;
  model: string;
  repair: string;
  price: number;
}

const toRepair = (r: repo.RepairListRow): PhoneRepair => ({
  _id: r.id,
  productname: r.productname,
  model: { _id: r.model_id, model: r.model_name },
  repair: { _id: r.repair_id, repaircategory: r.repair_name },
  price: toPounds(r.price_pence),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createPhoneRepairsService(
  db: Kysely<Database>,
  deps: { models: ModelsService; repairCategories: RepairCategoriesService },
) {
  async function get(id: string): Promise<PhoneRepair> {
    const row = isId(id) ? await repo.findRepairById(db, id) : undefined;
    if (!row) throw notFound(repairMessages.notFound);
    return toRepair(row);
  }

  /** The model and repair category must be active (or the ones the entry already has). */
  async function checkedRow(input: RepairInput, current?: repo.PhoneRepairRow) {
    const fieldErrors: Record<string, string[]> = {};
    const model = await deps.models.find(input.model);
    if (!model || (!model.active && model._id !== current?.model_id)) fieldErrors.model = [repairMessages.modelNotFound];
    else if (model.accessories) fieldErrors.model = [repairMessages.accessoriesModel];
    const repair = await deps.repairCategories.find(input.repair);
    if (!repair || (!repair.active && repair._id !== current?.repair_id)) fieldErrors.repair = [repairMessages.repairNotFound];
    const first = Object.values(fieldErrors)[0]?.[0];
    if (first) throw new AppError(400, first, { code: 'VALIDATION', fieldErrors });
    return {
      productname: input.productname,
      name_search: input.productname.toLowerCase(),
      model_id: model!._id,
      repair_id: repair!._id,
      price_pence: toPence(input.price),
      updated_at: now(),
    };
  }

  return {
    /** Every repair price, newest first; with any query parameter, one page of the filtered, sorted list. */
    async list(query: RepairQuery): Promise<{ fetchPhoneRepair: PhoneRepair[] } & Partial<PageInfo>> {
      const sort = query.sort ?? 'newest';
      if (Object.values(query).every((v) => v === undefined)) {
        return { fetchPhoneRepair: (await repo.findRepairs(db, {}, sort)).map(toRepair) };
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? REPAIR_LIST_PAGE_SIZE;
      const filter: repo.RepairFilter = {
        ...(query.model ? { modelIds: (await deps.models.resolve(query.model)).map((m) => m._id) } : {}),
        ...(query.q ? { nameContains: query.q.toLowerCase() } : {}),
      };
      const [rows, total] = await Promise.all([
        repo.findRepairs(db, filter, sort, { limit, offset: (page - 1) * limit }),
        repo.countRepairs(db, filter),
      ]);
      return { fetchPhoneRepair: rows.map(toRepair), page, limit, total, pages: Math.ceil(total / limit) };
    },

    get,

    /** The repair prices of one model (the repair detail page), newest first. */
    async forModel(modelId: string): Promise<PhoneRepair[]> {
      const model = await deps.models.find(modelId);
      if (!model) throw notFound(modelMessages.notFound);
      return (await repo.findRepairs(db, { modelIds: [model._id] }, 'newest')).map(toRepair);
    },

    async create(input: RepairInput): Promise<PhoneRepair> {
      const row = await checkedRow(input);
      const id = newId();
      await repo.insertRepair(db, { ...row, id, created_at: row.updated_at });
      return get(id);
    },

    async update(id: string, input: RepairInput): Promise<PhoneRepair> {
      const current = isId(id) ? await repo.findRepairById(db, id) : undefined;
      if (!current) throw notFound(repairMessages.notFound);
      await repo.updateRepair(db, id, await checkedRow(input, current));
      return get(id);
    },

    async remove(id: string): Promise<void> {
      if (!isId(id) || !(await repo.deleteRepair(db, id))) throw notFound(repairMessages.notFound);
    },
  };
}

export type PhoneRepairsService = ReturnType<typeof createPhoneRepairsService>;
