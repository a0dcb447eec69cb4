import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The SQL types a batched statement casts its values to (a VALUES list's cells have no type of their own). */
export type ColumnType = 'text' | 'integer';
type Cell = string | number | null;

const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Parameters a SQLite statement is given at most here, well within its limit. */
const SQLITE_CELLS = 20_000;

/**
 * `… as v`: rows to join with, their cells named v.column1, v.column2… on both databases. On SQLite a VALUES list,
 * a parameter per cell; on PostgreSQL one array per column, unnested, so a statement has a parameter per column
 * however many rows it joins with, and is planned in a fraction of the time a long VALUES list takes.
 */
export function valuesTable(db: Kysely<Database>, types: ColumnType[], rows: Cell[][]): RawBuilder<unknown> {
  if (onPostgres(db)) {
    const columns = types.map((type, n) => sql`cast(${rows.map((r) => r[n])} as ${sql.raw(type)}[])`);
    return sql`unnest(${sql.join(columns)}) as v(${sql.raw(types.map((_, n) => `column${n + 1}`).join(', '))})`;
  }
  return sql`(values ${sql.join(rows.map((r) => sql`(${sql.join(r)})`))}) as v`;
}

/**
 * Runs `statement` over `rows` a statement's worth at a time, and gathers what it returns: on PostgreSQL all the rows
 * at once (valuesTable's parameters do not grow with them), on SQLite as many as keep a statement within
 * SQLITE_CELLS parameters, at `cellsPerRow` each.
 */
export async function perStatement<R, T = never>(
  db: Kysely<Database>,
  rows: readonly R[],
  cellsPerRow: number,
  statement: (batch: R[]) => Promise<readonly T[] | void>,
): Promise<T[]> {
  const size = onPostgres(db) ? rows.length : Math.max(1, Math.floor(SQLITE_CELLS / cellsPerRow));
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...((await statement(rows.slice(i, i + size))) ?? []));
  return out;
}

/**
 * Sets columns of many rows of `table`, chosen by `id`, in as few statements as `perStatement` allows:
 * `update t set c = cast(v.column2 as type), … from <valuesTable> where t.id = v.column1`.
 */
export async function updateRows<C extends string>(
  db: Kysely<Database>,
  table: keyof Database,
  columns: Record<C, ColumnType>,
  rows: { id: string; values: Record<C, Cell> }[],
  also: Record<string, string | number> = {},
): Promise<void> {
  const names = Object.keys(columns) as C[];
  const types: ColumnType[] = ['text', ...names.map((c) => columns[c])];
  const sets: RawBuilder<unknown>[] = names.map(
    (c, n) => sql`${sql.ref(c)} = cast(${sql.ref(`v.column${n + 2}`)} as ${sql.raw(columns[c])})`,
  );
  for (const [c, value] of Object.entries(also)) sets.push(sql`${sql.ref(c)} = ${value}`);
  await perStatement(db, rows, types.length, async (batch) => {
    const values = valuesTable(
      db,
      types,
      batch.map((r) => [r.id, ...names.map((c) => r.values[c])]),
    );
    await sql`update ${sql.table(table)} set ${sql.join(sets)} from ${values} where ${sql.ref(`${table}.id`)} = v.column1`.execute(
      db,
    );
  });
}
