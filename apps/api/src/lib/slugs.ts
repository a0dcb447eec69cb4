/** The longest slug made from a name (before any "-2" that keeps it unique). */
const SLUG_MAX = 80;

/**
 * A name as an address segment: lower-case ASCII letters and digits joined by single hyphens, accents dropped,
 * '+' read as 'plus' and '&' as 'and' ('Galaxy S24+' -> 'galaxy-s24-plus'); `fallback` when nothing is left.
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/**
 * Whether a record renamed to a name whose slug is `base` keeps its slug `current`: when that is `base`, or `base`
 * with the number uniqueSlug adds to keep it apart; not when the number was part of the old name (`oldBase`, the slug
 * of the old name: 'iPhone SE 2020' renamed 'iPhone SE' leaves iphone-se-2020 for iphone-se).
 */
export function slugStillFits(current: string, base: string, oldBase: string): boolean {
  if (current === base) return true;
  return current !== oldBase && current.startsWith(`${base}-`) && /^\d+$/.test(current.slice(base.length + 1));
}

/** `base`, or the first of base-2, base-3... that is not taken. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** A phone name without its brand in front ('Apple iPhone 13' of Apple -> 'iPhone 13'), for its slug. */
export function withoutBrand(name: string, brand: string): string {
  const words = name.trim().split(/\s+/);
  const brandWords = brand.trim().split(/\s+/);
  const starts = brandWords.every((w, i) => words[i]?.toLowerCase() === w.toLowerCase());
  return starts && words.length > brandWords.length ? words.slice(brandWords.length).join(' ') : name.trim();
}

/**
 * Whether two names of brands or categories are one, letter case and Unicode form aside (an 'É' typed as one character
 * or as 'E' and an accent, as some Mac files have it). Compared in JavaScript, not with SQL's lower(), which folds
 * ASCII letters only on SQLite ('Écrans' would match neither 'ÉCRANS' nor itself) and follows the database's locale
 * on PostgreSQL; those tables hold a few dozen rows.
 */
export const sameName = (a: string, b: string) => a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();

/** How a phone name is told apart from the others of its brand: letter case and spacing do not count. */
export function phoneNameKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}
