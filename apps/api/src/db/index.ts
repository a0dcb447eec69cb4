import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { openSqliteDialect } from './sqlite.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL's int8 (count(*), bigserial) arrives as text by default; the shop's counts fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'shop.db');
}

/** Opens the database the config names and brings its schema up to date. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { schema?: string } = {}): Promise<Db> {
  const handle = config.databaseUrl ? openPostgres(config.databaseUrl, options.schema) : await openSqlite(config);
  try {
    await migrate(handle.db, handle.dialect);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/**
 * The data folder and the database file are the shop's alone (0700 and 0600): the file holds password hashes and
 * sessions. SQLite gives its -wal and -shm files the database file's permissions. A folder or file made by an earlier
 * version with wider permissions is narrowed.
 */
function keepPrivate(dataDir: string, file: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.chmodSync(dataDir, 0o700);
  } catch (err) {
    // A folder the operator made for the shop, owned by another user, is theirs to set.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

async function openSqlite(config: Pick<Config, 'dataDir'>): Promise<Db> {
  keepPrivate(config.dataDir, sqlitePath(config));
  const db = new Kysely<Database>({ dialect: await openSqliteDialect(sqlitePath(config)) });
  return {
    db,
    dialect: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, schema: string | undefined): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // Tests isolate themselves in a schema of their own.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection lost while idle, or while checked out between queries, must not crash the process:
  // the query in flight fails (answered 503) and the pool discards the broken client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
