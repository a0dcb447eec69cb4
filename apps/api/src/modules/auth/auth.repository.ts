import { sql, type Kysely } from 'kysely';
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

/** Inserts the account unless one with that email exists; whether it was inserted. */
export async function insertUserIfNew(db: Kysely<Database>, row: UserRow): Promise<boolean> {
  const result = await db.insertInto('users').values(row).onConflict((oc) => oc.column('email').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setRoleAndPassword(db: Kysely<Database>, id: string, role: UserRow['role'], passwordHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ role, password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
}

/** Ends every session of an account. */
export async function deleteSessionsOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends an account's sessions beyond its `keep` newest. */
export async function trimSessions(db: Kysely<Database>, userId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', 'not in', (eb) =>
      eb.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('token_hash').limit(keep),
    )
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

export interface ThrottleRule {
  /** Attempts allowed without a wait, within `windowMs` of the previous one. */
  free: number;
  /** After this long without an attempt or a wait, counting starts again (a wait sat out is not quiet time). */
  windowMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
}

/** Doublings of the one-second wait before it is capped at maxDelayMs: 1, 2, 4 ... 512 s. */
const DOUBLINGS = 10;

/**
 * Counts one sign-in attempt for `key`, unless the key must still wait: one atomic statement checks the wait and
 * counts the attempt, so parallel attempts cannot all be checked against the same count. Once `free` attempts are
 * used, each further one sets a wait that doubles from one second up to maxDelayMs. Answers the wait left (ms) when
 * the attempt is refused, else 0.
 */
export async function countAttempt(db: Kysely<Database>, key: string, rule: ThrottleRule, now: number): Promise<number> {
  await db
    .insertInto('login_attempts')
    .values({ key, attempts: 0, last_at: now, blocked_until: 0 })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const at = sql`cast(${now} as bigint)`;
  // Quiet since the last attempt and since its wait ended: sitting out the longest wait does not start afresh.
  const quiet = sql`last_at < ${now - rule.windowMs} and blocked_until < ${now - rule.windowMs}`;
  const attempt = sql`(case when ${quiet} then 1 else attempts + 1 end)`;
  const counted = await sql<{ attempts: number }>`
    update login_attempts set
      attempts = ${attempt},
      blocked_until = case
        when ${attempt} < ${rule.free} then 0
        when ${attempt} >= ${rule.free + DOUBLINGS} then ${at} + ${rule.maxDelayMs}
        else ${at} + (1000 << (${attempt} - ${rule.free}))
      end,
      last_at = ${at}
    where key = ${key} and blocked_until <= ${at}
    returning attempts`.execute(db);
  if (counted.rows.length) return 0;
  const row = await db.selectFrom('login_attempts').select('blocked_until').where('key', '=', key).executeTakeFirst();
  return Math.max(1, Number(row?.blocked_until ?? 0) - now);
}

/** Forgets a key's attempts (a successful sign-in for that email from that client). */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Takes back one counted attempt (a success does not count against the client). */
export async function uncountAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ attempts: eb.case().when('attempts', '>', 0).then(eb('attempts', '-', 1)).else(0).end() }))
    .where('key', '=', key)
    .execute();
}

/** Deletes the attempts of the keys starting with `prefix` left alone since `before` (epoch ms). */
export async function deleteStaleAttempts(db: Kysely<Database>, prefix: string, before: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('key', 'like', `${prefix}%`)
    .where('last_at', '<', before)
    .where('blocked_until', '<', before)
    .execute();
}
