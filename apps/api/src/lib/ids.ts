import { randomBytes } from 'node:crypto';

/** An opaque, URL-safe, unguessable record id (96 random bits). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

export function now(): string {
  return new Date().toISOString();
}

/**
 * The creation time of the `index`th of many records one write makes at `at` (an import's lines): a millisecond
 * earlier for each, so that a list newest first shows them in the file's order, not in that of their random ids.
 */
export function madeInOrder(at: string, index: number): string {
  return new Date(Date.parse(at) - index).toISOString();
}

/** Ids are base64url; anything else cannot name a record, so callers answer 404 without a query. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/**
 * Whether a record was changed since a form loaded it: `seen` is its `updated_at` then, as the API gave it (an edit
 * form sends it back); a client that sends none is not asked.
 */
export function changedSince(record: { updated_at: string }, seen: string | undefined): boolean {
  return seen !== undefined && record.updated_at !== seen;
}
