import type { MessagePort } from 'node:worker_threads';
import type { Database, Statement } from 'better-sqlite3';

/** What one statement answers, in the shape Kysely's `QueryResult` takes. */
export interface StatementResult {
  rows: unknown[];
  numAffectedRows?: bigint;
  insertId?: bigint;
}

/** Prepared statements of one connection, by SQL text. The shop's queries are a few hundred at most. */
export class Statements {
  readonly #db: Database;
  readonly #kept = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  prepare(sql: string): Statement {
    let stmt = this.#kept.get(sql);
    if (!stmt) {
      // Queries with a list of values vary in length; start again rather than keep every length for ever.
      if (this.#kept.size >= 1000) this.#kept.clear();
      stmt = this.#db.prepare(sql);
      this.#kept.set(sql, stmt);
    }
    return stmt;
  }

  run(sql: string, params: readonly unknown[]): StatementResult {
    return runStatement(this.prepare(sql), params);
  }
}

export function runStatement(stmt: Statement, params: readonly unknown[]): StatementResult {
  if (stmt.reader) return { rows: stmt.all(params) };
  const { changes, lastInsertRowid } = stmt.run(params);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** A database thread's answer to call `id` (db/sqlite.ts): its result, or its error's message and code. */
export type ThreadReply = { id: number; result?: StatementResult; error?: { message: string; code?: string } };

/** How a database thread answers its caller. */
export function replier(port: MessagePort) {
  return {
    answer: (id: number, result?: StatementResult) => port.postMessage({ id, result } satisfies ThreadReply),
    fail: (id: number, err: unknown) => {
      const e = err as { message?: unknown; code?: unknown };
      port.postMessage({
        id,
        error: { message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) },
      } satisfies ThreadReply);
    },
  };
}
