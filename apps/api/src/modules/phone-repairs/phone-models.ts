import type { Kysely } from 'kysely';
import { serialise } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import { newId, now } from '../../lib/ids.ts';
import { phoneNameKey, slugify, slugStillFits, uniqueSlug, withoutBrand } from '../../lib/slugs.ts';
import { searchIndex } from '../search/search.service.ts';
import * as repo from './phone-models.repository.ts';

/**
 * The phone models behind the repair prices (docs/decisions/0022-repair-pages-and-slugs.md), kept in step with the
 * prices inside the transaction that writes them. Every function here runs in that transaction.
 */

interface Brand {
  _id: string;
  model: string;
}

/** A new phone model's slug among those its brand already has (`taken` is updated). */
export function freeSlug(brand: Brand, name: string, taken: Set<string>): string {
  const slug = uniqueSlug(slugify(withoutBrand(name, brand.model), 'phone'), (s) => taken.has(s));
  taken.add(slug);
  return slug;
}

export const parseAliases = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
};

/** Phone models of a brand change one transaction at a time, so two never take the same name or slug. */
const lockBrands = async (trx: Kysely<Database>, brandIds: string[]) => {
  for (const id of [...new Set(brandIds)].sort()) await serialise(trx, `phone models ${id}`);
};

/** A slug for a phone name within a brand, free among the brand's other phone models; the current one kept when it fits. */
async function slugFor(
  trx: Kysely<Database>,
  brand: Brand,
  name: string,
  phoneId: string,
  current?: { slug: string; name: string },
): Promise<string> {
  const slugOf = (phoneName: string) => slugify(withoutBrand(phoneName, brand.model), 'phone');
  const base = slugOf(name);
  if (current && slugStillFits(current.slug, base, slugOf(current.name))) return current.slug;
  const slug = freeSlug(brand, name, await repo.findSlugsLike(trx, brand._id, base, phoneId));
  await repo.forgetOldSlug(trx, brand._id, slug);
  return slug;
}

/**
 * The phone model a repair price named `name` under `brand` belongs to:
 * - the brand's phone model of that name in any letter case and spacing, which takes this spelling (and gives it to
 *   all its prices);
 * - else, when the price moves from a phone model it was the last price of, that phone model, renamed (its old
 *   address leads to the new one);
 * - else a new phone model.
 */
export async function place(
  trx: Kysely<Database>,
  brand: Brand,
  name: string,
  moving?: { repairId: string; phoneId: string; brandId: string },
): Promise<string> {
  await lockBrands(trx, [brand._id, ...(moving ? [moving.brandId] : [])]);
  const key = phoneNameKey(name);
  const at = now();
  const existing = await repo.findPhoneByKey(trx, brand._id, key);
  if (existing) {
    if (existing.name !== name) {
      await repo.updatePhone(trx, existing.id, { name, updated_at: at });
      await repo.renameRepairsOf(trx, existing.id, name);
    }
    return existing.id;
  }
  const old =
    moving && (await repo.countRepairsOf(trx, moving.phoneId, moving.repairId)) === 0
      ? await repo.findPhoneById(trx, moving.phoneId)
      : undefined;
  if (old) {
    const slug = await slugFor(trx, brand, name, old.id, old.model_id === brand._id ? old : undefined);
    if (slug !== old.slug || old.model_id !== brand._id) await repo.keepOldSlug(trx, old.model_id, old.slug, old.id, at);
    await repo.updatePhone(trx, old.id, { model_id: brand._id, name, name_key: key, slug, updated_at: at });
    return old.id;
  }
  const id = newId();
  const slug = await slugFor(trx, brand, name, id);
  await repo.insertPhone(trx, {
    id,
    model_id: brand._id,
    name,
    name_key: key,
    slug,
    aliases: '[]',
    created_at: at,
    updated_at: at,
  });
  return id;
}

/**
 * The phone models of many new repair prices at once (an import, the benchmark's catalogue), in their order: like
 * `place` for each, with the lookups, the new phone models and their rows in the search index written in bulk. A
 * phone model found under another spelling takes the new one, as `place` does.
 */
export async function placeMany(trx: Kysely<Database>, items: { brand: Brand; name: string }[]): Promise<string[]> {
  const brandIds = [...new Set(items.map((i) => i.brand._id))];
  await lockBrands(trx, brandIds);
  const at = now();
  const key = (brandId: string, nameKey: string) => `${brandId} ${nameKey}`;
  const keys = items.map((i) => key(i.brand._id, phoneNameKey(i.name)));
  const existing = new Map(
    (await repo.findPhonesByKeys(trx, brandIds, [...new Set(items.map((i) => phoneNameKey(i.name)))])).map((p) => [key(p.model_id, p.name_key), p]),
  );
  const taken = await repo.findSlugsOfBrands(trx, brandIds);
  const ids = new Map<string, string>();
  const created: { row: repo.PhoneModelRow; brand: Brand }[] = [];
  const renamed: { id: string; brand: Brand }[] = [];
  for (const [i, item] of items.entries()) {
    const k = keys[i]!;
    if (ids.has(k)) continue;
    const found = existing.get(k);
    if (found) {
      ids.set(k, found.id);
      if (found.name !== item.name) {
        await repo.updatePhone(trx, found.id, { name: item.name, updated_at: at });
        await repo.renameRepairsOf(trx, found.id, item.name);
        renamed.push({ id: found.id, brand: item.brand });
      }
      continue;
    }
    const id = newId();
    ids.set(k, id);
    const slug = freeSlug(item.brand, item.name, taken.get(item.brand._id)!);
    created.push({
      row: { id, model_id: item.brand._id, name: item.name, name_key: phoneNameKey(item.name), slug, aliases: '[]', created_at: at, updated_at: at },
      brand: item.brand,
    });
  }
  await repo.insertPhones(trx, created.map((c) => c.row));
  await searchIndex.put(
    trx,
    created.map((c) => ({ kind: 'repair', refId: c.row.id, brandId: c.brand._id, brandName: c.brand.model, title: c.row.name })),
  );
  for (const r of renamed) await reindex(trx, r.id, r.brand);
  return keys.map((k) => ids.get(k)!);
}

/**
 * After a repair price moved from one phone model to another: a phone model left without prices is merged into the
 * one its last price went to. Its addresses lead there, and its aliases join that phone model's.
 */
export async function leave(trx: Kysely<Database>, fromId: string, toId: string): Promise<void> {
  if (fromId === toId || (await repo.countRepairsOf(trx, fromId, '')) > 0) return;
  const [from, to] = await Promise.all([repo.findPhoneById(trx, fromId), repo.findPhoneById(trx, toId)]);
  if (!from || !to) return;
  const at = now();
  await repo.moveOldSlugs(trx, from.id, to.id);
  if (from.model_id !== to.model_id || from.slug !== to.slug) await repo.keepOldSlug(trx, from.model_id, from.slug, to.id, at);
  const aliases = mergeAliases(parseAliases(to.aliases), parseAliases(from.aliases));
  await repo.updatePhone(trx, to.id, { aliases: JSON.stringify(aliases), updated_at: at });
  await repo.deletePhone(trx, from.id);
  await searchIndex.remove(trx, [from.id]);
}

const mergeAliases = (first: string[], second: string[]) => {
  const seen = new Set(first.map((a) => a.toLowerCase()));
  return [...first, ...second.filter((a) => !seen.has(a.toLowerCase()))];
};

export async function setAliases(trx: Kysely<Database>, phoneId: string, aliases: string[]): Promise<void> {
  await repo.updatePhone(trx, phoneId, { aliases: JSON.stringify(aliases), updated_at: now() });
}

/** The phone model's row in the search index: its brand, name and aliases. */
export async function reindex(trx: Kysely<Database>, phoneId: string, brand: Brand): Promise<void> {
  const phone = await repo.findPhoneById(trx, phoneId);
  if (!phone) return;
  await searchIndex.put(trx, [
    {
      kind: 'repair',
      refId: phone.id,
      brandId: brand._id,
      brandName: brand.model,
      title: phone.name,
      aliases: parseAliases(phone.aliases),
    },
  ]);
}
