// SQLite for the server: reads on the event loop, writes in a thread of their own (docs/decisions/0019-sqlite-writer-thread.md),
// and a second dialect for the reads that take milliseconds (a search, a list of products), answered by two reading
// threads (docs/decisions/0043-sqlite-reading-thread.md).
//
// A read is a few microseconds from SQLite's page cache, far less than a trip to another thread, so it runs here
// on a read-only connection. A commit waits for the disk (`synchronous = FULL`), which can take hundreds of
// milliseconds on a busy disk; in sqlite-writer.ts that wait holds up no other request. In WAL mode readers never
// wait for the writer, and they see a write once it is committed, which is before its caller is answered.
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { Statements, runStatement, type StatementResult, type ThreadReply } from './sqlite-statements.ts';
import type { WriterData, WriterRequest } from './sqlite-writer.ts';

// Built, the threads are bundled beside the server as .js; run from source (the tests), they sit beside this file.
const beside = (name: string) => new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** A request before its thread numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Unnumbered<WriterRequest>;

/** A database thread (the writer, or the reader), seen as calls that resolve with its answers. */
class DbThread {
  readonly #worker: Worker;
  readonly #calls = new Map<number, { resolve(r: StatementResult | undefined): void; reject(e: Error): void }>();
  #nextId = 1;
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: ThreadReply) => {
      const call = this.#calls.get(reply.id);
      if (!call) return;
      this.#calls.delete(reply.id);
      if (this.#calls.size === 0) worker.unref();
      if (reply.error) call.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else call.resolve(reply.result);
    });
    const stop = (err: Error) => {
      this.#gone ??= err;
      for (const call of this.#calls.values()) call.reject(err);
      this.#calls.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('A database thread has stopped')));
    // Kept alive by the calls waiting for it, so a process that forgets to close the database can still exit.
    worker.unref();
  }

  /** Starts the thread; resolves once it has opened the database (the writer creates it, with WAL on). */
  static open(script: 'sqlite-writer' | 'sqlite-reader', file: string): Promise<DbThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(beside(script), { workerData: { file } satisfies WriterData });
      worker.once('error', reject);
      worker.once('message', () => {
        worker.off('error', reject);
        resolve(new DbThread(worker));
      });
    });
  }

  call(request: Request): Promise<StatementResult | undefined> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    if (this.#calls.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as WriterRequest);
    });
  }

  /** How many of its calls have not been answered yet. */
  get waiting(): number {
    return this.#calls.size;
  }

  async close(): Promise<void> {
    if (this.#gone) return;
    await this.call({ op: 'close' });
    await this.#worker.terminate();
  }
}

function toQueryResult(result: StatementResult | undefined): QueryResult<any> {
  return result ?? { rows: [] };
}

/** One use of the database by Kysely: on its own, or the transaction it began. */
class Connection implements DatabaseConnection {
  readonly #reader: Statements;
  readonly #writer: DbThread;
  inTransaction = false;

  constructor(reader: Statements, writer: DbThread) {
    this.#reader = reader;
    this.#writer = writer;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const params = query.parameters as unknown[];
    if (this.inTransaction) return toQueryResult(await this.#writer.call({ op: 'query', sql: query.sql, params }));
    // SQLite itself says whether a statement only reads (sqlite3_stmt_readonly).
    const stmt = this.#reader.prepare(query.sql);
    if (stmt.readonly) return runStatement(stmt, params) as QueryResult<R>;
    return toQueryResult(await this.#writer.call({ op: 'write', sql: query.sql, params }));
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported');
  }
}

class SplitDriver implements Driver {
  readonly #reader: SQLite.Database;
  readonly #statements: Statements;
  readonly #writer: DbThread;

  constructor(reader: SQLite.Database, writer: DbThread) {
    this.#reader = reader;
    this.#statements = new Statements(reader);
    this.#writer = writer;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this.#statements, this.#writer);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#writer.call({ op: 'begin' });
    (connection as Connection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Connection).inTransaction = false;
    await this.#writer.call({ op: 'commit' });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Connection).inTransaction = false;
    await this.#writer.call({ op: 'rollback' });
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.#writer.close();
    this.#reader.close();
  }
}

/** Reading threads: two, so that a read of seconds (the list of every product at 100,000) holds up no search. */
const READERS = 2;

/**
 * The reading threads' side of the database: each statement runs on one of them, on a read-only connection, while
 * the event loop answers other requests; on the one with the fewest statements waiting, so a long read holds up
 * only the reads sent to its thread while the other was busy too. For reads long enough to be worth the trip (tens
 * of microseconds each way), never for a write or a transaction. The threads start with the first read (Kysely
 * initialises a driver at its first use) and stop when Kysely is destroyed.
 */
class ThreadReadsDriver implements Driver {
  readonly #file: string;
  #readers: DbThread[] = [];
  readonly #connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      const reader = this.#readers.reduce((least, r) => (r.waiting < least.waiting ? r : least));
      return toQueryResult(
        await reader.call({ op: 'query', sql: query.sql, params: query.parameters as unknown[] }),
      ) as QueryResult<R>;
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('Streaming is not supported');
    },
  };

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {
    this.#readers = await Promise.all(Array.from({ length: READERS }, () => DbThread.open('sqlite-reader', this.#file)));
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The reading thread only reads: a transaction belongs on the main database');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await Promise.all(this.#readers.map((r) => r.close()));
  }
}

/** Connections are made per use, so Kysely need not take turns for the one connection (its SQLite default). */
class SplitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Writes each bound value as `+?` rather than `?`. Where SQLite's planner reads a bound value to weigh a plan, it
 * marks the statement to be prepared again whenever that value is bound anew, so a kept statement was compiled
 * afresh on every run: a product by its id with its brand took 34 µs instead of 5. The unary plus changes no value,
 * type or affinity, and `column = +?` still uses the column's index; what it gives up, plans chosen for a particular
 * value, the shop has no use for (docs/decisions/0037-sqlite-bound-values.md).
 */
class SqliteCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

class ShopSqliteDialect implements Dialect {
  readonly #driver: Driver;

  constructor(driver: Driver) {
    this.#driver = driver;
  }

  createDriver(): Driver {
    return this.#driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SplitAdapter();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * The Kysely dialects for the SQLite file at `file`, created (WAL, foreign keys on) if it does not exist: the
 * shop's, and one whose reads run on the reading threads.
 */
export async function openSqliteDialects(file: string): Promise<{ main: Dialect; threadReads: Dialect }> {
  const writer = await DbThread.open('sqlite-writer', file);
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  return {
    main: new ShopSqliteDialect(new SplitDriver(reader, writer)),
    threadReads: new ShopSqliteDialect(new ThreadReadsDriver(file)),
  };
}
