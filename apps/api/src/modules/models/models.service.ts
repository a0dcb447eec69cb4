import { ACCESSORIES_MODEL, isAccessoriesModel, type Model, type ModelQuery, type ModelRef, type RepairBrand } from '@shop/shared';
import type { Kysely } from 'kysely';
import { serialise } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import { slugify, slugStillFits, uniqueSlug } from '../../lib/slugs.ts';
import { recordAudit, type Actor, type Snapshot } from '../audit/audit.service.ts';
import { encodeImage, imagesByOwner, setImages, toAsset, type ImageSource } from '../media/media.service.ts';
import { searchIndex } from '../search/search.service.ts';
import * as repo from './models.repository.ts';

export const modelMessages = {
  notFound: 'Model not found',
  exists: 'A model with this name already exists',
  accessoriesArchive: 'The Accessories model cannot be archived',
  accessoriesRename: 'The Accessories model cannot be renamed',
  accessoriesLogo: 'The Accessories model has no logo',
  logoRequired: 'Logo is required',
} as const;

/**
 * Gives a model the slug of its name (docs/decisions/0022-repair-pages-and-slugs.md), unless its slug already is
 * that one (or that one with a number added to keep it unique). The slug it had before keeps leading to it.
 * Runs inside the transaction that writes the name; `current` is undefined for a model not yet written.
 */
async function slugFor(
  trx: Kysely<Database>,
  id: string,
  name: string,
  current: { slug: string; model: string } | undefined,
): Promise<string> {
  const base = slugify(name, 'brand');
  if (current && slugStillFits(current.slug, base, slugify(current.model, 'brand'))) return current.slug;
  await serialise(trx, 'model slugs');
  const taken = await repo.findSlugsLike(trx, base, id);
  const slug = uniqueSlug(base, (s) => taken.has(s));
  const at = now();
  if (current) await repo.keepOldSlug(trx, current.slug, id, at);
  await repo.forgetOldSlug(trx, slug);
  return slug;
}

/** The model named 'Accessories' marks accessory products; the shop always has it, active. */
export async function ensureAccessoriesModel(db: Kysely<Database>): Promise<void> {
  const existing = await repo.findModelByName(db, ACCESSORIES_MODEL);
  if (existing) {
    if (existing.status !== 1) await repo.updateModel(db, existing.id, { status: 1, updated_at: now() });
    return;
  }
  const at = now();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const slug = await slugFor(trx, id, ACCESSORIES_MODEL, undefined);
    await repo.insertModel(trx, { id, model: ACCESSORIES_MODEL, slug, status: 1, created_at: at, updated_at: at });
  });
}

/** A model as other modules see it: its reference and slug, whether it is active, whether it marks accessories. */
export interface ModelInfo extends ModelRef {
  slug: string;
  active: boolean;
  accessories: boolean;
}

/** A model as the history shows it. */
const snapshot = (row: { model: string; status: number }, logo?: ImageSource): Snapshot => ({
  model: row.model,
  status: row.status === 1 ? 'Active' : 'Archived',
  ...(logo ? { logo: toAsset(logo).secure_url } : {}),
});

export function createModelsService(db: Kysely<Database>) {
  const logoOf = async (id: string) => (await imagesByOwner(db, 'model', [id])).get(id)?.[0];

  async function toModels(rows: repo.ModelRow[]): Promise<Model[]> {
    const images = await imagesByOwner(
      db,
      'model',
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const logo = images.get(r.id)?.[0];
      return {
        _id: r.id,
        model: r.model,
        slug: r.slug,
        file: logo ? toAsset(logo) : null,
        status: r.status === 1,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  async function one(id: string): Promise<Model> {
    const row = isId(id) ? await repo.findModelById(db, id) : undefined;
    if (!row) throw notFound(modelMessages.notFound);
    return (await toModels([row]))[0]!;
  }

  return {
    /**
     * Active models, newest first (the Accessories model included: the product form needs it); with the fix
     * 'no-repair-prices', only the phone brands that have no repair price.
     */
    async listActive(query: ModelQuery = {}): Promise<Model[]> {
      return toModels(await repo.findActiveModels(db, { withoutRepairs: query.fix === 'no-repair-prices' }));
    },

    /** How many active phone brands have no repair price (the dashboard's things to fix). */
    async countWithoutRepairs(): Promise<number> {
      return (await repo.findActiveModels(db, { withoutRepairs: true })).length;
    },

    /**
     * Creates a model; a name that matches an archived model restores that model instead
     * (docs/decisions/0006-catalogue-names-are-unique-archived-ones-restore.md). Encodes the logo before writing anything.
     */
    async create(input: { model: string }, file: Buffer | undefined, actor: Actor): Promise<{ model: Model; restored: boolean }> {
      const accessories = isAccessoriesModel(input.model);
      if (accessories && file) throw fieldError('file', modelMessages.accessoriesLogo);
      const existing = await repo.findModelByName(db, input.model);
      if (existing && existing.status === 1)
        throw new AppError(409, modelMessages.exists, { fieldErrors: { model: [modelMessages.exists] } });
      if (!accessories && !file && !(existing && (await imagesByOwner(db, 'model', [existing.id])).has(existing.id))) {
        throw fieldError('file', modelMessages.logoRequired);
      }
      const logo = file ? await encodeImage(file) : undefined;
      const before = existing ? snapshot(existing, logo ? await logoOf(existing.id) : undefined) : undefined;
      const at = now();
      const id = existing?.id ?? newId();
      await db.transaction().execute(async (trx) => {
        const slug = await slugFor(trx, id, input.model, existing);
        if (existing) await repo.updateModel(trx, id, { model: input.model, slug, status: 1, updated_at: at });
        else await repo.insertModel(trx, { id, model: input.model, slug, status: 1, created_at: at, updated_at: at });
        if (logo) await setImages(trx, 'model', id, [logo]);
        await reindex(trx, id, input.model, existing?.model);
        await recordAudit(trx, actor, {
          action: existing ? 'restore' : 'create',
          entity: 'model',
          entityId: id,
          label: input.model,
          before,
          after: snapshot({ model: input.model, status: 1 }, logo),
        });
      });
      return { model: await one(id), restored: existing !== undefined };
    },

    /** Renames, replaces the logo, or sets the status (archiving or restoring). */
    async update(
      id: string,
      input: { model?: string | undefined; status?: boolean | undefined },
      file: Buffer | undefined,
      actor: Actor,
    ): Promise<Model> {
      const row = isId(id) ? await repo.findModelById(db, id) : undefined;
      if (!row) throw notFound(modelMessages.notFound);
      const accessories = isAccessoriesModel(row.model);
      if (accessories) {
        if (input.model !== undefined && input.model !== row.model) throw fieldError('model', modelMessages.accessoriesRename);
        if (input.status === false) throw fieldError('status', modelMessages.accessoriesArchive);
        if (file) throw fieldError('file', modelMessages.accessoriesLogo);
      }
      if (input.model !== undefined && input.model.toLowerCase() !== row.model.toLowerCase()) {
        const clash = await repo.findModelByName(db, input.model);
        if (clash) throw new AppError(409, modelMessages.exists, { fieldErrors: { model: [modelMessages.exists] } });
      }
      const logo = file ? await encodeImage(file) : undefined;
      const changes = {
        ...(input.model !== undefined ? { model: input.model } : {}),
        ...(input.status !== undefined ? { status: input.status ? 1 : 0 } : {}),
      };
      const after = { ...row, ...changes };
      const action = after.status === row.status ? 'update' : after.status === 1 ? 'restore' : 'archive';
      const before = snapshot(row, logo ? await logoOf(id) : undefined);
      const renamed = input.model !== undefined && input.model !== row.model;
      await db.transaction().execute(async (trx) => {
        await repo.updateModel(trx, id, {
          ...changes,
          ...(renamed ? { slug: await slugFor(trx, id, input.model!, row) } : {}),
          updated_at: now(),
        });
        if (logo) await setImages(trx, 'model', id, [logo]);
        if (renamed) await reindex(trx, id, input.model!, row.model);
        await recordAudit(trx, actor, {
          action,
          entity: 'model',
          entityId: id,
          label: after.model,
          before,
          after: snapshot(after, logo),
        });
      });
      return one(id);
    },

    /** Archives: the model leaves lists, menus and forms; what refers to it keeps its name. */
    async archive(id: string, actor: Actor): Promise<void> {
      const row = isId(id) ? await repo.findModelById(db, id) : undefined;
      if (!row) throw notFound(modelMessages.notFound);
      if (isAccessoriesModel(row.model)) throw new AppError(400, modelMessages.accessoriesArchive);
      if (row.status === 0) return;
      await db.transaction().execute(async (trx) => {
        await repo.updateModel(trx, id, { status: 0, updated_at: now() });
        await recordAudit(trx, actor, {
          action: 'archive',
          entity: 'model',
          entityId: id,
          label: row.model,
          before: snapshot(row),
          after: snapshot({ ...row, status: 0 }),
        });
      });
    },

    /** A model by id, archived or not; undefined for an unknown or malformed id. */
    async find(id: string): Promise<ModelInfo | undefined> {
      const row = isId(id) ? await repo.findModelById(db, id) : undefined;
      return row ? toInfo(row) : undefined;
    },

    /** Models a listing filter names: by id or by name in any letter case. */
    async resolve(idOrName: string): Promise<ModelInfo[]> {
      return (await repo.findModelsByIdOrName(db, idOrName)).map(toInfo);
    },

    /** The model a slug names now, or named before it was renamed (`moved`); undefined for no model. */
    async bySlug(slug: string): Promise<{ brand: ModelInfo; moved: boolean } | undefined> {
      const found = /^[a-z0-9-]{1,100}$/.test(slug) ? await repo.findModelBySlug(db, slug) : undefined;
      return found ? { brand: toInfo(found.row), moved: found.moved } : undefined;
    },

    /** Models by id as their repair pages show them (name, slug, logo), archived or not. */
    async repairBrands(ids: string[]): Promise<Map<string, RepairBrand>> {
      const models = await toModels(await repo.findModelsByIds(db, [...new Set(ids)]));
      return new Map(models.map((m) => [m._id, { _id: m._id, model: m.model, slug: m.slug, file: m.file }]));
    },
  };
}

/** A model's row in the search index (Accessories has none), and every row filed under it when it was renamed. */
async function reindex(trx: Kysely<Database>, id: string, name: string, before: string | undefined): Promise<void> {
  if (!isAccessoriesModel(name)) await searchIndex.put(trx, [{ kind: 'brand', refId: id, brandId: id, brandName: name, title: name }]);
  if (before !== undefined && before !== name) await searchIndex.renameBrand(trx, id, name);
}

function toInfo(row: repo.ModelRow): ModelInfo {
  return { _id: row.id, model: row.model, slug: row.slug, active: row.status === 1, accessories: isAccessoriesModel(row.model) };
}

export type ModelsService = ReturnType<typeof createModelsService>;
