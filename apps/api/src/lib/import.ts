import { CSV_MAX_ERRORS, type ImportError } from '@shop/shared';

/** What an import did, or its dry run would do. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** An import's answer: 200 for a dry run and a done import, 400 when errors stopped a real one (nothing written). */
export interface ImportResult {
  statusCode: 200 | 400;
  body: ImportCounts & { success: boolean; message: string; errors: ImportError[] };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const summary = (c: ImportCounts) =>
  `${c.created.toLocaleString('en-GB')} new, ${c.updated.toLocaleString('en-GB')} updated, ${c.unchanged.toLocaleString('en-GB')} unchanged`;

/**
 * The answer of an import from the errors found in its file and `run`, which imports (or, in a dry run, counts) the
 * valid rows. A real import with any error does not call `run`: nothing is written. Errors are listed in file order,
 * at most CSV_MAX_ERRORS of them; the message gives the total.
 */
export async function collectImport(
  errors: ImportError[],
  dryRun: boolean,
  run: () => Promise<ImportCounts>,
): Promise<ImportResult> {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const listed = sorted.slice(0, CSV_MAX_ERRORS);
  const more = sorted.length > listed.length ? ` (the first ${CSV_MAX_ERRORS} are listed)` : '';
  if (!dryRun && sorted.length > 0) {
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
  const counts = await run();
  const message = dryRun
    ? sorted.length > 0
      ? `${plural(sorted.length, 'error')} to fix before importing${more}; the other rows: ${summary(counts)}`
      : `Ready to import: ${summary(counts)}`
    : `Imported: ${summary(counts)}`;
  return { statusCode: 200, body: { success: true, message, ...counts, errors: listed } };
}
