import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Omit<UsersTable, 'password_hash'>;

const COLUMNS = ['id', 'name', 'email', 'role', 'created_at', 'updated_at'] as const;

function searched(db: Kysely<Database>, text: string | undefined) {
  const q = db.selectFrom('users');
  if (!text) return q;
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or email like ${pattern} escape '\\')`);
}

/** Newest first; name or email containing `text` when given. */
export function findUsers(db: Kysely<Database>, text: string | undefined, page?: { limit: number; offset: number }) {
  let q = searched(db, text).select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export async function countUsers(db: Kysely<Database>, text?: string): Promise<number> {
  const row = await searched(db, text)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findUserIdByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/**
 * The number of admins, for a transaction about to demote or delete one. On PostgreSQL their rows stay locked until
 * it ends, so two such transactions at once (each admin removing the other) take turns, and the second sees the
 * first's change instead of counting the other admin still there. SQLite runs one write transaction at a time.
 */
export async function countAdminsForChange(trx: Transaction<Database>): Promise<number> {
  const admins = trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id');
  const locked = trx.getExecutor().adapter instanceof PostgresAdapter ? admins.forUpdate() : admins;
  return (await locked.execute()).length;
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<UsersTable, 'name' | 'email' | 'role'>> & { updated_at: string },
) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Deletes the account; its sessions go with it (foreign key cascade). */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
