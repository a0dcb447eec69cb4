import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Makes transactions that name the same key wait for each other until they end: a PostgreSQL advisory lock held
 * for the transaction, per schema (advisory locks are the whole database's, and shops, or test runs, may each have
 * a schema of their own in one database). SQLite needs none, as it runs one writing transaction at a time.
 */
export async function serialise(trx: Kysely<any>, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext(coalesce(current_schema(), '') || ' ' || ${key}))`.execute(trx);
}
