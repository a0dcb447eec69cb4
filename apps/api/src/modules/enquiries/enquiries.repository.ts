import type { EnquiryKind, EnquiryStatus } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, EnquiriesTable } from '../../db/schema.ts';

export type EnquiryRow = EnquiriesTable;

export interface EnquiryFilter {
  status?: EnquiryStatus | undefined;
  kind?: EnquiryKind | undefined;
  /** Received before this instant. */
  before?: string | undefined;
}

function filtered(db: Kysely<Database>, f: EnquiryFilter) {
  let q = db.selectFrom('enquiries');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.before) q = q.where('created_at', '<', f.before);
  return q;
}

/** Newest first. */
export function findEnquiries(db: Kysely<Database>, filter: EnquiryFilter, page?: { limit: number; offset: number }) {
  let q = filtered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export async function countEnquiries(db: Kysely<Database>, filter: EnquiryFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEnquiryById(db: Kysely<Database>, id: string) {
  return db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEnquiry(db: Kysely<Database>, row: EnquiryRow): Promise<void> {
  await db.insertInto('enquiries').values(row).execute();
}

export async function updateEnquiry(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<EnquiryRow, 'status' | 'note'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('enquiries').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the enquiry; its unsent mail goes with it (foreign key cascade). */
export async function deleteEnquiry(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('enquiries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the enquiries received before `before` (an ISO time); how many. */
export async function deleteEnquiriesBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('enquiries').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
