import { ACCESSORIES_MODEL } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, now } from '../../lib/ids.ts';
import * as repo from './models.repository.ts';

/** The model named 'Accessories' marks accessory products; the shop always has it, active. */
export async function ensureAccessoriesModel(db: Kysely<Database>): Promise<void> {
  const existing = await repo.findModelByName(db, ACCESSORIES_MODEL);
  if (existing) return;
  const at = now();
  await repo.insertModel(db, { id: newId(), model: ACCESSORIES_MODEL, status: 1, created_at: at, updated_at: at });
}
