/** The kinds of picture the shop takes, in the words its messages use (the API's and the console's). */
export const PICTURE_KINDS = 'JPEG, PNG, WebP, AVIF or GIF';

export type PictureKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * A file's kind of picture from its first bytes (64 are enough), whatever its name or declared type says; undefined
 * for anything else. The API decides by it (media.service.ts), and the console's picture fields refuse a file as it is
 * chosen by it.
 */
export function pictureKind(b: Uint8Array): PictureKind | undefined {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && PNG.every((x, i) => b[i] === x)) return 'png';
  const head = ascii(b, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) !== 'ftyp') return undefined;
  // AVIF: an ISO box whose major or compatible brands name it.
  const size = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const box = ascii(b, 8, Math.min(size, 64, b.length));
  const brands = [box.slice(0, 4), ...(box.slice(8).match(/.{4}/g) ?? [])];
  return brands.some((brand) => brand === 'avif' || brand === 'avis') ? 'avif' : undefined;
}
