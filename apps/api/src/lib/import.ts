import { CSV_MAX_ERRORS, type ImportError, type UndoableChange } from '@shop/shared';
import type { Kysely, Transaction } from 'kysely';
import { serialise } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** What an import did, or its dry run would do. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** An import's answer: 200 for a dry run and a done import, 400 when errors stopped a real one (nothing written). */
export interface ImportResult {
  statusCode: 200 | 400;
  /** `changeId`: what a done import kept to be undone, when its steps keep one. */
  body: ImportCounts & { success: boolean; message: string; errors: ImportError[]; changeId?: string };
}

/** '1 price', '68,485 prices': a count as the console writes it (en-GB, as decisions.md sets numbers). */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const summary = (c: ImportCounts) =>
  `${c.created.toLocaleString('en-GB')} new, ${c.updated.toLocaleString('en-GB')} updated, ${c.unchanged.toLocaleString('en-GB')} unchanged`;
/** What an import is called in the last-change strip and the history: its file and what it did. */
export const importLabel = (filename: string, counts: ImportCounts) => `${filename}: ${summary(counts)}`;

/**
 * Of the rows naming an archived brand or category (`archived`, each with the issue it has should it match nothing),
 * those that match no record, with their issues: as in the forms, a record may keep an archived brand or category,
 * but nothing new is filed under one. `matched` reads which of the rows match a record.
 */
export async function newUnderArchived<R>(
  archived: Map<R, Map<string, string>>,
  matched: (rows: R[]) => Promise<Set<R>>,
): Promise<Map<R, Map<string, string>>> {
  if (archived.size === 0) return archived;
  const found = await matched([...archived.keys()]);
  return new Map([...archived].filter(([row]) => !found.has(row)));
}

/**
 * What an import would do to the list: rows to add, rows to change, and how many rows change nothing; and the errors
 * of rows the list cannot place (a row matching several records), which stop a real import as a file's errors do.
 */
export interface ImportPlan {
  create: readonly unknown[];
  update: readonly unknown[];
  unchanged: number;
  refused?: readonly ImportError[];
}

/** The rows of a file that passed every check, planned against the list, and how to write that plan. */
export interface ImportSteps<P extends ImportPlan> {
  /**
   * The lock (serialise) every write of the list holds: a real import holds it from before its plan, so no record it
   * read changes before it writes.
   */
  lock: string;
  /** What importing the valid rows would do, read through `h` (the database, or the import's transaction). */
  plan(h: Kysely<Database>): Promise<P>;
  /**
   * Writes the plan in the import's transaction; called only when a row is to be added or changed. Answers the id of
   * the change it kept to be undone, if it keeps one.
   */
  write(trx: Transaction<Database>, plan: P, counts: ImportCounts): Promise<string | void>;
}

/**
 * An import's answer from the errors found in its file (and the line its reading stopped at, if one could not be
 * read: the dry run counts the rows before it) and its steps. A real import with any error writes nothing.
 * Otherwise a dry run plans and writes nothing, and a real import plans again inside one transaction (the list may
 * have changed since the dry run) and writes there, so it lands whole or not at all. Errors are listed in file
 * order, at most CSV_MAX_ERRORS of them; the message gives the total.
 */
export async function runImport<P extends ImportPlan>(
  db: Kysely<Database>,
  file: { errors: ImportError[]; cutAt?: number | undefined },
  dryRun: boolean,
  steps: ImportSteps<P>,
): Promise<ImportResult> {
  const fileErrors = file.errors;
  if (!dryRun && fileErrors.length > 0) return refusal(fileErrors);
  const { counts, refused, changeId } = await planAndWrite(db, dryRun, steps);
  if (!dryRun && refused.length > 0) return refusal(refused);
  const sorted = [...fileErrors, ...refused].sort((a, b) => a.line - b.line);
  const { listed, more } = listOf(sorted);
  const rest = file.cutAt === undefined ? 'the other rows' : `the rows before line ${file.cutAt}`;
  const message = dryRun
    ? sorted.length > 0
      ? `${plural(sorted.length, 'error')} to fix before importing${more}; ${rest}: ${summary(counts)}`
      : `Ready to import: ${summary(counts)}`
    : `Imported: ${summary(counts)}`;
  return { statusCode: 200, body: { success: true, message, ...counts, errors: listed, ...(changeId ? { changeId } : {}) } };
}

/**
 * The last kept change as the console offers it to undo: none when none is kept or it was undone already, and why an
 * undo would be refused when some of the rows it set were changed or deleted since (`countChangedSince`, the rule the
 * undo itself refuses by).
 */
export async function lastUndoable(
  db: Kysely<Database>,
  findLast: (
    h: Kysely<Database>,
  ) => Promise<
    { id: string; label: string; created_at: string; undone_at: string | null; kind?: UndoableChange['kind'] } | undefined
  >,
  countChangedSince: (h: Kysely<Database>, changeId: string) => Promise<number>,
  messages: Pick<UndoMessages, 'cannotUndo'>,
): Promise<UndoableChange | null> {
  const last = await findLast(db);
  if (!last || last.undone_at) return null;
  const changed = await countChangedSince(db, last.id);
  return {
    changeId: last.id,
    kind: last.kind ?? 'import',
    label: last.label,
    at: last.created_at,
    undoRefused: changed > 0 ? messages.cannotUndo(changed) : null,
  };
}

/**
 * What an undo is refused with: nothing kept, a change that is no longer the last, one undone already; and what the
 * last change says when some of what it set was changed or deleted since.
 */
export interface UndoMessages {
  nothingToUndo: string;
  notLast: string;
  undone: string;
  cannotUndo: (count: number) => string;
}

/**
 * The kept change an undo takes back (a bulk price change or an import), read holding `lock` in the undo's
 * transaction: the last one, and with `change` (the id the change answered) only while it is still the last. Refused
 * with 404 when none is kept, 409 when another came after it or it was undone already.
 */
export async function changeToUndo<C extends { id: string; undone_at: string | null }>(
  trx: Kysely<Database>,
  lock: string,
  findLast: (h: Kysely<Database>) => Promise<C | undefined>,
  change: string | undefined,
  messages: UndoMessages,
): Promise<C> {
  await serialise(trx, lock);
  const last = await findLast(trx);
  if (!last) throw new AppError(404, messages.nothingToUndo, { code: 'NOTHING' });
  if (change !== undefined && change !== last.id) throw new AppError(409, messages.notLast, { code: 'NOT_LAST' });
  if (last.undone_at) throw new AppError(409, messages.undone, { code: 'UNDONE' });
  return last;
}

/** Errors in file order, at most CSV_MAX_ERRORS of them, and the note saying so when there are more. */
function listOf(sorted: ImportError[]) {
  const listed = sorted.slice(0, CSV_MAX_ERRORS);
  return { listed, more: sorted.length > listed.length ? ` (the first ${CSV_MAX_ERRORS} are listed)` : '' };
}

/** A real import stopped by errors: nothing written. */
function refusal(errors: readonly ImportError[]): ImportResult {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const { listed, more } = listOf(sorted);
  return {
    statusCode: 400,
    body: {
      success: false,
      message: `Nothing was imported: the file has ${plural(sorted.length, 'error')}${more}`,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: listed,
    },
  };
}

async function planAndWrite<P extends ImportPlan>(
  db: Kysely<Database>,
  dryRun: boolean,
  steps: ImportSteps<P>,
): Promise<{ counts: ImportCounts; refused: readonly ImportError[]; changeId?: string | undefined }> {
  const outcome = (p: P) => ({
    counts: { created: p.create.length, updated: p.update.length, unchanged: p.unchanged },
    refused: p.refused ?? [],
  });
  if (dryRun) return outcome(await steps.plan(db));
  return db.transaction().execute(async (trx) => {
    await serialise(trx, steps.lock);
    const plan = await steps.plan(trx);
    const planned = outcome(plan);
    // A row the list cannot place stops the import: nothing is written.
    if (planned.refused.length === 0 && (plan.create.length > 0 || plan.update.length > 0)) {
      return { ...planned, changeId: (await steps.write(trx, plan, planned.counts)) ?? undefined };
    }
    return planned;
  });
}
