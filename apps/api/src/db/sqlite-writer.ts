// The thread that writes the shop's SQLite database (see db/sqlite.ts and docs/decisions/0019-sqlite-writer-thread.md).
// A commit waits here for the disk to confirm it, never on the server's event loop. Writes that arrive while a
// commit waits are committed together by the next one (group commit): each keeps its own savepoint, so one that
// fails is undone alone, and none is answered before the commit that holds it is on disk.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { replier, Statements, type StatementResult } from './sqlite-statements.ts';

export type WriterRequest =
  /** Start a transaction; answered once it has its turn. */
  | { op: 'begin'; id: number }
  /** A statement of the transaction running now. */
  | { op: 'query'; id: number; sql: string; params: unknown[] }
  | { op: 'commit'; id: number }
  | { op: 'rollback'; id: number }
  /** One statement that is a transaction of its own. */
  | { op: 'write'; id: number; sql: string; params: unknown[] }
  | { op: 'close'; id: number };

export interface WriterData {
  file: string;
}

/** Transactions committed by one commit at most, so that a steady stream of writes is still answered. */
const BATCH_LIMIT = 200;

const port = parentPort!;
const db = new SQLite((workerData as WriterData).file);
db.pragma('journal_mode = WAL');
// FULL: a write acknowledged to a client survives a power cut, not only a process crash (docs/decisions/0003).
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const statements = new Statements(db);

/** Transactions and single writes waiting for their turn. */
const waiting: Array<Extract<WriterRequest, { op: 'begin' | 'write' }>> = [];
/** True while a transaction started with `begin` is running. */
let running = false;
/** Requests done inside the open batch, answered once it is committed. */
let done: Array<{ id: number; result?: StatementResult }> = [];
let batchSize = 0;
let commitQueued = false;

const { answer, fail } = replier(port);

/** Undoes the statements of the current transaction; a no-op when SQLite already rolled back the whole batch. */
function undo() {
  if (db.inTransaction) db.exec('ROLLBACK TO tx; RELEASE tx');
}

/** Starts what is waiting, one after the other in the open batch, until a transaction needs its caller. */
function pump() {
  while (!running && waiting.length > 0 && batchSize < BATCH_LIMIT) {
    const next = waiting.shift()!;
    try {
      if (!db.inTransaction) {
        if (batchSize > 0) settle(new Error('The transaction was rolled back'));
        db.exec('BEGIN IMMEDIATE');
      }
      db.exec('SAVEPOINT tx');
    } catch (err) {
      fail(next.id, err);
      continue;
    }
    batchSize += 1;
    if (next.op === 'begin') {
      running = true;
      answer(next.id);
      break;
    }
    try {
      const result = statements.run(next.sql, next.params);
      db.exec('RELEASE tx');
      done.push({ id: next.id, result });
    } catch (err) {
      undo();
      fail(next.id, err);
    }
  }
  if (!running && batchSize > 0 && !commitQueued) {
    // After the messages already delivered, so that writes which arrived during the last commit join this one.
    commitQueued = true;
    setImmediate(() => {
      commitQueued = false;
      commit();
      pump();
    });
  }
}

/** Commits the open batch, unless a transaction is still running: then the batch commits after it ends. */
function commit() {
  if (running || batchSize === 0) return;
  try {
    // SQLite rolls a whole transaction back by itself on a full disk or an I/O error.
    if (!db.inTransaction) throw new Error('The transaction was rolled back');
    db.exec('COMMIT');
    settle();
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    settle(err);
  }
}

/** Answers everything done in the batch that just ended: success, or the error that ended it. */
function settle(err?: unknown) {
  for (const d of done) {
    if (err === undefined) answer(d.id, d.result);
    else fail(d.id, err);
  }
  done = [];
  batchSize = 0;
}

port.on('message', (m: WriterRequest) => {
  switch (m.op) {
    case 'begin':
    case 'write':
      waiting.push(m);
      break;
    case 'query':
      try {
        answer(m.id, statements.run(m.sql, m.params));
      } catch (err) {
        fail(m.id, err);
      }
      break;
    case 'commit':
      running = false;
      try {
        db.exec('RELEASE tx');
        done.push({ id: m.id });
      } catch (err) {
        undo();
        fail(m.id, err);
      }
      break;
    case 'rollback':
      running = false;
      try {
        undo();
        answer(m.id);
      } catch (err) {
        fail(m.id, err);
      }
      break;
    case 'close':
      commit();
      db.close();
      answer(m.id);
      port.close();
      return;
  }
  pump();
});

port.postMessage({ id: 0 });
