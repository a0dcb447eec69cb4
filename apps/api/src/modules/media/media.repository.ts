import type { Kysely } from 'kysely';
import type { Database, ImagesTable } from '../../db/schema.ts';

export type OwnerType = ImagesTable['owner_type'];

/** Stores encoded bytes once per content hash; an existing key already holds the same bytes. */
export async function insertMedia(db: Kysely<Database>, rows: Database['media'][]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('media')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function insertImageRows(db: Kysely<Database>, rows: Omit<ImagesTable, 'id'>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('images').values(rows).execute();
}

/** Deletes an owner's image rows and returns the media keys they referenced. */
export async function deleteOwnerImages(db: Kysely<Database>, ownerType: OwnerType, ownerId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('images')
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .returning('media_key')
    .execute();
  return rows.map((r) => r.media_key);
}

/** Deletes those media rows that no image row references any more. */
export async function deleteUnreferencedMedia(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('media')
    .where('key', 'in', keys)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('images').select('images.id').whereRef('images.media_key', '=', 'media.key'))))
    .execute();
}

export function findImageRows(db: Kysely<Database>, ownerType: OwnerType, ownerIds: string[]) {
  return db
    .selectFrom('images')
    .select(['owner_id', 'position', 'media_key', 'width', 'height', 'alt'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', ownerIds)
    .orderBy('owner_id')
    .orderBy('position')
    .orderBy('width')
    .execute();
}

export function findMedia(db: Kysely<Database>, key: string) {
  return db.selectFrom('media').select(['key', 'content_type', 'bytes']).where('key', '=', key).executeTakeFirst();
}

/**
 * Every variant of each image (an owner's picture at one position) that has a variant with one of `keys`, with the
 * key it was found by: how a `/media` URL leads back to the other widths of its picture.
 */
export function findImageGroupsByKeys(db: Kysely<Database>, keys: string[]) {
  return db
    .selectFrom('images as found')
    .innerJoin('images as variant', (join) =>
      join
        .onRef('variant.owner_type', '=', 'found.owner_type')
        .onRef('variant.owner_id', '=', 'found.owner_id')
        .onRef('variant.position', '=', 'found.position'),
    )
    .select([
      'found.media_key as found_key',
      'variant.owner_type',
      'variant.owner_id',
      'variant.position',
      'variant.media_key',
      'variant.width',
      'variant.height',
    ])
    .where('found.media_key', 'in', keys)
    .orderBy('found.media_key')
    .orderBy('variant.owner_type')
    .orderBy('variant.owner_id')
    .orderBy('variant.position')
    .orderBy('variant.width')
    .execute();
}
