import {
  MAX_REPAIR_PENCE,
  MIN_REPAIR_PENCE,
  REPAIR_CSV_COLUMNS,
  REPAIR_LIST_PAGE_SIZE,
  STALE_REPAIR_MONTHS,
  bulkPriceMessages,
  formatGBP,
  phoneRepairSchema,
  shopPath,
  toPence,
  toPounds,
  type BulkPriceInput,
  type ImportError,
  type PageInfo,
  type PhoneRepair,
  type PhoneSummary,
  type PriceChange,
  type RepairBrandPage,
  type RepairModelPage,
  type RepairQuery,
  type UndoableChange,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
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
import { AppError, notFound } from '../../lib/errors.ts';
import { pagesAfter } from '../../lib/every-record.ts';
import { changeToUndo, importLabel, lastUndoable, newUnderArchived, plural, runImport, type ImportResult } from '../../lib/import.ts';
import { changedSince, isId, madeInOrder, newId, now } from '../../lib/ids.ts';
import { phoneNameKey, sameName } from '../../lib/slugs.ts';
import { recordAudit, type Actor, type Snapshot } from '../audit/audit.service.ts';
import type { RepairCategoriesService } from '../categories/categories.service.ts';
import type { ModelInfo, ModelsService } from '../models/models.service.ts';
import { modelMessages } from '../models/models.service.ts';
import * as phones from './phone-models.ts';
import * as phoneRepo from './phone-models.repository.ts';
import * as repo from './phone-repairs.repository.ts';
import { describeRule, newPrice } from './price-math.ts';

export const repairMessages = {
  notFound: 'Repair not found',
  modelNotFound: 'Selected model not found',
  accessoriesModel: 'Choose a phone model, not Accessories',
  repairNotFound: 'Selected repair category not found',
  brandNotFound: 'Brand not found',
  phoneNotFound: 'Phone not found',
  changedSince: 'This price was changed since you opened it: open it again to see the change, then make yours',
  alreadyPriced: 'This phone already has a price for this repair: change that price instead',
  importStale:
    'This price was changed after this file was exported (in the Phone Repair List, by a bulk change or by an import): export again, or empty this cell to overwrite the change',
  importGone:
    'No price has this phone and repair now (renamed or deleted since this file was exported): export again, or empty this cell to add it as new',
} as const;

export interface RepairInput {
  productname: string;
  model: string;
  repair: string;
  price: number;
  /** The phone model's other names; left as they are when undefined. */
  aliases?: string[] | undefined;
  /** The price's updatedAt as the form loaded it: a save over a change made since is refused. */
  updatedAt?: string | undefined;
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

/** A repair price as the history shows it, with its phone's other names (they change what a search finds). */
const snapshot = (
  r: { productname: string; model_name: string; repair_name: string; price_pence: number },
  aliases: readonly string[] = [],
): Snapshot => ({
  productname: r.productname,
  model: r.model_name,
  repair: r.repair_name,
  price: toPounds(r.price_pence),
  ...(aliases.length ? { aliases: aliases.join(', ') } : {}),
});

/** What a repair price is called in the history and in messages: 'Apple iPhone 13 Screen'. */
const labelOf = (r: { productname: string; repair_name: string }) => `${r.productname} ${r.repair_name}`;

/** Names a few rows in a message: 'A, B, C and 4 more'. */
function nameRows(labels: string[], max = 5): string {
  const shown = labels.slice(0, max).join(', ');
  return labels.length > max ? `${shown} and ${labels.length - max} more` : shown;
}

/** The instant a price last changed before which it counts as stale. */
export function staleBefore(at = new Date()): string {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - STALE_REPAIR_MONTHS);
  return d.toISOString();
}

/**
 * Every write of repair prices holds this lock (serialise) from its transaction's start: a bulk change, an undo or an
 * import reads the prices it writes, and none of them may change between its reading and its writing.
 */
export const PRICES_LOCK = 'repair prices';

/** Entries listed per side of a bulk change's history entry; past it the entry holds the count only. */
const AUDIT_ROWS_MAX = 1000;

type RepairField = (typeof REPAIR_CSV_COLUMNS)[number]['field'];

/** A price's place in an import: its brand, its phone's name key and its repair type. */
const priceKey = (modelId: string, nameKey: string, repairId: string) => `${modelId} ${nameKey} ${repairId}`;
/** The phone a price row names: its brand and phoneNameKey. */
const phoneOf = (r: { model_id: string; productname: string }) => ({
  model_id: r.model_id,
  name_key: phoneNameKey(r.productname),
});

/** A new repair price of an import, checked: its row without id, phone model and times, and its brand. */
type NewRepair = Omit<repo.PhoneRepairRow, 'id' | 'phone_model_id' | 'created_at' | 'updated_at'> & {
  label: string;
  brand: ModelInfo;
};

/**
 * A row of a repair price import, checked: its line, and `exported`, when its Updated cell is filled, the time the
 * exported price was last changed (lib/csv.ts dateTimeCell).
 */
type ImportRow = NewRepair & { line: number; exported?: CellTime | undefined };

export function createPhoneRepairsService(
  db: Kysely<Database>,
  deps: { models: ModelsService; repairCategories: RepairCategoriesService },
) {
  /** A repair price; `offered`: only one the shop offers now, its brand and repair type not archived. */
  async function get(id: string, { offered = false } = {}): Promise<PhoneRepair> {
    const row = isId(id) ? await repo.findRepairById(db, id) : undefined;
    if (!row || (offered && (!Number(row.model_status) || !Number(row.repair_status)))) {
      throw notFound(repairMessages.notFound);
    }
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
      names: { model_name: model!.model, repair_name: repair!.repaircategory },
    };
  }

  /**
   * A phone has one price per repair type, as its page shows and an import updates it: a second is refused (409),
   * the message beside the repair type.
   */
  async function refuseSecondPrice(trx: Kysely<Database>, phoneId: string, repairId: string, exceptId?: string) {
    if (await repo.hasPriceFor(trx, phoneId, repairId, exceptId)) {
      const message = repairMessages.alreadyPriced;
      throw new AppError(409, message, { fieldErrors: { repair: [message] } });
    }
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

  /** The list's filter from its query (search, brand, repair type, problem), names already resolved to ids. */
  async function filterOf(query: Omit<RepairQuery, 'page' | 'limit' | 'sort'>): Promise<repo.RepairFilter> {
    return {
      ...(query.model ? { modelIds: (await deps.models.resolve(query.model)).map((m) => m._id) } : {}),
      ...(query.repair ? { repairIds: (await deps.repairCategories.resolve(query.repair)).map((r) => r._id) } : {}),
      ...(query.q ? { nameContains: query.q.toLowerCase() } : {}),
      ...(query.fix === 'unchanged-12-months' ? { updatedBefore: staleBefore() } : {}),
    };
  }

  // ---- Writes of many prices: every bulk change, undo and import goes through these three ----

  /**
   * Sets these prices, in the caller's transaction; returns the `updated_at` they now have (an undo gives each the
   * date it had, where known). Every write of many prices (a bulk change, an undo, an import) goes through here.
   */
  async function applyPrices(
    trx: Kysely<Database>,
    changes: { id: string; price_pence: number; updated_at?: string | undefined }[],
  ): Promise<string> {
    const at = now();
    await repo.setPrices(trx, changes, at);
    const redated = changes.filter((c) => c.updated_at !== undefined).map((c) => c.id);
    if (redated.length > 0) await phoneRepo.touchPhonesOf(trx, redated, at);
    return at;
  }

  /**
   * Adds an import's new repair prices, each filed under its phone model (made when new, with its row in the search
   * index), in the caller's transaction; returns their ids and `updated_at`.
   */
  async function importRows(trx: Kysely<Database>, rows: NewRepair[]): Promise<{ ids: string[]; at: string }> {
    const at = now();
    const phoneIds = await phones.placeMany(
      trx,
      rows.map((r) => ({ brand: r.brand, name: r.productname })),
    );
    const full = rows.map((r, i) => ({
      id: newId(),
      productname: r.productname,
      name_search: r.name_search,
      model_id: r.model_id,
      phone_model_id: phoneIds[i]!,
      repair_id: r.repair_id,
      price_pence: r.price_pence,
      created_at: madeInOrder(at, i),
      updated_at: at,
    }));
    await repo.insertRepairs(trx, full);
    return { ids: full.map((r) => r.id), at };
  }

  /**
   * Deletes repair prices an import created (undoing it), in the caller's transaction. Their phone models stay, with
   * their slugs and aliases, as when a price is deleted (without a page while they have no price).
   */
  async function removeRows(trx: Kysely<Database>, ids: string[]): Promise<void> {
    await repo.deleteRepairs(trx, ids);
  }

  // ---- Bulk price change ----

  /** The bulk change's scope as a filter: brand and repair type must exist (archived ones too: their prices show). */
  async function scopeOf(input: BulkPriceInput): Promise<repo.RepairFilter> {
    const fieldErrors: Record<string, string[]> = {};
    const model = input.model ? await deps.models.find(input.model) : undefined;
    if (input.model && !model) fieldErrors.model = [repairMessages.modelNotFound];
    const repair = input.repair ? await deps.repairCategories.find(input.repair) : undefined;
    if (input.repair && !repair) fieldErrors.repair = [repairMessages.repairNotFound];
    const first = Object.values(fieldErrors)[0]?.[0];
    if (first) throw new AppError(400, first, { code: 'VALIDATION', fieldErrors });
    return {
      ...(model ? { modelIds: [model._id] } : {}),
      ...(repair ? { repairIds: [repair._id] } : {}),
      ...(input.productname ? { phoneNameKey: phoneNameKey(input.productname) } : {}),
    };
  }

  /**
   * The prices the change sets (rows it leaves as they are are left out); refused when one would go below £1 or above
   * the repair form's maximum, naming the rows that would.
   */
  async function plannedChanges(h: Kysely<Database>, filter: repo.RepairFilter, input: BulkPriceInput) {
    const rows = await repo.findRepairs(h, filter, 'newest');
    if (rows.length === 0) throw new AppError(400, bulkPriceMessages.nothing, { code: 'NOTHING' });
    const rule = { ...input.change, round: input.round };
    const changes = rows.map((row) => ({ row, to: newPrice(row.price_pence, rule) })).filter((c) => c.to !== c.row.price_pence);
    refuseOutside(
      changes,
      (to) => to < MIN_REPAIR_PENCE,
      'BELOW_MINIMUM',
      "No price may go below £1 (a repair price's minimum, so never below £0).",
    );
    refuseOutside(
      changes,
      (to) => to > MAX_REPAIR_PENCE,
      'ABOVE_MAXIMUM',
      `No price may go above ${formatGBP(toPounds(MAX_REPAIR_PENCE))} (a repair price's maximum).`,
    );
    return changes;
  }

  /** What a preview showed, as a short text: each price it changes, from what to what. */
  function previewOf(changes: { row: { id: string; price_pence: number }; to: number }[]): string {
    const lines = changes.map((c) => `${c.row.id} ${c.row.price_pence} ${c.to}`).sort();
    return createHash('sha256').update(lines.join('\n')).digest('base64url');
  }

  function refuseOutside(
    changes: { row: repo.RepairListRow; to: number }[],
    outside: (to: number) => boolean,
    code: string,
    rule: string,
  ): void {
    const refused = changes.filter((c) => outside(c.to));
    if (refused.length === 0) return;
    const names = refused.map(
      (c) => `${labelOf(c.row)} (${formatGBP(toPounds(c.row.price_pence))} → ${formatGBP(toPounds(c.to))})`,
    );
    throw new AppError(
      400,
      `${rule} ${refused.length === 1 ? 'This one' : `These ${refused.length}`} would: ${nameRows(names)}`,
      {
        code,
        fieldErrors: { 'change.value': names },
      },
    );
  }

  const toChange = (c: { row: repo.RepairListRow; to: number }): PriceChange => ({
    _id: c.row.id,
    productname: c.row.productname,
    model: c.row.model_name,
    repair: c.row.repair_name,
    from: toPounds(c.row.price_pence),
    to: toPounds(c.to),
  });

  /**
   * The history's before and after of many prices: each row's price by its name (numbered from the second of one
   * name: two prices of one phone and repair are both kept), or the count past the limit.
   */
  function priceSnapshots(rows: { label: string; from: number | null; to: number | null }[]): {
    before: Snapshot;
    after: Snapshot;
  } {
    if (rows.length > AUDIT_ROWS_MAX) return { before: {}, after: { prices: rows.length } };
    const before: Snapshot = {};
    const after: Snapshot = {};
    const named = new Map<string, number>();
    for (const r of rows) {
      const n = (named.get(r.label) ?? 0) + 1;
      named.set(r.label, n);
      const name = n === 1 ? r.label : `${r.label} (${n})`;
      if (r.from !== null) before[name] = toPounds(r.from);
      if (r.to !== null) after[name] = toPounds(r.to);
    }
    return { before, after };
  }

  /** Keeps a change (its rows as it left them) for undo, and writes its history entry, in its transaction. */
  async function keepChange(
    trx: Kysely<Database>,
    actor: Actor,
    change: { id: string; kind: 'bulk-price' | 'import'; label: string },
    rows: Omit<repo.PriceChangeItem, 'change_id'>[],
    history: { before: Snapshot; after: Snapshot },
  ): Promise<void> {
    await repo.savePriceChange(
      trx,
      { id: change.id, kind: change.kind, label: change.label, created_at: now(), undone_at: null },
      rows.map((r) => ({ ...r, change_id: change.id })),
    );
    await recordAudit(trx, actor, {
      action: change.kind,
      entity: 'phone_repair',
      entityId: change.id,
      label: change.label,
      ...history,
    });
  }

  // ---- CSV import ----

  /** Checks every row of a file, resolving names to ids; the errors carry the file's line and column. */
  async function checkRows(records: CsvRecord<RepairField>[], headers: Map<RepairField, string>) {
    const errors: ImportError[] = [];
    const rows: ImportRow[] = [];
    const brands = new Map<string, ModelInfo | undefined>();
    const repairs = new Map<string, { _id: string; repaircategory: string; active: boolean } | undefined>();
    const seen = new Map<string, number>();
    const archived = new Map<ImportRow, Map<string, string>>();
    for (const { line, values } of records) {
      const parsed = phoneRepairSchema.safeParse({ ...values, price: moneyCell(values.price) });
      const issues = new Map<string, string>();
      if (!parsed.success)
        for (const i of parsed.error.issues) if (!issues.has(String(i.path[0]))) issues.set(String(i.path[0]), i.message);
      const brandKey = values.model.toLowerCase();
      if (values.model && !issues.has('model')) {
        if (!brands.has(brandKey)) {
          brands.set(
            brandKey,
            (await deps.models.resolve(values.model)).find((m) => sameName(m.model, values.model)),
          );
        }
        const brand = brands.get(brandKey);
        if (!brand) issues.set('model', repairMessages.modelNotFound);
        else if (brand.accessories) issues.set('model', repairMessages.accessoriesModel);
      }
      const repairKey = values.repair.toLowerCase();
      if (values.repair && !issues.has('repair')) {
        if (!repairs.has(repairKey)) {
          repairs.set(
            repairKey,
            (await deps.repairCategories.resolve(values.repair)).find((r) => sameName(r.repaircategory, values.repair)),
          );
        }
        if (!repairs.get(repairKey)) issues.set('repair', repairMessages.repairNotFound);
      }
      const exported = values.updated ? dateTimeCell(values.updated) : undefined;
      if (values.updated && !exported) issues.set('updated', csvMessages.updatedCell);
      if (issues.size > 0 || !parsed.success) {
        errors.push(...rowErrors(line, issues, headers, REPAIR_CSV_COLUMNS));
        continue;
      }
      const brand = brands.get(brandKey)!;
      const repair = repairs.get(repairKey)!;
      const key = priceKey(brand._id, phoneNameKey(parsed.data.productname), repair._id);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.push(
          ...rowErrors(
            line,
            new Map([['productname', `This repair price is also on line ${earlier}`]]),
            headers,
            REPAIR_CSV_COLUMNS,
          ),
        );
        continue;
      }
      seen.set(key, line);
      const row: ImportRow = {
        line,
        exported,
        label: `${parsed.data.productname} ${repair.repaircategory}`,
        brand,
        productname: parsed.data.productname,
        name_search: parsed.data.productname.toLowerCase(),
        model_id: brand._id,
        repair_id: repair._id,
        price_pence: toPence(parsed.data.price),
      };
      rows.push(row);
      const gone = new Map<string, string>();
      if (!brand.active) gone.set('model', repairMessages.modelNotFound);
      if (!repair.active) gone.set('repair', repairMessages.repairNotFound);
      if (gone.size > 0) archived.set(row, gone);
    }
    const refused = await newUnderArchived(archived, async (candidates) => {
      const priced = new Set(
        (await repo.findRepairsByPhones(db, candidates.map(phoneOf))).map((e) => priceKey(e.model_id, e.name_key, e.repair_id)),
      );
      return new Set(candidates.filter((r) => priced.has(priceKey(r.model_id, phoneOf(r).name_key, r.repair_id))));
    });
    for (const [row, issues] of refused) errors.push(...rowErrors(row.line, issues, headers, REPAIR_CSV_COLUMNS));
    return { rows: rows.filter((r) => !refused.has(r)), errors };
  }

  /**
   * What importing these rows does: matched on brand, phone (its name, case and spacing aside, as the phone's
   * identity is) and repair type; every match is updated. A row whose Updated cell is filled is refused when it would
   * change a price changed after that time, or when it matches no price (renamed or deleted since the export).
   */
  async function importPlan(h: Kysely<Database>, rows: ImportRow[], headers: Map<RepairField, string>) {
    const phones = new Map(rows.map((r) => [`${r.model_id} ${phoneOf(r).name_key}`, phoneOf(r)]));
    const existing = new Map<string, { id: string; price_pence: number; updated_at: string }[]>();
    for (const e of await repo.findRepairsByPhones(h, [...phones.values()])) {
      const key = priceKey(e.model_id, e.name_key, e.repair_id);
      existing.set(key, [...(existing.get(key) ?? []), e]);
    }
    const create: NewRepair[] = [];
    const update: { id: string; label: string; from: number; to: number; fromUpdatedAt: string }[] = [];
    let unchanged = 0;
    const refused: ImportError[] = [];
    const refuse = (line: number, field: RepairField, message: string) =>
      refused.push(...rowErrors(line, new Map([[field, message]]), headers, REPAIR_CSV_COLUMNS));
    for (const r of rows) {
      const matches = existing.get(priceKey(r.model_id, phoneOf(r).name_key, r.repair_id));
      if (!matches) {
        // Exported, then renamed or deleted: the row would add it again under its old name.
        if (r.exported) refuse(r.line, 'updated', repairMessages.importGone);
        else create.push(r);
        continue;
      }
      const changed = matches.filter((m) => m.price_pence !== r.price_pence);
      const { exported } = r;
      if (exported && changed.some((m) => changedAfter(m.updated_at, exported))) {
        // Changed since the file was exported: the row would write the export's price over that change.
        refuse(r.line, 'updated', repairMessages.importStale);
        continue;
      }
      unchanged += matches.length - changed.length;
      for (const m of changed)
        update.push({ id: m.id, label: r.label, from: m.price_pence, to: r.price_pence, fromUpdatedAt: m.updated_at });
    }
    return { create, update, unchanged, refused };
  }

  return {
    /** Every repair price, newest first, a page at a time: the list call with no query (lib/every-record.ts). */
    async *every(): AsyncGenerator<PhoneRepair[]> {
      for await (const rows of pagesAfter((after, size) => repo.findRepairsAfter(db, {}, after, size))) yield rows.map(toRepair);
    },

    /** One page of the filtered, sorted list. */
    async list(query: RepairQuery): Promise<{ fetchPhoneRepair: PhoneRepair[] } & Partial<PageInfo>> {
      const sort = query.sort ?? 'newest';
      const page = query.page ?? 1;
      const limit = query.limit ?? REPAIR_LIST_PAGE_SIZE;
      const filter = await filterOf(query);
      const [rows, total] = await Promise.all([
        repo.findRepairs(db, filter, sort, { limit, offset: (page - 1) * limit }),
        repo.countRepairs(db, filter),
      ]);
      return { fetchPhoneRepair: rows.map(toRepair), page, limit, total, pages: Math.ceil(total / limit) };
    },

    get,
    /** A repair price the shop offers now: what a visitor may book. */
    offered: (id: string) => get(id, { offered: true }),

    /**
     * The repair prices of one brand (the spec's repair table), by phone name then repair as its canonical page lists
     * them, without the repairs of an archived repair category.
     */
    async forModel(modelId: string): Promise<PhoneRepair[]> {
      const model = await deps.models.find(modelId);
      if (!model) throw notFound(modelMessages.notFound);
      return (await repo.findRepairs(db, { modelIds: [model._id], activeCategories: true }, 'name')).map(toRepair);
    },

    /** How many repair prices have not changed for 12 months (the dashboard's things to fix). */
    countStale(): Promise<number> {
      return repo.countRepairs(db, { updatedBefore: staleBefore() });
    },

    /** Files the price under its phone model (docs/decisions/0022-repair-pages-and-slugs.md), in one transaction. */
    async create(input: RepairInput, actor: Actor): Promise<PhoneRepair> {
      const { brand, row, names } = await checkedRow(input);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRICES_LOCK);
        const phoneId = await phones.place(trx, brand, input.productname);
        await refuseSecondPrice(trx, phoneId, row.repair_id);
        await repo.insertRepair(trx, { ...row, id, phone_model_id: phoneId, created_at: row.updated_at });
        if (input.aliases) await phones.setAliases(trx, phoneId, input.aliases);
        await phones.reindex(trx, phoneId, brand);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'phone_repair',
          entityId: id,
          label: labelOf({ ...row, ...names }),
          after: snapshot({ ...row, ...names }, input.aliases),
        });
      });
      return get(id);
    },

    async update(id: string, input: RepairInput, actor: Actor): Promise<PhoneRepair> {
      const current = isId(id) ? await repo.findRepairById(db, id) : undefined;
      if (!current) throw notFound(repairMessages.notFound);
      const { brand, row, names } = await checkedRow(input, current);
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRICES_LOCK);
        // Deleted while this one waited for the lock: nothing to save it over.
        const latest = await repo.findRepairById(trx, id);
        if (!latest) throw notFound(repairMessages.notFound);
        if (changedSince(latest, input.updatedAt)) throw new AppError(409, repairMessages.changedSince);
        const moving = { repairId: id, phoneId: current.phone_model_id, brandId: current.model_id };
        const phoneId = await phones.place(trx, brand, input.productname, moving);
        // A price saved where it was is left alone, even beside another for the same repair that an earlier version
        // let in; moved to another phone or repair type, it may not become that one's second price.
        if (phoneId !== latest.phone_model_id || row.repair_id !== latest.repair_id)
          await refuseSecondPrice(trx, phoneId, row.repair_id, id);
        await repo.updateRepair(trx, id, { ...row, phone_model_id: phoneId });
        await phones.leave(trx, current.phone_model_id, phoneId);
        if (input.aliases) await phones.setAliases(trx, phoneId, input.aliases);
        await phones.reindex(trx, phoneId, brand);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'phone_repair',
          entityId: id,
          label: labelOf({ ...row, ...names }),
          before: snapshot(current, phones.parseAliases(current.phone_aliases)),
          after: snapshot({ ...row, ...names }, input.aliases ?? phones.parseAliases(current.phone_aliases)),
        });
      });
      return get(id);
    },

    /** How many phone models the shop has, with a page or not. */
    phoneCount(): Promise<number> {
      return phoneRepo.countPhones(db);
    },

    /**
     * Bulk import of trusted phone models and their prices under existing brands (the benchmark's catalogue): no
     * checks, one transaction, batched writes, and their rows in the search index.
     */
    async importTrusted(items: TrustedPhone[]): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRICES_LOCK);
        const phoneIds = await phones.placeMany(trx, items);
        const repairRows = items.flatMap((item, i) =>
          item.prices.map((p) => ({
            id: newId(),
            productname: item.name,
            name_search: item.name.toLowerCase(),
            model_id: item.brand._id,
            phone_model_id: phoneIds[i]!,
            repair_id: p.repairId,
            price_pence: toPence(p.price),
            created_at: at,
            updated_at: at,
          })),
        );
        await repo.insertRepairs(trx, repairRows);
      });
    },

    /** Deletes the price; its phone model stays (without a page while it has no price), with its slug and aliases. */
    async remove(id: string, actor: Actor): Promise<void> {
      const current = isId(id) ? await repo.findRepairById(db, id) : undefined;
      if (!current) throw notFound(repairMessages.notFound);
      await db.transaction().execute(async (trx) => {
        await serialise(trx, PRICES_LOCK);
        if (!(await repo.deleteRepair(trx, id))) throw notFound(repairMessages.notFound);
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'phone_repair',
          entityId: id,
          label: labelOf(current),
          before: snapshot(current),
        });
      });
    },

    applyPrices,
    importRows,
    removeRows,

    /**
     * A bulk price change over a scope (docs/decisions/0033-bulk-price-changes.md). A dry run answers the changes and
     * writes nothing; otherwise they are applied, kept for undo and recorded, in one transaction.
     */
    async bulkPrice(
      input: BulkPriceInput,
      actor: Actor,
    ): Promise<{ changes: PriceChange[]; message: string; preview?: string; changeId?: string }> {
      const filter = await scopeOf(input);
      const rule = { ...input.change, round: input.round };
      if (input.dryRun) {
        const planned = await plannedChanges(db, filter, input);
        const changes = planned.map(toChange);
        const message =
          changes.length === 0
            ? bulkPriceMessages.noChange
            : `${changes.length} ${changes.length === 1 ? 'price' : 'prices'} will change`;
        return { changes, message, preview: previewOf(planned) };
      }
      const changeId = newId();
      const changes = await db.transaction().execute(async (trx) => {
        await serialise(trx, PRICES_LOCK);
        const planned = await plannedChanges(trx, filter, input);
        if (planned.length === 0) throw new AppError(400, bulkPriceMessages.noChange, { code: 'NOTHING' });
        if (input.preview !== undefined && input.preview !== previewOf(planned))
          throw new AppError(409, bulkPriceMessages.previewStale, { code: 'PREVIEW_STALE' });
        const setAt = await applyPrices(
          trx,
          planned.map((c) => ({ id: c.row.id, price_pence: c.to })),
        );
        const rows = planned.map((c) => ({
          repair_id: c.row.id,
          label: labelOf(c.row),
          from_pence: c.row.price_pence,
          from_updated_at: c.row.updated_at,
          to_pence: c.to,
          set_at: setAt,
        }));
        const label = `${planned.length} repair ${planned.length === 1 ? 'price' : 'prices'} ${describeRule(rule)}`;
        await keepChange(
          trx,
          actor,
          { id: changeId, kind: 'bulk-price', label },
          rows,
          priceSnapshots(rows.map((r) => ({ label: r.label, from: r.from_pence, to: r.to_pence }))),
        );
        return planned;
      });
      return {
        changes: changes.map(toChange),
        message: `${changes.length} ${changes.length === 1 ? 'price' : 'prices'} changed`,
        changeId,
      };
    },

    /** The last bulk change or repair import, while it can still be undone. */
    lastChange(): Promise<UndoableChange | null> {
      return lastUndoable(db, repo.findLastPriceChange, repo.countPricesChangedSince, bulkPriceMessages);
    },

    /**
     * Undoes the last bulk change or repair import exactly: the prices it changed go back to what they were and the
     * rows it created are deleted, unless one of them was edited or deleted since (refused, naming them). `change`
     * names the change meant (the Undo of its toast): refused once another change came after it.
     */
    async undoPrices(actor: Actor, change?: string): Promise<{ message: string; restored: number; removed: number }> {
      return db.transaction().execute(async (trx) => {
        const last = await changeToUndo(trx, PRICES_LOCK, repo.findLastPriceChange, change, bulkPriceMessages);
        const names = await repo.findPricesChangedSince(trx, last.id);
        if (names.length > 0) {
          throw new AppError(
            409,
            `It cannot be undone: ${names.length === 1 ? 'this price was' : `these ${names.length} prices were`} changed or deleted since: ${nameRows(names)}`,
            { code: 'EDITED_SINCE', fieldErrors: { rows: names } },
          );
        }
        const items = await repo.findPriceChangeItems(trx, last.id);
        const restore = items.filter((i) => i.from_pence !== null);
        const created = items.filter((i) => i.from_pence === null);
        if (restore.length > 0)
          await applyPrices(
            trx,
            restore.map((i) => ({ id: i.repair_id, price_pence: i.from_pence!, updated_at: i.from_updated_at ?? undefined })),
          );
        if (created.length > 0)
          await removeRows(
            trx,
            created.map((i) => i.repair_id),
          );
        await repo.markPriceChangeUndone(trx, last.id, now());
        await recordAudit(trx, actor, {
          action: 'undo',
          entity: 'phone_repair',
          entityId: last.id,
          label: last.label,
          ...priceSnapshots(items.map((i) => ({ label: i.label, from: i.to_pence, to: i.from_pence }))),
        });
        const parts = [
          restore.length ? `${plural(restore.length, 'price')} restored` : '',
          created.length ? `${plural(created.length, 'new price')} removed` : '',
        ].filter(Boolean);
        return { message: `Undone: ${parts.join(', ')}`, restored: restore.length, removed: created.length };
      });
    },

    /** The list as CSV, filtered as the list is (search, brand, repair type, problem), newest first, streamed. */
    async exportCsv(query: Omit<RepairQuery, 'page' | 'limit' | 'sort'>) {
      const filter = await filterOf(query);
      const rows = exportRows(
        (after, size) => repo.findRepairsAfter(db, filter, after, size),
        (r) => ({
          productname: r.productname,
          model: r.model_name,
          repair: r.repair_name,
          price: (r.price_pence / 100).toFixed(2),
          updated: r.updated_at,
        }),
      );
      return csvStream(REPAIR_CSV_COLUMNS, rows);
    },

    /**
     * Imports a CSV file of repair prices (docs/decisions/0034-csv-export-and-import.md): every row checked with the
     * form's rules, matched on brand, phone name and repair type. A dry run writes nothing; a real import writes
     * everything in one transaction, or nothing when any row has an error. Kept so that it can be undone.
     */
    async importCsv(bytes: Buffer, filename: string, dryRun: boolean, actor: Actor): Promise<ImportResult> {
      const table = await readCsv(bytes, REPAIR_CSV_COLUMNS, ['productname', 'model', 'repair', 'price']);
      const checked = await checkRows(table.records, table.headers);
      return runImport(db, { errors: [...table.errors, ...checked.errors], cutAt: table.cutAt }, dryRun, {
        lock: PRICES_LOCK,
        plan: (h) => importPlan(h, checked.rows, table.headers),
        write: async (trx, plan, counts) => {
          const changeId = newId();
          const setAt = plan.update.length
            ? await applyPrices(
                trx,
                plan.update.map((u) => ({ id: u.id, price_pence: u.to })),
              )
            : '';
          const made = plan.create.length ? await importRows(trx, plan.create) : { ids: [], at: '' };
          const label = importLabel(filename, counts);
          const rows = [
            ...plan.update.map((u) => ({
              repair_id: u.id,
              label: u.label,
              from_pence: u.from,
              to_pence: u.to,
              set_at: setAt,
              from_updated_at: u.fromUpdatedAt,
            })),
            ...plan.create.map((c, i) => ({
              repair_id: made.ids[i]!,
              label: c.label,
              from_pence: null,
              from_updated_at: null,
              to_pence: c.price_pence,
              set_at: made.at,
            })),
          ];
          const prices = priceSnapshots(rows.map((r) => ({ label: r.label, from: r.from_pence, to: r.to_pence })));
          await keepChange(trx, actor, { id: changeId, kind: 'import', label }, rows, {
            before: prices.before,
            after: { file: filename, ...counts, ...prices.after },
          });
          return changeId;
        },
      });
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
      const owner = found && found.row.model_id !== brand._id ? await deps.models.find(found.row.model_id) : brand;
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

    /**
     * Each of these phone models' cheapest price in these repair categories (active ones), with the category's name:
     * what a search naming a repair ('iphone 13 screen') shows for the phones it finds.
     */
    async cheapestRepairs(phoneIds: string[], repairIds: string[]): Promise<Map<string, { price: number; repair: string }>> {
      const rows = await repo.findRepairs(db, { phoneIds, repairIds, activeCategories: true }, 'price_asc');
      const out = new Map<string, { price: number; repair: string }>();
      for (const r of rows) {
        if (!out.has(r.phone_model_id)) out.set(r.phone_model_id, { price: toPounds(r.price_pence), repair: r.repair_name });
      }
      return out;
    },

    /** Every phone model's page with its last change, for the sitemap. */
    async phonePages(): Promise<{ path: string; brandId: string; updatedAt: string }[]> {
      return (await phoneRepo.findPhonePages(db)).map((p) => ({
        path: shopPath('repairModel', { brand: p.brand_slug, model: p.slug }),
        brandId: p.brand_id,
        updatedAt: p.repairs_changed > p.updated_at ? p.repairs_changed : p.updated_at,
      }));
    },
  };
}

export type PhoneRepairsService = ReturnType<typeof createPhoneRepairsService>;
