import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * The sign-in throttle keyed on email and client address with growing delays (login_attempts, replacing
 * login_failures), and fixed-window request counters for rate limits (rate_limits). Times that the database compares
 * with arithmetic are epoch milliseconds (bigint on PostgreSQL).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const millis = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.dropTable('login_failures').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_at', millis, (c) => c.notNull())
    .addColumn('blocked_until', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_last_idx').on('login_attempts').column('last_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', millis, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
}
