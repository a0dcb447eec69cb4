import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, type CsvColumn, type ImportError } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors.ts';
import { pagesAfter, type ListCursor } from './every-record.ts';

/**
 * CSV in and out of the product and repair lists (docs/decisions/0034-csv-export-and-import.md), with csv-parse and
 * csv-stringify: files are UTF-8 with a byte order mark (so Excel reads them as UTF-8), comma-separated, quoted
 * where needed. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
 * written with a leading apostrophe, which spreadsheets show as text, and an import takes that apostrophe off again.
 */

export const csvMessages = {
  fileRequired: 'Choose a CSV file to import',
  tooLarge: `The file must be at most ${CSV_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `A file may hold at most ${CSV_MAX_ROWS.toLocaleString('en-GB')} rows`,
  empty: 'The file is empty: the first line must name the columns',
  unreadable: 'This line could not be read as CSV (a quote left open?), nor anything after it',
  binary: 'The file is not a CSV file',
  /** An Updated cell (the product and repair price exports') that names no date and time. */
  updatedCell: 'Leave Updated as it was exported (a date and time), or empty it',
} as const;

const FORMULA = /^[=+\-@\t\r]/;
const WINDOWS_1252 = new TextDecoder('windows-1252');

/** A cell as written: an apostrophe before what a spreadsheet would otherwise run as a formula. */
export function protectCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** Every row of a list for its CSV export, read a page at a time after the last one sent, as `toRow` writes it. */
export async function* exportRows<R extends { created_at: string; id: string }, F extends string>(
  page: (after: ListCursor, size: number) => Promise<R[]>,
  toRow: (row: R) => Record<F, string>,
): AsyncGenerator<Record<F, string>> {
  for await (const rows of pagesAfter(page)) for (const row of rows) yield toRow(row);
}

/** A cell as read: the apostrophe protectCell added is taken off. */
export function unprotectCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value.slice(1)) ? value.slice(1) : value;
}

/** A CSV file as a stream: the BOM, the header of column labels, then a line per row (text cells protected). */
export function csvStream<F extends string>(columns: readonly CsvColumn<F>[], rows: AsyncIterable<Record<F, string>>): Readable {
  const out = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => ({ key: c.field, header: c.label })),
    record_delimiter: 'windows',
  });
  void (async () => {
    try {
      for await (const row of rows) {
        const cells = {} as Record<F, string>;
        for (const c of columns) cells[c.field] = protectCell(row[c.field] ?? '');
        if (!out.write(cells)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** One data row of an uploaded file: its spreadsheet line (the header is line 1) and its cells by field. */
export interface CsvRecord<F extends string> {
  line: number;
  values: Record<F, string>;
}

export interface CsvTable<F extends string> {
  /** The header's own name of each column the file has, by field (for error messages). */
  headers: Map<F, string>;
  records: CsvRecord<F>[];
  /** Problems of the file itself: a missing column, a row with more cells than the header, a line not read. */
  errors: ImportError[];
  /** The line the parser could not read: what was read of the file ends there. */
  cutAt?: number;
}

const headerKey = (s: string) =>
  s
    .replace(/\((?:£|optional)\)/gi, '')
    .trim()
    .toLowerCase();

/** Whether a file starts with UTF-8's byte order mark. */
const hasBom = (bytes: Buffer) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * Reads CSV bytes into rows of the given columns, matched by the header's labels or field names in any letter case
 * (other columns are ignored). `required` columns must be in the header. Cells are trimmed and unprotected. Rows with
 * nothing in them (an empty line, or a row a spreadsheet cleared, written as `,,,`) are passed over, but counted: a
 * row's line is the one a spreadsheet shows it on. Bytes that are not UTF-8 are read as Windows-1252, as Excel
 * writes them.
 */
export async function readCsv<F extends string>(
  bytes: Buffer,
  columns: readonly CsvColumn<F>[],
  required: readonly F[],
): Promise<CsvTable<F>> {
  if (bytes.includes(0)) throw fieldError('file', csvMessages.binary);
  // Excel's "CSV (Comma delimited)" is written in Windows-1252, not UTF-8: such a file is read as that ('Café', '£').
  // A UTF-8 file with a stray byte keeps its byte order mark out of the first column's name.
  const text = isUtf8(bytes) ? bytes : Buffer.from(WINDOWS_1252.decode(bytes.subarray(hasBom(bytes) ? 3 : 0)));
  const headers = new Map<F, string>();
  const positions: [F, number][] = [];
  const records: CsvRecord<F>[] = [];
  const errors: ImportError[] = [];
  let cutAt: number | undefined;
  let width = 0;
  // Without its columns no row can be checked: the header's errors are the answer.
  let headerRefused = false;
  const take = (record: string[], line: number) => {
    if (headerRefused || record.every((cell) => cell.trim() === '')) return;
    if (width === 0) {
      width = record.length;
      record.forEach((cell, i) => {
        const key = headerKey(cell);
        const column = columns.find((c) => c.label.toLowerCase() === key || c.field.toLowerCase() === key);
        if (column && !headers.has(column.field)) {
          headers.set(column.field, cell.trim());
          positions.push([column.field, i]);
        }
      });
      for (const c of columns) {
        if (required.includes(c.field) && !headers.has(c.field)) {
          errors.push({ line, column: c.label, message: `The ${c.label} column is missing` });
        }
      }
      headerRefused = errors.length > 0;
      return;
    }
    if (records.length >= CSV_MAX_ROWS) throw fieldError('file', csvMessages.tooManyRows);
    if (record.length > width) {
      errors.push({ line, column: '', message: `This row has ${record.length} cells but the header names ${width} columns` });
      return;
    }
    const values = {} as Record<F, string>;
    for (const c of columns) values[c.field] = '';
    for (const [field, i] of positions) values[field] = unprotectCell((record[i] ?? '').trim());
    records.push({ line, values });
  };
  try {
    // Each row is taken as it is read, so the rows before a line the parser cannot read are kept and checked.
    parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      relax_column_count: true,
      max_record_size: 1024 * 1024,
      on_record: (record: string[], context: { records: number }) => {
        take(record, context.records);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const at = (err as { records?: number }).records;
    cutAt = (at ?? records.length + 1) + 1;
    errors.push({ line: cutAt, column: '', message: csvMessages.unreadable });
  }
  if (width === 0 && errors.length === 0) throw fieldError('file', csvMessages.empty);
  return { headers, records, errors, ...(cutAt === undefined ? {} : { cutAt }) };
}

/**
 * The cells' separator, as the header line shows it: a comma, or where the header has none, the semicolon a
 * spreadsheet set to a language that writes decimals with a comma saves with, or a tab ('Text (Tab delimited)').
 */
function separatorOf(text: Buffer): string {
  const start = text.toString('utf8', 0, Math.min(text.length, 64 * 1024));
  const header = start.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  return header.includes('\t') ? '\t' : ',';
}

/** The uploaded file (multipart, field `file`) and its name; a missing, empty or oversized file is a 400. */
export async function readCsvUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw fieldError('file', csvMessages.fileRequired);
  let found: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      // A form with no file chosen sends one of no name and no bytes; a file chosen may be empty, which reading says.
      if (part.fieldname === 'file' && (bytes.length > 0 || part.filename))
        found = { bytes, filename: part.filename || 'upload.csv' };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', csvMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Send one file only');
    throw new AppError(400, 'The form data could not be read');
  }
  if (!found) throw fieldError('file', csvMessages.fileRequired);
  return found;
}

/**
 * A row's problems (message by field) as errors, in the order of the file's columns, each named as the file's header
 * names it (or by its label when the file has no such column).
 */
export function rowErrors<F extends string>(
  line: number,
  issues: Map<string, string>,
  headers: Map<F, string>,
  columns: readonly CsvColumn<F>[],
): ImportError[] {
  const order = [...headers.keys()] as string[];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return [...issues]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, message]) => ({
      line,
      column: headers.get(field as F) ?? columns.find((c) => c.field === field)?.label ?? field,
      message,
    }));
}

/**
 * A money cell as a spreadsheet may write it, '£1,299.00' or '1,299', as the forms take it ('1299.00'); anything else
 * is left for the form's rules to judge.
 */
export function moneyCell(cell: string): string {
  const plain = cell.replace(/^£\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(plain) ? plain.replace(/,/g, '') : plain;
}

/** A date and time cell as exported (ISO 8601, UTC) or as a spreadsheet rewrote it ('03/12/2026 10:30', UK order). */
const DATE_TIME_CELLS = [
  /^(?<year>\d{4})-(?<month>\d\d)-(?<day>\d\d)[T ](?<hour>\d\d):(?<minute>\d\d)(?::(?<second>\d\d)(?:\.(?<ms>\d{1,3}))?)?Z?$/,
  /^(?<day>\d\d?)\/(?<month>\d\d?)\/(?<year>\d{4}),? (?<hour>\d\d?):(?<minute>\d\d)(?::(?<second>\d\d))?$/,
];

/** The instant a date and time cell names, with the precision it kept (dateTimeCell). */
export interface CellTime {
  at: number;
  unit: number;
}

/**
 * The instant a date and time cell names, read as UTC as it was written, with the precision it kept (a spreadsheet may
 * drop the seconds, or round the milliseconds): `at` in epoch milliseconds and `unit` the milliseconds of its last
 * figure, 1 to 60,000. Undefined for anything else.
 */
export function dateTimeCell(cell: string): CellTime | undefined {
  const p = DATE_TIME_CELLS.map((pattern) => pattern.exec(cell)?.groups).find(Boolean);
  if (!p) return undefined;
  const [year, month, day, hour, minute, second] = [p.year, p.month, p.day, p.hour, p.minute, p.second ?? '0'].map(Number);
  const at = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, p.ms ? Number(p.ms.padEnd(3, '0')) : 0);
  const d = new Date(at);
  // Date.UTC rolls 31 February over into March: a date that is not one is refused.
  if (d.getUTCMonth() !== month! - 1 || d.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second! > 59) return undefined;
  return { at, unit: p.ms ? 10 ** (3 - p.ms.length) : p.second ? 1000 : 60_000 };
}

/**
 * Whether a record last changed at `updatedAt` (ISO 8601, as stored) was changed after the time an exported Updated
 * cell names, compared at the precision the cell kept: a change within its last figure (the same minute, when a
 * spreadsheet dropped the seconds) is not seen.
 */
export function changedAfter(updatedAt: string, exported: CellTime): boolean {
  return Math.floor(Date.parse(updatedAt) / exported.unit) * exported.unit > exported.at;
}

/**
 * A query flag as an import takes it: `?dryRun=1` (or true) checks, none (or 0, false) imports. Anything else is
 * refused rather than taken for an import: `?dryRun=yes` meant a check.
 */
export function isDryRun(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.dryRun;
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new AppError(400, 'dryRun must be 1, true, 0 or false');
}

/** Today's date for a download's file name, e.g. 'repair-prices-2025-06-01.csv'. */
export const csvFileName = (base: string) => `${base}-${new Date().toISOString().slice(0, 10)}.csv`;
