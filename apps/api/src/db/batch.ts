import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The SQL types a batched update casts its values to (a VALUES list's cells have no type of their own). */
export type ColumnType = 'text' | 'integer';

/** `(values (a, b), (c, d)) as v`: rows to join with, their cells named v.column1, v.column2… on both databases. */
export function valuesTable(rows: (string | number | null)[][]): RawBuilder<unknown> {
  return sql`(values ${sql.join(rows.map((r) => sql`(${sql.join(r)})`))}) as v`;
}

/**
 * Sets columns of many rows of `table`, chosen by `id`, in one statement per batch on both databases:
 * `update t set c = cast(v.column2 as type), … from (values (id, …), …) as v where t.id = v.column1`. Rows per
 * statement keep the parameters (one per cell) well within both databases' limits.
 */
export async function updateRows<C extends string>(
  db: Kysely<Database>,
  table: keyof Database,
  columns: Record<C, ColumnType>,
  rows: { id: string; values: Record<C, string | number | null> }[],
  also: Record<string, string | number> = {},
): Promise<void> {
  const names = Object.keys(columns) as C[];
  const perStatement = Math.max(1, Math.floor(20_000 / (names.length + 1)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    const values = valuesTable(batch.map((r) => [r.id, ...names.map((c) => r.values[c])]));
    const sets: RawBuilder<unknown>[] = names.map(
      (c, n) => sql`${sql.ref(c)} = cast(${sql.ref(`v.column${n + 2}`)} as ${sql.raw(columns[c])})`,
    );
    for (const [c, value] of Object.entries(also)) sets.push(sql`${sql.ref(c)} = ${value}`);
    await sql`update ${sql.table(table)} set ${sql.join(sets)} from ${values} where ${sql.ref(`${table}.id`)} = v.column1`.execute(
      db,
    );
  }
}
