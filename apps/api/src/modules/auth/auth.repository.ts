import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = UsersTable;

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Creates the admin, or makes the account with that email an admin with this password. */
export async function upsertAdmin(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doUpdateSet({ role: 'admin', password_hash: row.password_hash, updated_at: row.updated_at }))
    .execute();
}

export async function insertSession(db: Kysely<Database>, row: Database['sessions']): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSession(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.expires_at', 'users.id', 'users.name', 'users.email', 'users.role'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function extendSession(db: Kysely<Database>, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}

export function countFailuresSince(db: Kysely<Database>, email: string, since: string) {
  return db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function oldestFailureSince(db: Kysely<Database>, email: string, since: string) {
  return db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.min('failed_at').as('first'))
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .executeTakeFirst()
    .then((r) => (r?.first as string | null | undefined) ?? undefined);
}

export async function insertFailure(db: Kysely<Database>, email: string, at: string): Promise<void> {
  await db.insertInto('login_failures').values({ email, failed_at: at }).execute();
}

export async function clearFailures(db: Kysely<Database>, email: string, before?: string): Promise<void> {
  let q = db.deleteFrom('login_failures').where('email', '=', email);
  if (before) q = q.where('failed_at', '<=', before);
  await q.execute();
}
