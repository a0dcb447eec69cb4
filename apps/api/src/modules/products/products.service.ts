import {
  PRODUCT_LIST_PAGE_SIZE,
  imageCountMessage,
  productModelIssues,
  toPence,
  toPounds,
  type Availability,
  type PageInfo,
  type Product,
  type ProductInput,
  type ProductQuery,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import { addStoredImages, encodeImages, imagesByOwner, keyOfUrl, setImages, thumbnailUrl, toAsset, type ImageSource } from '../media/media.service.ts';
import type { ModelsService } from '../models/models.service.ts';
import { searchIndex } from '../search/search.service.ts';
import * as repo from './products.repository.ts';

export const productMessages = {
  notFound: 'Product not found',
  categoryNotFound: 'Selected category not found',
  keepUnknown: 'Images to keep must be images of this product',
} as const;

type Issue = { field: string; message: string };

/** A product already known to be valid (generated or imported data), whose images' bytes are already stored. */
export interface TrustedProduct {
  productname: string;
  price: number;
  stockquantity: number;
  description: string;
  modelId: string;
  categoryId: string | null;
  accessory: boolean;
  availability: Availability;
  warranty: string;
  discount: string;
  color: string;
  ram: string[];
  rom: string[];
  createdAt: string;
  images: ImageSource[];
}

/** Product rows per insert: 17 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const PRODUCT_BATCH = 1000;

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toProduct(row: repo.ProductListRow, images: ImageSource[]): Product {
  return {
    _id: row.id,
    productname: row.productname,
    price: toPounds(row.price_pence),
    stockquantity: row.stockquantity,
    description: row.description,
    model: { _id: row.model_id, model: row.model_name },
    category: row.category_id && row.category_name !== null ? { _id: row.category_id, category: row.category_name } : null,
    availability: row.availability as Availability,
    warranty: row.warranty,
    discount: row.discount,
    color: row.color,
    images: images.map(toAsset),
    ram: parseList(row.ram),
    rom: parseList(row.rom),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const isEmptyQuery = (q: ProductQuery) => Object.values(q).every((v) => v === undefined);

export function createProductsService(db: Kysely<Database>, deps: { models: ModelsService; categories: CategoriesService }) {
  async function withImages(rows: repo.ProductListRow[]): Promise<Product[]> {
    const images = await imagesByOwner(
      db,
      'product',
      rows.map((r) => r.id),
    );
    return rows.map((r) => toProduct(r, images.get(r.id) ?? []));
  }

  async function get(id: string): Promise<Product> {
    const row = isId(id) ? await repo.findProductById(db, id) : undefined;
    if (!row) throw notFound(productMessages.notFound);
    return (await withImages([row]))[0]!;
  }

  /**
   * A product is an accessory exactly when its model is Accessories, and only accessories have a category; so a
   * type next to a model or category filter is applied to the resolved ids, and the query keeps one condition
   * that a (model or category, sort) index answers alone, however big the catalogue.
   */
  async function filterOf(q: ProductQuery): Promise<repo.ProductFilter> {
    const accessory = q.type === undefined ? undefined : q.type === 'accessory';
    const models = q.model ? await deps.models.resolve(q.model) : undefined;
    const categories = q.category && accessory !== false ? await deps.categories.resolve(q.category) : [];
    return {
      ...(models ? { modelIds: models.filter((m) => accessory === undefined || m.accessories === accessory).map((m) => m._id) } : {}),
      ...(q.category ? { categoryIds: categories.map((c) => c._id) } : {}),
      ...(accessory !== undefined && !q.model && !q.category ? { isAccessory: accessory ? 1 : 0 } : {}),
      ...(q.availability ? { availability: q.availability } : {}),
      ...(q.q ? { nameContains: q.q.toLowerCase() } : {}),
    };
  }

  /**
   * The spec's submit checks that need the database: the model (active, or the one the product already has),
   * the category of an accessory, RAM and ROM of a phone, and 2 to 5 images in all.
   */
  async function checkedRow(input: ProductInput, imageCount: number, current?: repo.ProductRow) {
    const model = await deps.models.find(input.model);
    const usable = model && (model.active || model._id === current?.model_id) ? model : undefined;
    const issues: Issue[] = productModelIssues(input, usable?.model);
    let categoryId: string | null = null;
    if (usable?.accessories && input.category) {
      const category = await deps.categories.find(input.category);
      if (category && (category.active || category._id === current?.category_id)) categoryId = category._id;
      else issues.push({ field: 'category', message: productMessages.categoryNotFound });
    }
    const count = imageCountMessage(imageCount);
    if (count) issues.push({ field: 'file', message: count });
    if (issues.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      for (const i of issues) (fieldErrors[i.field] ??= []).push(i.message);
      throw new AppError(400, issues[0]!.message, { code: 'VALIDATION', fieldErrors });
    }
    const accessory = usable!.accessories;
    const at = now();
    const row = {
      productname: input.productname,
      name_search: input.productname.toLowerCase(),
      price_pence: toPence(input.price),
      stockquantity: input.stockquantity,
      description: input.description,
      model_id: usable!._id,
      category_id: accessory ? categoryId : null,
      is_accessory: accessory ? 1 : 0,
      availability: input.availability,
      warranty: input.warranty,
      discount: input.discount,
      color: input.color,
      ram: JSON.stringify(accessory ? [] : [...new Set(input.ram)]),
      rom: JSON.stringify(accessory ? [] : [...new Set(input.rom)]),
      updated_at: at,
    };
    return { row, brandName: usable!.model };
  }

  /** The product's row in the search index. */
  const indexed = (id: string, productname: string, modelId: string, brandName: string) =>
    ({ kind: 'product', refId: id, brandId: modelId, brandName, title: productname }) as const;

  return {
    /** Every product, newest first; with any query parameter, one page of the filtered, sorted list. */
    async list(query: ProductQuery): Promise<{ fetchProducts: Product[] } & Partial<PageInfo>> {
      const sort = query.sort ?? 'newest';
      if (isEmptyQuery(query)) return { fetchProducts: await withImages(await repo.findProducts(db, {}, sort)) };
      const page = query.page ?? 1;
      const limit = query.limit ?? PRODUCT_LIST_PAGE_SIZE;
      const filter = await filterOf(query);
      const [rows, total] = await Promise.all([
        repo.findProducts(db, filter, sort, { limit, offset: (page - 1) * limit }),
        repo.countProducts(db, filter),
      ]);
      return { fetchProducts: await withImages(rows), page, limit, total, pages: Math.ceil(total / limit) };
    },

    get,

    count(): Promise<number> {
      return repo.countProducts(db);
    },

    /** Search results' products: name, price and first picture (its smallest width), by id. */
    async results(ids: string[]): Promise<Map<string, { title: string; price: number; image?: string }>> {
      const rows = await repo.findProductsByIds(db, ids);
      const images = await imagesByOwner(db, 'product', rows.map((r) => r.id));
      return new Map(
        rows.map((r) => {
          const first = images.get(r.id)?.[0];
          return [r.id, { title: r.productname, price: toPounds(r.price_pence), ...(first ? { image: thumbnailUrl(first) } : {}) }];
        }),
      );
    },

    /** Every product's id and last change, for the sitemap. */
    async stamps(): Promise<{ _id: string; updatedAt: string }[]> {
      return (await repo.findProductStamps(db)).map((r) => ({ _id: r.id, updatedAt: r.updated_at }));
    },

    /**
     * Bulk import of trusted products (the benchmark's generated catalogue): no checks, no image encoding,
     * one transaction, batched inserts. Returns the new ids in order.
     */
    async importTrusted(items: TrustedProduct[]): Promise<string[]> {
      const rows: repo.ProductRow[] = items.map((p) => ({
        id: newId(),
        productname: p.productname,
        name_search: p.productname.toLowerCase(),
        price_pence: toPence(p.price),
        stockquantity: p.stockquantity,
        description: p.description,
        model_id: p.modelId,
        category_id: p.accessory ? p.categoryId : null,
        is_accessory: p.accessory ? 1 : 0,
        availability: p.availability,
        warranty: p.warranty,
        discount: p.discount,
        color: p.color,
        ram: JSON.stringify(p.accessory ? [] : p.ram),
        rom: JSON.stringify(p.accessory ? [] : p.rom),
        created_at: p.createdAt,
        updated_at: p.createdAt,
      }));
      const brandNames = new Map<string, string>();
      for (const modelId of new Set(rows.map((r) => r.model_id))) brandNames.set(modelId, (await deps.models.find(modelId))?.model ?? '');
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += PRODUCT_BATCH) await repo.insertProducts(trx, rows.slice(i, i + PRODUCT_BATCH));
        await searchIndex.put(
          trx,
          rows.map((r) => indexed(r.id, r.productname, r.model_id, brandNames.get(r.model_id)!)),
        );
        await addStoredImages(
          trx,
          'product',
          rows.map((r, i) => ({ ownerId: r.id, images: items[i]!.images })),
        );
      });
      return rows.map((r) => r.id);
    },

    /** Checks everything, encodes the images, then writes the product and its images in one transaction. */
    async create(input: ProductInput, files: Buffer[]): Promise<Product> {
      const { row, brandName } = await checkedRow(input, files.length);
      const images = await encodeImages(files);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertProduct(trx, { ...row, id, created_at: row.updated_at });
        await setImages(trx, 'product', id, images);
        await searchIndex.put(trx, [indexed(id, row.productname, row.model_id, brandName)]);
      });
      return get(id);
    },

    /** Replaces the fields; the images become `keepImages` (existing ones, in that order) followed by the new files. */
    async update(id: string, input: ProductInput, files: Buffer[]): Promise<Product> {
      const current = isId(id) ? await repo.findProductById(db, id) : undefined;
      if (!current) throw notFound(productMessages.notFound);
      const existing = (await imagesByOwner(db, 'product', [id])).get(id) ?? [];
      const kept: ImageSource[] = [];
      for (const url of input.keepImages) {
        const key = keyOfUrl(url);
        const image = key ? existing.find((img) => img.variants.some((v) => v.key === key)) : undefined;
        if (!image)
          throw new AppError(400, productMessages.keepUnknown, {
            code: 'VALIDATION',
            fieldErrors: { keepImages: [productMessages.keepUnknown] },
          });
        if (!kept.includes(image)) kept.push(image);
      }
      const { row, brandName } = await checkedRow(input, kept.length + files.length, current);
      const added = await encodeImages(files);
      await db.transaction().execute(async (trx) => {
        await repo.updateProduct(trx, id, row);
        await setImages(trx, 'product', id, [...kept, ...added]);
        await searchIndex.put(trx, [indexed(id, row.productname, row.model_id, brandName)]);
      });
      return get(id);
    },

    /** Deletes the product and its images (and their bytes, unless something else shows the same picture). */
    async remove(id: string): Promise<void> {
      if (!isId(id) || !(await repo.productExists(db, id))) throw notFound(productMessages.notFound);
      await db.transaction().execute(async (trx) => {
        await setImages(trx, 'product', id, []);
        await repo.deleteProduct(trx, id);
        await searchIndex.remove(trx, [id]);
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
