import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { openSqliteDialects } from './sqlite.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  /**
   * The same database, for reads that take milliseconds (a search, a list of products): on SQLite they run on two
   * reading threads rather than holding up the event loop; PostgreSQL's queries never hold it up, so there it is
   * `db`. Reads only, outside any transaction.
   */
  slowReads: Kysely<Database>;
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
  if (config.databaseUrl) {
    // Migrated on connections of their own: those that serve prepare statements, which must not outlive a change
    // to the tables they read.
    const migrating = openPostgres(config.databaseUrl, options.schema, { prepared: false });
    try {
      await migrate(migrating.db, migrating.dialect);
    } finally {
      await migrating.close();
    }
    return openPostgres(config.databaseUrl, options.schema, { prepared: true });
  }
  const handle = await openSqlite(config);
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
  const dialects = await openSqliteDialects(sqlitePath(config));
  const db = new Kysely<Database>({ dialect: dialects.main });
  const slowReads = new Kysely<Database>({ dialect: dialects.threadReads });
  return {
    db,
    slowReads,
    dialect: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await Promise.all([db.destroy(), slowReads.destroy()]);
    },
  };
}

/**
 * Query texts prepared at most; later ones run unnamed. The shop's code has a few hundred, but an IN list of each
 * length is a text of its own, and a connection keeps what it prepared until it closes.
 */
const MAX_PREPARED = 1000;

/**
 * A connection that prepares each query it reads or writes with once, by name, and then only runs it: PostgreSQL
 * parses and plans an unnamed query on every run, and a product by its id with its brand took 210 µs a run that
 * way against 90 µs prepared (docs/decisions/0038-postgres-prepared-statements.md).
 */
function preparingClient(names: Map<string, string>): typeof pg.Client {
  return class extends pg.Client {
    // pg's query() has many overloads; this one takes Kysely's call, the SQL text and its values.
    override query(...args: unknown[]): any {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && /^(select|insert|update|delete|with)\b/i.test(text)) {
        let name = names.get(text);
        if (!name && names.size < MAX_PREPARED) names.set(text, (name = `q${names.size + 1}`));
        if (name) return super.query({ name, text, values });
      }
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
  };
}

function openPostgres(url: string, schema: string | undefined, { prepared }: { prepared: boolean }): Db {
  const pool = new pg.Pool({
    ...(prepared ? { Client: preparingClient(new Map()) } : {}),
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
    slowReads: db,
    dialect: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
