import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_LIST_PAGE_SIZE,
  imageCountMessage,
  messages,
  productImageAlt,
  productModelIssues,
  productSchema,
  toPence,
  toPounds,
  type Availability,
  type ImportError,
  type PageInfo,
  type Product,
  type ProductFix,
  type ProductInput,
  type ProductQuery,
  type UndoableChange,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import { serialise } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import {
  changedAfter,
  csvMessages,
  csvStream,
  dateTimeCell,
  exportRows,
  moneyCell,
  readCsv,
  rowErrors,
  type CellTime,
  type CsvRecord,
} from '../../lib/csv.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { pagesAfter } from '../../lib/every-record.ts';
import { changedSince, isId, madeInOrder, newId, now } from '../../lib/ids.ts';
import { changeToUndo, importLabel, lastUndoable, newUnderArchived, plural, runImport, type ImportResult } from '../../lib/import.ts';
import { sameName } from '../../lib/slugs.ts';
import { recordAudit, type Actor, type Snapshot } from '../audit/audit.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import {
  addStoredImages,
  encodeImages,
  imagesByOwner,
  keyOfUrl,
  setImages,
  thumbnailUrl,
  toAsset,
  type ImageSource,
} from '../media/media.service.ts';
import type { ModelInfo, ModelsService } from '../models/models.service.ts';
import { searchIndex } from '../search/search.service.ts';
import * as repo from './products.repository.ts';

export const productMessages = {
  notFound: 'Product not found',
  changedSince: 'This product was changed since you opened it: open it again to see the change, then make yours',
  categoryNotFound: 'Selected category not found',
  keepUnknown: 'Images to keep must be images of this product',
  imageOrder: 'The image order must name each image once',
  imageAlt: 'Give one alt text per image',
  importAmbiguous: (count: number) =>
    `${count} products have this name and brand: give each its own name in the Product List, then import again`,
  importStale:
    'This product was changed after this file was exported (in the Product List or by an import): export again, or empty this cell to overwrite the change',
  importGone:
    'No product has this name and brand now (renamed or deleted since this file was exported): export again, or empty this cell to add it as new',
  nothingToUndo: 'There is no product import to undo',
  undone: 'The last product import has already been undone',
  notLast: 'Another product import was made after this one, so this one can no longer be undone',
  cannotUndo: (n: number) =>
    `It can no longer be undone: ${n.toLocaleString('en-GB')} ${n === 1 ? 'product was' : 'products were'} changed or deleted since`,
  editedSince: (names: string[]) =>
    `It cannot be undone: ${names.length === 1 ? 'this product was' : `these ${names.length} products were`} changed or deleted since: ${nameList(names)}`,
} as const;

/** The columns an import sets, as this product has them. */
const importedOf = (row: repo.ProductRow) =>
  Object.fromEntries(
    (Object.keys(repo.IMPORTED_COLUMNS) as (keyof repo.ImportedColumns)[]).map((col) => [col, row[col]]),
  ) as repo.ImportedColumns;

/** Up to five names, then how many more. */
function nameList(names: string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

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

/**
 * Every write of a product holds this lock (serialise) from its transaction's start: an import reads the products it
 * updates (keeping the columns its file leaves out), and none of them may change between its reading and its writing.
 */
export const PRODUCTS_LOCK = 'products';

/** Product rows per insert: 18 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const PRODUCT_BATCH = 1000;

/** Names listed in an import's history entry; past it the entry holds the counts only. */
const AUDIT_NAMES_MAX = 1000;

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Each picture's alt text: the owner's, or one made from the product's name and colour. */
const altsOf = (row: { productname: string; color: string }, images: ImageSource[]) =>
  images.map((img, i) => img.alt || productImageAlt(row.productname, row.color, i));

function toProduct(row: repo.ProductListRow, images: ImageSource[]): Product {
  const alts = altsOf(row, images);
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
    images: images.map((img, i) => ({ ...toAsset(img), alt: alts[i]! })),
    ram: parseList(row.ram),
    rom: parseList(row.rom),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A product as the history shows it: names rather than ids, pounds, and its pictures by their alt text and, in
 * order, by their smallest files (a reorder or a new picture whose alt text is made from its place changes no alt).
 */
function snapshot(
  row: Omit<repo.ProductRow, 'id' | 'created_at' | 'updated_at' | 'name_search' | 'is_accessory' | 'image_count'>,
  names: { model: string; category: string | null },
  images: ImageSource[],
): Snapshot {
  return {
    productname: row.productname,
    price: toPounds(row.price_pence),
    stockquantity: row.stockquantity,
    description: row.description,
    model: names.model,
    category: names.category,
    availability: row.availability,
    warranty: row.warranty,
    discount: row.discount,
    color: row.color,
    ram: parseList(row.ram),
    rom: parseList(row.rom),
    images: altsOf(row, images),
    pictures: images.map(thumbnailUrl),
  };
}

/**
 * The pictures in their final order with their alt text: `imageOrder` (kept URLs and `file:N`), or the kept ones then
 * the new files; `imageAlt` per picture when given, else each keeps the alt it had.
 */
function arrange(input: ProductInput, kept: ImageSource[], added: ImageSource[]): ImageSource[] {
  let ordered: ImageSource[];
  if (input.imageOrder.length === 0) ordered = [...kept, ...added];
  else {
    ordered = [];
    for (const token of input.imageOrder) {
      const file = /^file:(\d{1,2})$/.exec(token);
      const key = file ? undefined : keyOfUrl(token);
      const image = file ? added[Number(file[1])] : kept.find((k) => k.variants.some((v) => v.key === key));
      if (!image || ordered.includes(image)) throw fieldError('file', productMessages.imageOrder);
      ordered.push(image);
    }
    if (ordered.length !== kept.length + added.length) throw fieldError('file', productMessages.imageOrder);
  }
  if (input.imageAlt.length === 0) return ordered;
  if (input.imageAlt.length !== ordered.length) throw fieldError('imageAlt', productMessages.imageAlt);
  return ordered.map((image, i) => ({ ...image, alt: input.imageAlt[i]! }));
}

type CsvField = (typeof PRODUCT_CSV_COLUMNS)[number]['field'];
/** The file's column each imported column of a product comes from. */
const FIELD_OF: Record<keyof repo.ImportedColumns, CsvField> = {
  productname: 'productname',
  name_search: 'productname',
  price_pence: 'price',
  stockquantity: 'stockquantity',
  description: 'description',
  category_id: 'category',
  availability: 'availability',
  warranty: 'warranty',
  discount: 'discount',
  color: 'color',
  ram: 'ram',
  rom: 'rom',
};

/**
 * A row of a product import, checked: the product's columns, and its brand; `exported`, when its Updated cell is
 * filled, the time the exported product was last changed (lib/csv.ts dateTimeCell).
 */
interface ImportRow {
  line: number;
  row: Omit<repo.ProductRow, 'id' | 'created_at' | 'updated_at' | 'image_count'>;
  exported?: CellTime | undefined;
}

/** Cells of a list column: 'RAM' as '4GB, 8GB' (commas, semicolons or bars between them). */
const cellList = (cell: string) =>
  cell
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * `deps.slowReads` is where a list of products is read, which takes milliseconds at 100,000 products (a page with its
 * brand's count, or every product): the database's `slowReads` (db/index.ts), or `db` when not given.
 */
export function createProductsService(
  db: Kysely<Database>,
  deps: { models: ModelsService; categories: CategoriesService; slowReads?: Kysely<Database> },
) {
  const lists = deps.slowReads ?? db;

  async function withImages(rows: repo.ProductListRow[], from = db): Promise<Product[]> {
    const images = await imagesByOwner(
      from,
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
  async function filterOf(q: Omit<ProductQuery, 'page' | 'limit' | 'sort'>): Promise<repo.ProductFilter> {
    const accessory = q.type === undefined ? undefined : q.type === 'accessory';
    const models = q.model ? await deps.models.resolve(q.model) : undefined;
    const categories = q.category && accessory !== false ? await deps.categories.resolve(q.category) : [];
    return {
      ...(models
        ? { modelIds: models.filter((m) => accessory === undefined || m.accessories === accessory).map((m) => m._id) }
        : {}),
      ...(q.category ? { categoryIds: categories.map((c) => c._id) } : {}),
      ...(accessory !== undefined && !q.model && !q.category ? { isAccessory: accessory ? 1 : 0 } : {}),
      ...(q.availability ? { availability: q.availability } : {}),
      ...(q.q ? { nameContains: q.q.toLowerCase() } : {}),
      ...(q.fix ? { fix: q.fix } : {}),
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
    let category: { _id: string; category: string } | null = null;
    if (usable?.accessories && input.category) {
      const found = await deps.categories.find(input.category);
      if (found && (found.active || found._id === current?.category_id)) category = found;
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
    return {
      row: {
        productname: input.productname,
        name_search: input.productname.toLowerCase(),
        price_pence: toPence(input.price),
        stockquantity: input.stockquantity,
        description: input.description,
        model_id: usable!._id,
        category_id: accessory ? (category?._id ?? null) : null,
        is_accessory: accessory ? 1 : 0,
        availability: input.availability,
        warranty: input.warranty,
        discount: input.discount,
        color: input.color,
        ram: JSON.stringify(accessory ? [] : [...new Set(input.ram)]),
        rom: JSON.stringify(accessory ? [] : [...new Set(input.rom)]),
        image_count: imageCount,
        updated_at: at,
      },
      names: { model: usable!.model, category: accessory ? (category?.category ?? null) : null },
    };
  }

  /** The product's row in the search index. */
  const indexed = (id: string, productname: string, modelId: string, brandName: string) =>
    ({ kind: 'product', refId: id, brandId: modelId, brandName, title: productname }) as const;

  /** The names of these brands, by id (for the search index's rows of many products). */
  async function brandNamesOf(modelIds: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of new Set(modelIds)) names.set(id, (await deps.models.find(id))?.model ?? '');
    return names;
  }

  /**
   * Writes an import's new and changed products and their rows in the search index, in the caller's transaction:
   * every product write of an import goes through here. New products have no pictures yet (image_count 0: the
   * dashboard lists them). Answers the new products and the time written on every product.
   */
  async function importRows(
    trx: Kysely<Database>,
    rows: {
      create: Omit<repo.ProductRow, 'id' | 'created_at' | 'updated_at' | 'image_count'>[];
      update: { id: string; values: repo.ImportedColumns }[];
    },
  ): Promise<{ created: repo.ProductRow[]; at: string }> {
    const at = now();
    const created: repo.ProductRow[] = rows.create.map((r, i) => ({
      ...r,
      id: newId(),
      image_count: 0,
      created_at: madeInOrder(at, i),
      updated_at: at,
    }));
    for (let i = 0; i < created.length; i += PRODUCT_BATCH) await repo.insertProducts(trx, created.slice(i, i + PRODUCT_BATCH));
    await repo.updateImportedProducts(trx, rows.update, at);
    // A product's search entry is made of its brand and the words of its name in lower case, and an import updates
    // the product with that brand whose name is the same in lower case: only the new products need an entry.
    const brands = await brandNamesOf(created.map((r) => r.model_id));
    await searchIndex.put(
      trx,
      created.map((r) => indexed(r.id, r.productname, r.model_id, brands.get(r.model_id)!)),
    );
    return { created, at };
  }

  /** Checks every row of an import with the form's rules, names resolved to ids; errors carry line and column. */
  async function checkRows(records: CsvRecord<CsvField>[], headers: Map<CsvField, string>) {
    const errors: ImportError[] = [];
    const rows: ImportRow[] = [];
    const brands = new Map<string, ModelInfo | undefined>();
    const categories = new Map<string, { _id: string; category: string; active: boolean } | undefined>();
    const seen = new Map<string, number>();
    const archived = new Map<ImportRow, Map<string, string>>();
    const rowSchema = productSchema.omit({ description: true, keepImages: true, imageOrder: true, imageAlt: true });
    for (const { line, values } of records) {
      const input = { ...values, price: moneyCell(values.price), ram: cellList(values.ram), rom: cellList(values.rom) };
      const parsed = rowSchema.safeParse(input);
      const issues = new Map<string, string>();
      if (!parsed.success)
        for (const i of parsed.error.issues) if (!issues.has(String(i.path[0]))) issues.set(String(i.path[0]), i.message);
      // Imports may leave the description out: the product is listed among those to fix (no description).
      let description = '';
      if (values.description) {
        const d = productSchema.shape.description.safeParse(values.description);
        if (d.success) description = d.data;
        else issues.set('description', d.error.issues[0]!.message);
      }
      const brandKey = values.model.toLowerCase();
      if (values.model && !issues.has('model') && !brands.has(brandKey)) {
        brands.set(
          brandKey,
          (await deps.models.resolve(values.model)).find((m) => sameName(m.model, values.model)),
        );
      }
      const brand = brands.get(brandKey);
      if (values.model && !issues.has('model')) {
        const lists = { category: values.category, ram: input.ram as ProductInput['ram'], rom: input.rom as ProductInput['rom'] };
        for (const issue of productModelIssues(lists, brand?.model)) {
          if (!issues.has(issue.field)) issues.set(issue.field, issue.message);
        }
      }
      const exported = values.updated ? dateTimeCell(values.updated) : undefined;
      if (values.updated && !exported) issues.set('updated', csvMessages.updatedCell);
      const categoryKey = values.category.toLowerCase();
      if (brand?.accessories && values.category && !issues.has('category')) {
        if (!categories.has(categoryKey)) {
          categories.set(
            categoryKey,
            (await deps.categories.resolve(values.category)).find((c) => sameName(c.category, values.category)),
          );
        }
        if (!categories.get(categoryKey)) issues.set('category', productMessages.categoryNotFound);
      }
      if (issues.size > 0 || !parsed.success || !brand) {
        errors.push(...rowErrors(line, issues, headers, PRODUCT_CSV_COLUMNS));
        continue;
      }
      const data = parsed.data;
      const key = `${brand._id} ${data.productname.toLowerCase()}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.push(
          ...rowErrors(line, new Map([['productname', `This product is also on line ${earlier}`]]), headers, PRODUCT_CSV_COLUMNS),
        );
        continue;
      }
      seen.set(key, line);
      const category = brand.accessories ? categories.get(categoryKey) : undefined;
      const row: ImportRow = {
        line,
        exported,
        row: {
          productname: data.productname,
          name_search: data.productname.toLowerCase(),
          price_pence: toPence(data.price),
          stockquantity: data.stockquantity,
          description,
          model_id: brand._id,
          category_id: category?._id ?? null,
          is_accessory: brand.accessories ? 1 : 0,
          availability: data.availability,
          warranty: data.warranty,
          discount: data.discount,
          color: data.color,
          ram: JSON.stringify(brand.accessories ? [] : [...new Set(data.ram)]),
          rom: JSON.stringify(brand.accessories ? [] : [...new Set(data.rom)]),
        },
      };
      rows.push(row);
      const gone = new Map<string, string>();
      if (!brand.active) gone.set('model', messages.modelNotFound);
      if (category && !category.active) gone.set('category', productMessages.categoryNotFound);
      if (gone.size > 0) archived.set(row, gone);
    }
    // A product matches when it keeps the archived category too.
    const refused = await newUnderArchived(archived, async (candidates) => {
      const listed = new Set(
        (
          await repo.findProductsByNames(
            db,
            candidates.map((c) => c.row),
          )
        ).map((p) => `${p.model_id} ${p.name_search} ${p.category_id}`),
      );
      return new Set(candidates.filter(({ row }) => listed.has(`${row.model_id} ${row.name_search} ${row.category_id}`)));
    });
    for (const [row, issues] of refused) errors.push(...rowErrors(row.line, issues, headers, PRODUCT_CSV_COLUMNS));
    return { rows: rows.filter((r) => !refused.has(r)), errors };
  }

  /**
   * What importing these rows does: matched on name and brand. A row matching several products (one phone listed
   * twice, say in two colours) is refused: which one it means cannot be told, and updating all would make them one.
   */
  async function importPlan(h: Kysely<Database>, rows: ImportRow[], headers: Map<CsvField, string>) {
    const existing = new Map<string, repo.ProductRow[]>();
    for (const p of await repo.findProductsByNames(
      h,
      rows.map((r) => ({ model_id: r.row.model_id, name_search: r.row.name_search })),
    )) {
      const key = `${p.model_id} ${p.name_search}`;
      existing.set(key, [...(existing.get(key) ?? []), p]);
    }
    const create: ImportRow['row'][] = [];
    // `before`: the columns the row changes, as they are, to undo it.
    const update: { id: string; name: string; values: repo.ImportedColumns; before: Partial<repo.ImportedColumns> }[] = [];
    let unchanged = 0;
    const refused: ImportError[] = [];
    const refuse = (line: number, field: CsvField, message: string) =>
      refused.push(...rowErrors(line, new Map([[field, message]]), headers, PRODUCT_CSV_COLUMNS));
    for (const { line, row, exported } of rows) {
      const [match, ...others] = existing.get(`${row.model_id} ${row.name_search}`) ?? [];
      if (!match) {
        // Exported, then renamed or deleted: the row would add it again under its old name.
        if (exported) refuse(line, 'updated', productMessages.importGone);
        else create.push(row);
        continue;
      }
      if (others.length > 0) {
        refuse(line, 'productname', productMessages.importAmbiguous(others.length + 1));
        continue;
      }
      // A column the file leaves out, and an empty description, keep what the product has.
      const values = Object.fromEntries(
        (Object.keys(repo.IMPORTED_COLUMNS) as (keyof repo.ImportedColumns)[]).map((col) => [
          col,
          !headers.has(FIELD_OF[col]) || (col === 'description' && row.description === '') ? match[col] : row[col],
        ]),
      ) as repo.ImportedColumns;
      const changed = (Object.keys(values) as (keyof repo.ImportedColumns)[]).filter((col) => values[col] !== match[col]);
      if (changed.length === 0) unchanged++;
      else if (exported && changedAfter(match.updated_at, exported)) {
        // Changed since the file was exported: the row would write the export's values over that change.
        refuse(line, 'updated', productMessages.importStale);
      } else
        update.push({
          id: match.id,
          name: row.productname,
          values,
          before: Object.fromEntries(changed.map((col) => [col, match[col]])),
        });
    }
    return { create, update, unchanged, refused };
  }

  return {
    /** One page of the filtered, sorted list. */
    async list(query: ProductQuery): Promise<{ fetchProducts: Product[] } & Partial<PageInfo>> {
      const sort = query.sort ?? 'newest';
      const page = query.page ?? 1;
      const limit = query.limit ?? PRODUCT_LIST_PAGE_SIZE;
      const filter = await filterOf(query);
      const [rows, total] = await Promise.all([
        repo.findProducts(lists, filter, sort, { limit, offset: (page - 1) * limit }),
        query.count === 'no' ? undefined : repo.countProducts(lists, filter),
      ]);
      const fetchProducts = await withImages(rows);
      if (total === undefined) return { fetchProducts, page, limit };
      return { fetchProducts, page, limit, total, pages: Math.ceil(total / limit) };
    },

    /** Every product, newest first, a page at a time: the list call with no query (lib/every-record.ts). */
    async *every(): AsyncGenerator<Product[]> {
      for await (const rows of pagesAfter((after, size) => repo.findProductsAfter(lists, {}, after, size))) {
        yield await withImages(rows, lists);
      }
    },

    get,

    count(): Promise<number> {
      return repo.countProducts(db);
    },

    /** How many products have this problem (the dashboard's things to fix). */
    countFix(fix: ProductFix): Promise<number> {
      return repo.countProducts(db, { fix });
    },

    /** Search results' products: name, price and first picture (its smallest width), by id. */
    async results(ids: string[]): Promise<Map<string, { title: string; price: number; image?: string }>> {
      const rows = await repo.findProductsByIds(db, ids);
      const images = await imagesByOwner(
        db,
        'product',
        rows.map((r) => r.id),
      );
      return new Map(
        rows.map((r) => {
          const first = images.get(r.id)?.[0];
          return [
            r.id,
            { title: r.productname, price: toPounds(r.price_pence), ...(first ? { image: thumbnailUrl(first) } : {}) },
          ];
        }),
      );
    },

    /** Every product's id, brand, accessory category and last change, newest first, for the sitemap. */
    async stamps(): Promise<{ _id: string; updatedAt: string; modelId: string; categoryId: string | null }[]> {
      return (await repo.findProductStamps(db)).map((r) => ({
        _id: r.id,
        updatedAt: r.updated_at,
        modelId: r.model_id,
        categoryId: r.category_id,
      }));
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
        image_count: p.images.length,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      }));
      const brands = await brandNamesOf(rows.map((r) => r.model_id));
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRODUCTS_LOCK);
        for (let i = 0; i < rows.length; i += PRODUCT_BATCH) await repo.insertProducts(trx, rows.slice(i, i + PRODUCT_BATCH));
        await searchIndex.put(
          trx,
          rows.map((r) => indexed(r.id, r.productname, r.model_id, brands.get(r.model_id)!)),
        );
        await addStoredImages(
          trx,
          'product',
          rows.map((r, i) => ({ ownerId: r.id, images: items[i]!.images })),
        );
      });
      return rows.map((r) => r.id);
    },

    /** Checks everything, encodes the images, then writes the product, its images and its history entry together. */
    async create(input: ProductInput, files: Buffer[], actor: Actor): Promise<Product> {
      const { row, names } = await checkedRow(input, files.length);
      const images = arrange(input, [], await encodeImages(files));
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRODUCTS_LOCK);
        await repo.insertProduct(trx, { ...row, id, created_at: row.updated_at });
        await setImages(trx, 'product', id, images);
        await searchIndex.put(trx, [indexed(id, row.productname, row.model_id, names.model)]);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'product',
          entityId: id,
          label: row.productname,
          after: snapshot(row, names, images),
        });
      });
      return get(id);
    },

    /**
     * Replaces the fields; the images become those to keep (`keepImages`, existing ones) and the new files, in the
     * order `imageOrder` gives (else the kept ones in their order, then the new), with the alt texts of `imageAlt`.
     * With `input.updatedAt` (the product's as the form loaded it), refused when the product was changed since.
     */
    async update(id: string, input: ProductInput & { updatedAt?: string }, files: Buffer[], actor: Actor): Promise<Product> {
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
      const { row, names } = await checkedRow(input, kept.length + files.length, current);
      const images = arrange(input, kept, await encodeImages(files));
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRODUCTS_LOCK);
        // Deleted while this one waited for the lock: nothing to save it over.
        const latest = await repo.findProductById(trx, id);
        if (!latest) throw notFound(productMessages.notFound);
        if (changedSince(latest, input.updatedAt)) throw new AppError(409, productMessages.changedSince);
        await repo.updateProduct(trx, id, row);
        await setImages(trx, 'product', id, images);
        await searchIndex.put(trx, [indexed(id, row.productname, row.model_id, names.model)]);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'product',
          entityId: id,
          label: row.productname,
          before: snapshot(current, { model: current.model_name, category: current.category_name }, existing),
          after: snapshot(row, names, images),
        });
      });
      return get(id);
    },

    /** Deletes the product and its images (and their bytes, unless something else shows the same picture). */
    async remove(id: string, actor: Actor): Promise<void> {
      const current = isId(id) ? await repo.findProductById(db, id) : undefined;
      if (!current) throw notFound(productMessages.notFound);
      const existing = (await imagesByOwner(db, 'product', [id])).get(id) ?? [];
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRODUCTS_LOCK);
        if (!(await repo.findProductById(trx, id))) throw notFound(productMessages.notFound);
        await setImages(trx, 'product', id, []);
        await repo.deleteProduct(trx, id);
        await searchIndex.remove(trx, [id]);
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'product',
          entityId: id,
          label: current.productname,
          before: snapshot(current, { model: current.model_name, category: current.category_name }, existing),
        });
      });
    },

    importRows,

    /** The list as CSV, filtered as the list is (search, brand, type, category, availability, problem), streamed. */
    async exportCsv(query: Omit<ProductQuery, 'page' | 'limit' | 'sort'>) {
      const filter = await filterOf(query);
      const rows = exportRows(
        (after, size) => repo.findProductsAfter(db, filter, after, size),
        (p) => ({
          productname: p.productname,
          price: (p.price_pence / 100).toFixed(2),
          stockquantity: String(p.stockquantity),
          model: p.model_name,
          category: p.category_name ?? '',
          ram: parseList(p.ram).join(', '),
          rom: parseList(p.rom).join(', '),
          availability: p.availability,
          warranty: p.warranty,
          discount: p.discount,
          color: p.color,
          description: p.description,
          updated: p.updated_at,
        }),
      );
      return csvStream(PRODUCT_CSV_COLUMNS, rows);
    },

    /**
     * Imports a CSV file of products (docs/decisions/0034-csv-export-and-import.md), without pictures: each row checked
     * with the form's rules (a description may be left out), matched on name and brand. A dry run writes nothing; a
     * real import writes everything in one transaction, or nothing when any row has an error.
     */
    async importCsv(bytes: Buffer, filename: string, dryRun: boolean, actor: Actor): Promise<ImportResult> {
      const table = await readCsv(bytes, PRODUCT_CSV_COLUMNS, [
        'productname',
        'price',
        'stockquantity',
        'model',
        'availability',
        'color',
      ]);
      const checked = await checkRows(table.records, table.headers);
      return runImport(db, { errors: [...table.errors, ...checked.errors], cutAt: table.cutAt }, dryRun, {
        lock: PRODUCTS_LOCK,
        plan: (h) => importPlan(h, checked.rows, table.headers),
        write: async (trx, plan, counts) => {
          const { created, at } = await importRows(trx, plan);
          const changeId = newId();
          const label = importLabel(filename, counts);
          const kept = (id: string, name: string) => ({ import_id: changeId, product_id: id, label: name, set_at: at });
          await repo.saveProductImport(trx, { id: changeId, label, created_at: at, undone_at: null }, [
            ...plan.update.map((u) => ({ ...kept(u.id, u.name), before: JSON.stringify(u.before) })),
            ...created.map((c) => ({ ...kept(c.id, c.productname), before: null })),
          ]);
          const named = plan.create.length + plan.update.length <= AUDIT_NAMES_MAX;
          await recordAudit(trx, actor, {
            action: 'import',
            entity: 'product',
            entityId: changeId,
            label,
            after: {
              file: filename,
              ...counts,
              ...(named
                ? { newProducts: plan.create.map((c) => c.productname), updatedProducts: plan.update.map((u) => u.name) }
                : {}),
            },
          });
          return changeId;
        },
      });
    },

    /** The last product import, while it can still be undone. */
    lastImport(): Promise<UndoableChange | null> {
      return lastUndoable(db, repo.findLastProductImport, repo.countProductsChangedSince, productMessages);
    },

    /**
     * Undoes the last import, with `change` (the changeId it answered) only while it is the last: the products it
     * updated get back what it changed (dated now: the sitemap and a stale export see the change), and those it
     * created are deleted. Refused when any of them was changed or deleted since (a form's save, a picture, another
     * import): that change would be lost.
     */
    async undoImport(actor: Actor, change?: string): Promise<{ message: string }> {
      return db.transaction().execute(async (trx) => {
        const last = await changeToUndo(trx, PRODUCTS_LOCK, repo.findLastProductImport, change, productMessages);
        const edited = await repo.findProductsChangedSince(trx, last.id);
        if (edited.length > 0)
          throw new AppError(409, productMessages.editedSince(edited), { code: 'EDITED_SINCE', fieldErrors: { rows: edited } });
        const items = await repo.findProductImportRows(trx, last.id);
        const current = new Map(
          (
            await repo.findProductRows(
              trx,
              items.map((i) => i.product_id),
            )
          ).map((p) => [p.id, p]),
        );
        const restore = items.filter((i) => i.before !== null);
        const created = items.filter((i) => i.before === null);
        const at = now();
        await repo.updateImportedProducts(
          trx,
          restore.map((i) => {
            const values = importedOf(current.get(i.product_id)!);
            return { id: i.product_id, values: { ...values, ...(JSON.parse(i.before!) as Partial<repo.ImportedColumns>) } };
          }),
          at,
        );
        for (let n = 0; n < created.length; n += PRODUCT_BATCH) {
          const ids = created.slice(n, n + PRODUCT_BATCH).map((i) => i.product_id);
          await repo.deleteProducts(trx, ids);
          await searchIndex.remove(trx, ids);
        }
        await repo.markProductImportUndone(trx, last.id, at);
        await recordAudit(trx, actor, {
          action: 'undo',
          entity: 'product',
          entityId: last.id,
          label: last.label,
          after: {
            restored: restore.length,
            removed: created.length,
            ...(items.length <= AUDIT_NAMES_MAX
              ? { restoredProducts: restore.map((i) => i.label), removedProducts: created.map((i) => i.label) }
              : {}),
          },
        });
        const parts = [
          restore.length ? `${plural(restore.length, 'product')} restored` : '',
          created.length ? `${plural(created.length, 'new product')} removed` : '',
        ].filter(Boolean);
        return { message: `Undone: ${parts.join(', ')}` };
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
