import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, PICTURE_KINDS, pictureKind, type ImageAsset, type PictureKind } from '@shop/shared';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { now } from '../../lib/ids.ts';
import * as repo from './media.repository.ts';

export type { OwnerType } from './media.repository.ts';
type OwnerType = repo.OwnerType;

export const imageMessages = {
  empty: 'Image file is empty',
  tooLarge: 'Each image must be at most 8 MB',
  svg: `SVG images are not accepted: use ${PICTURE_KINDS}`,
  type: `Images must be ${PICTURE_KINDS}`,
  pixels: 'Images must be at most 40 megapixels',
  damaged: 'Image file is damaged or incomplete',
} as const;

export interface Variant {
  key: string;
  width: number;
  height: number;
}

/** One image at every stored width, smallest first; `bytes` is set on variants not yet stored. */
export interface ImageSource {
  variants: (Variant & { bytes?: Buffer })[];
  /** Its alt text as stored ('' or absent: none of its own). */
  alt?: string;
}

type Sniffed = PictureKind | 'svg';

/** The file's type from its first bytes, whatever its name or declared type says: a picture's, or an SVG's. */
function sniff(b: Buffer): Sniffed | undefined {
  const kind = pictureKind(b);
  if (kind || b.subarray(4, 8).toString('latin1') === 'ftyp') return kind;
  const text = b
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<') && text.includes('<svg')) return 'svg';
  return undefined;
}

const FORMAT_OF: Record<Exclude<Sniffed, 'svg'>, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

/** The widths stored for an image this wide: never upscaled, its own width once when narrower than a step. */
export function widthsFor(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...new Set([...below, top])];
}

/**
 * Validates an upload by its bytes and re-encodes it to WebP at each stored width (which drops metadata
 * and anything hidden in the file). Throws a 400 naming the rule broken.
 */
export async function encodeImage(input: Buffer): Promise<ImageSource> {
  if (input.length === 0) throw fieldError('file', imageMessages.empty);
  if (input.length > MAX_IMAGE_BYTES) throw fieldError('file', imageMessages.tooLarge);
  const type = sniff(input);
  if (type === 'svg') throw fieldError('file', imageMessages.svg);
  if (!type) throw fieldError('file', imageMessages.type);

  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' as const, pages: 1 };
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels, so the size can be checked here and named in the message.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw fieldError('file', imageMessages.damaged);
  }
  if (meta.format !== FORMAT_OF[type] || (type === 'avif' && meta.compression !== 'av1')) {
    throw fieldError('file', imageMessages.type);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw fieldError('file', imageMessages.damaged);
  if (width * height > MAX_IMAGE_PIXELS) throw fieldError('file', imageMessages.pixels);

  try {
    const variants = await Promise.all(
      widthsFor(width).map(async (w) => {
        const { data, info } = await sharp(input, options)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80, effort: 2 })
          .toBuffer({ resolveWithObject: true });
        return { key: createHash('sha256').update(data).digest('hex'), width: info.width, height: info.height, bytes: data };
      }),
    );
    return { variants };
  } catch {
    throw fieldError('file', imageMessages.damaged);
  }
}

/** Encodes several uploads in order; the first bad file stops the lot before anything is stored. */
export async function encodeImages(files: Buffer[]): Promise<ImageSource[]> {
  const out: ImageSource[] = [];
  for (const file of files) out.push(await encodeImage(file));
  return out;
}

/**
 * Makes `images` (in order) the owner's images: run inside the transaction that writes the owner.
 * Media rows the owner no longer references, and nothing else does, are deleted.
 */
export async function setImages(
  db: Kysely<Database>,
  ownerType: OwnerType,
  ownerId: string,
  images: ImageSource[],
): Promise<void> {
  const previous = await repo.deleteOwnerImages(db, ownerType, ownerId);
  const at = now();
  const fresh = new Map<string, Database['media']>();
  for (const image of images) {
    for (const v of image.variants) {
      if (v.bytes)
        fresh.set(v.key, {
          key: v.key,
          content_type: 'image/webp',
          width: v.width,
          height: v.height,
          bytes: v.bytes,
          created_at: at,
        });
    }
  }
  await repo.insertMedia(db, [...fresh.values()]);
  await repo.insertImageRows(
    db,
    images.flatMap((image, position) =>
      image.variants.map((v) => ({
        owner_type: ownerType,
        owner_id: ownerId,
        position,
        media_key: v.key,
        width: v.width,
        height: v.height,
        alt: image.alt ?? '',
      })),
    ),
  );
  await repo.deleteUnreferencedMedia(db, [...new Set(previous)]);
}

/**
 * Gives many owners images whose bytes are already stored (bulk imports): image rows only, in batches
 * that stay within the databases' parameter limits. Run inside the transaction that writes the owners.
 */
export async function addStoredImages(
  db: Kysely<Database>,
  ownerType: OwnerType,
  owners: { ownerId: string; images: ImageSource[] }[],
): Promise<void> {
  const rows = owners.flatMap(({ ownerId, images }) =>
    images.flatMap((image, position) =>
      image.variants.map((v) => ({
        owner_type: ownerType,
        owner_id: ownerId,
        position,
        media_key: v.key,
        width: v.width,
        height: v.height,
        alt: image.alt ?? '',
      })),
    ),
  );
  for (let i = 0; i < rows.length; i += IMAGE_ROW_BATCH) await repo.insertImageRows(db, rows.slice(i, i + IMAGE_ROW_BATCH));
}

/** Image rows per insert: 6 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const IMAGE_ROW_BATCH = 2000;

const CHUNK = 500;

/** Each owner's stored images, in position order (owners without images are absent). */
export async function imagesByOwner(
  db: Kysely<Database>,
  ownerType: OwnerType,
  ownerIds: string[],
): Promise<Map<string, ImageSource[]>> {
  const out = new Map<string, ImageSource[]>();
  const ids = [...new Set(ownerIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await repo.findImageRows(db, ownerType, ids.slice(i, i + CHUNK));
    let lastOwner = '';
    let lastPosition = -1;
    for (const row of rows) {
      const list = out.get(row.owner_id) ?? [];
      if (row.owner_id !== lastOwner || row.position !== lastPosition) list.push({ variants: [], alt: row.alt });
      list[list.length - 1]!.variants.push({ key: row.media_key, width: row.width, height: row.height });
      out.set(row.owner_id, list);
      lastOwner = row.owner_id;
      lastPosition = row.position;
    }
  }
  return out;
}

/**
 * The stored picture each key is a width of, with all its widths (the first found, when several owners show the
 * same picture). Keys of no stored picture are absent.
 */
export async function imagesByKey(db: Kysely<Database>, keys: string[]): Promise<Map<string, ImageSource>> {
  const out = new Map<string, ImageSource>();
  const wanted = [...new Set(keys)];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await repo.findImageGroupsByKeys(db, wanted.slice(i, i + CHUNK));
    let group = '';
    for (const row of rows) {
      const owner = `${row.found_key} ${row.owner_type} ${row.owner_id} ${row.position}`;
      if (out.has(row.found_key) && owner !== group) continue;
      group = owner;
      const image = out.get(row.found_key) ?? { variants: [] };
      image.variants.push({ key: row.media_key, width: row.width, height: row.height });
      out.set(row.found_key, image);
    }
  }
  return out;
}

export const mediaUrl = (key: string) => `/media/${key}.webp`;

/** The API's image object: the largest width as `secure_url`, every width in `srcset`. */
export function toAsset(image: ImageSource): ImageAsset {
  const largest = image.variants[image.variants.length - 1]!;
  return {
    secure_url: mediaUrl(largest.key),
    width: largest.width,
    height: largest.height,
    srcset: image.variants.map((v) => `${mediaUrl(v.key)} ${v.width}w`).join(', '),
  };
}

/** The address of an image's smallest stored width, for thumbnails. */
export const thumbnailUrl = (image: ImageSource) => mediaUrl(image.variants[0]!.key);

/** The media key a `secure_url` names (a path or an absolute URL), or undefined. */
export function keyOfUrl(url: string): string | undefined {
  return /\/media\/([a-f0-9]{64})\.webp(?:[?#].*)?$/.exec(url.trim())?.[1];
}

export async function readMedia(db: Kysely<Database>, key: string) {
  if (!/^[a-f0-9]{64}$/.test(key)) return undefined;
  const row = await repo.findMedia(db, key);
  return row ? { key: row.key, contentType: row.content_type, bytes: Buffer.from(row.bytes) } : undefined;
}
