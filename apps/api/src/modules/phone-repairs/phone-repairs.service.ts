import {
  REPAIR_LIST_PAGE_SIZE,
  shopPath,
  toPence,
  toPounds,
  type PageInfo,
  type PhoneRepair,
  type PhoneSummary,
  type RepairBrandPage,
  type RepairModelPage,
  type RepairQuery,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import type { ModelInfo, ModelsService } from '../models/models.service.ts';
import { modelMessages } from '../models/models.service.ts';
import type { RepairCategoriesService } from '../categories/categories.service.ts';
import { phoneNameKey } from '../../lib/slugs.ts';
import { searchIndex } from '../search/search.service.ts';
import * as phones from './phone-models.ts';
import * as phoneRepo from './phone-models.repository.ts';
import * as repo from './phone-repairs.repository.ts';

export const repairMessages = {
  notFound: 'Repair not found',
  modelNotFound: 'Selected model not found',
  accessoriesModel: 'Choose a phone model, not Accessories',
  repairNotFound: 'Selected repair category not found',
  brandNotFound: 'Brand not found',
  phoneNotFound: 'Phone not found',
} as const;

export interface RepairInput {
  productname: string;
  model: string;
  repair: string;
  price: number;
  /** The phone model's other names; left as they are when undefined. */
  aliases?: string[] | undefined;
}

const toRepair = (r: repo.RepairListRow): PhoneRepair => ({
  _id: r.id,
  productname: r.productname,
  model: { _id: r.model_id, model: r.model_name },
  repair: { _id: r.repair_id, repaircategory: r.repair_name },
  price: toPounds(r.price_pence),
  phone: { _id: r.phone_model_id, slug: r.phone_slug, aliases: phones.parseAliases(r.phone_aliases) },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toSummary = (r: phoneRepo.PhoneSummaryRow): PhoneSummary => ({
  _id: r.id,
  name: r.name,
  slug: r.slug,
  aliases: phones.parseAliases(r.aliases),
  from: toPounds(Number(r.from_pence)),
  repairs: Number(r.repairs),
});

/** A page's address from a path parameter: what a slug can be, or nothing that needs a query. */
const isSlug = (value: string) => /^[a-z0-9-]{1,100}$/.test(value);

/** Rows per insert: 10 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const BATCH = 1000;

/** New phone models with their prices, known to be valid (the benchmark's generated catalogue). */
export interface TrustedPhone {
  brand: { _id: string; model: string };
  name: string;
  prices: { repairId: string; price: number }[];
}

/** What a search result shows of a phone model: its name, page, cheapest repair and brand. */
export interface PhoneResult {
  name: string;
  url: string;
  from: number;
  brandId: string;
}

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
      brand: model!,
      row: {
        productname: input.productname,
        name_search: input.productname.toLowerCase(),
        model_id: model!._id,
        repair_id: repair!._id,
        price_pence: toPence(input.price),
        updated_at: now(),
      },
    };
  }

  /** An active phone brand by its page's slug (or an earlier slug of it); 404 for anything else. */
  async function brandOf(slug: string): Promise<ModelInfo> {
    const found = isSlug(slug.toLowerCase()) ? await deps.models.bySlug(slug.toLowerCase()) : undefined;
    if (!found || !found.brand.active || found.brand.accessories) throw notFound(repairMessages.brandNotFound);
    return found.brand;
  }

  async function brandPage(brand: ModelInfo): Promise<RepairBrandPage> {
    const [logos, summaries, rows] = await Promise.all([
      deps.models.repairBrands([brand._id]),
      phoneRepo.findPhoneSummaries(db, { brandId: brand._id }),
      repo.findRepairs(db, { modelIds: [brand._id], activeCategories: true }, 'name'),
    ]);
    return { brand: logos.get(brand._id)!, phones: summaries.map(toSummary), repairs: rows.map(toRepair) };
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

    /** Files the price under its phone model (docs/decisions/0030-repair-pages-and-slugs.md), in one transaction. */
    async create(input: RepairInput): Promise<PhoneRepair> {
      const { brand, row } = await checkedRow(input);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const phoneId = await phones.place(trx, brand, input.productname);
        await repo.insertRepair(trx, { ...row, id, phone_model_id: phoneId, created_at: row.updated_at });
        if (input.aliases) await phones.setAliases(trx, phoneId, input.aliases);
        await phones.reindex(trx, phoneId, brand);
      });
      return get(id);
    },

    async update(id: string, input: RepairInput): Promise<PhoneRepair> {
      const current = isId(id) ? await repo.findRepairById(db, id) : undefined;
      if (!current) throw notFound(repairMessages.notFound);
      const { brand, row } = await checkedRow(input, current);
      await db.transaction().execute(async (trx) => {
        const moving = { repairId: id, phoneId: current.phone_model_id, brandId: current.model_id };
        const phoneId = await phones.place(trx, brand, input.productname, moving);
        await repo.updateRepair(trx, id, { ...row, phone_model_id: phoneId });
        await phones.leave(trx, current.phone_model_id, phoneId);
        if (input.aliases) await phones.setAliases(trx, phoneId, input.aliases);
        await phones.reindex(trx, phoneId, brand);
      });
      return get(id);
    },

    /** How many phone models the shop has, with a page or not. */
    phoneCount(): Promise<number> {
      return phoneRepo.countPhones(db);
    },

    /**
     * Bulk import of trusted phone models and their prices under existing brands: no checks, one transaction,
     * batched inserts, and their rows in the search index.
     */
    async importTrusted(items: TrustedPhone[]): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const taken = await phoneRepo.findSlugsOfBrands(trx, [...new Set(items.map((i) => i.brand._id))]);
        const phoneRows: phoneRepo.PhoneModelRow[] = [];
        const repairRows: repo.PhoneRepairRow[] = [];
        for (const item of items) {
          const id = newId();
          const slug = phones.freeSlug(item.brand, item.name, taken.get(item.brand._id)!);
          phoneRows.push({ id, model_id: item.brand._id, name: item.name, name_key: phoneNameKey(item.name), slug, aliases: '[]', created_at: at, updated_at: at });
          for (const p of item.prices) {
            repairRows.push({
              id: newId(),
              productname: item.name,
              name_search: item.name.toLowerCase(),
              model_id: item.brand._id,
              phone_model_id: id,
              repair_id: p.repairId,
              price_pence: toPence(p.price),
              created_at: at,
              updated_at: at,
            });
          }
        }
        for (let i = 0; i < phoneRows.length; i += BATCH) await phoneRepo.insertPhones(trx, phoneRows.slice(i, i + BATCH));
        for (let i = 0; i < repairRows.length; i += BATCH) await repo.insertRepairs(trx, repairRows.slice(i, i + BATCH));
        await searchIndex.put(
          trx,
          phoneRows.map((p, i) => ({ kind: 'repair', refId: p.id, brandId: p.model_id, brandName: items[i]!.brand.model, title: p.name })),
        );
      });
    },

    /** Deletes the price; its phone model stays (without a page while it has no price), with its slug and aliases. */
    async remove(id: string): Promise<void> {
      if (!isId(id) || !(await repo.deleteRepair(db, id))) throw notFound(repairMessages.notFound);
    },

    /** /repairs/{brand}: an active phone brand by its slug, its phone models and its prices (404 for anything else). */
    async brandPage(slug: string): Promise<RepairBrandPage> {
      return brandPage(await brandOf(slug));
    },

    /**
     * /repairs/{brand}/{model}: a phone model with a price in an active repair category, under an active brand, found
     * by its slugs now or before; 404 for anything else.
     */
    async modelPage(brandSlug: string, phoneSlug: string): Promise<RepairModelPage> {
      const brand = await brandOf(brandSlug);
      const slug = phoneSlug.toLowerCase();
      const found = isSlug(slug) ? await phoneRepo.findPhoneBySlug(db, brand._id, slug) : undefined;
      const owner = found && found.row.model_id !== brand._id ? (await deps.models.find(found.row.model_id)) : brand;
      if (!found || !owner?.active) throw notFound(repairMessages.phoneNotFound);
      const page = await brandPage(owner);
      const phone = page.phones.find((p) => p._id === found.row.id);
      if (!phone) throw notFound(repairMessages.phoneNotFound);
      return { ...page, phone, repairs: page.repairs.filter((r) => r.phone._id === phone._id) };
    },

    /** Search results' phone models: name, page, cheapest repair and brand, for those that have a page. */
    async phoneResults(ids: string[]): Promise<Map<string, PhoneResult>> {
      const rows = await phoneRepo.findPhoneSummaries(db, { ids });
      const brands = await deps.models.repairBrands(rows.map((r) => r.model_id));
      const out = new Map<string, PhoneResult>();
      for (const r of rows) {
        const brand = brands.get(r.model_id);
        if (brand) {
          out.set(r.id, {
            name: r.name,
            url: shopPath('repairModel', { brand: brand.slug, model: r.slug }),
            from: toPounds(Number(r.from_pence)),
            brandId: r.model_id,
          });
        }
      }
      return out;
    },

    /** Every phone model's page with its last change, for the sitemap. */
    async phonePages(): Promise<{ path: string; updatedAt: string }[]> {
      return (await phoneRepo.findPhonePages(db)).map((p) => ({
        path: shopPath('repairModel', { brand: p.brand_slug, model: p.slug }),
        updatedAt: p.repairs_changed > p.updated_at ? p.repairs_changed : p.updated_at,
      }));
    },
  };
}

export type PhoneRepairsService = ReturnType<typeof createPhoneRepairsService>;
