import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export type AuditRow = AuditLogTable;

export interface AuditFilter {
  actorId?: string;
  entity?: string;
  /** ISO instants: from (inclusive) and before (exclusive). */
  from?: string;
  before?: string;
}

/** The filter's conditions on a query of audit_log. */
function filtered<O>(q: SelectQueryBuilder<Database, 'audit_log', O>, f: AuditFilter) {
  return q
    .$if(f.actorId !== undefined, (w) => w.where('actor_id', '=', f.actorId!))
    .$if(f.entity !== undefined, (w) => w.where('entity', '=', f.entity!))
    .$if(f.from !== undefined, (w) => w.where('at', '>=', f.from!))
    .$if(f.before !== undefined, (w) => w.where('at', '<', f.before!));
}

export async function insertEntry(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** A page of entries, newest first. */
export function findEntries(db: Kysely<Database>, f: AuditFilter, page: { limit: number; offset: number }) {
  return filtered(db.selectFrom('audit_log').selectAll(), f)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEntries(db: Kysely<Database>, f: AuditFilter): Promise<number> {
  const row = await filtered(
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every account that appears in the history, with the name and email of its latest entry. */
export function findActors(db: Kysely<Database>) {
  return db
    .selectFrom('audit_log as a')
    .select(['a.actor_id', 'a.actor_name', 'a.actor_email'])
    .where('a.at', '=', (eb) =>
      eb
        .selectFrom('audit_log as b')
        .select((b) => b.fn.max('b.at').as('at'))
        .whereRef('b.actor_id', '=', 'a.actor_id'),
    )
    .orderBy('a.actor_name')
    .execute();
}

/**
 * Deletes the entries older than `years` years, by the database's own clock, the same cut-off its trigger holds
 * (migration 006), so the purge never asks for a deletion the database would refuse.
 */
export async function deleteOlderThanYears(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', years: number): Promise<number> {
  const cutoff =
    dialect === 'postgres'
      ? sql<string>`to_char((now() at time zone 'utc') - make_interval(years => ${years}), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${years} years`})`;
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
