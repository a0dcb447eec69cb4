import {
  AUDIT_KEPT_YEARS,
  AUDIT_PAGE_SIZE,
  ukDayStart,
  type AuditAction,
  type AuditActor,
  type AuditEntity,
  type AuditEntry,
  type AuditQuery,
  type AuditValue,
  type PageInfo,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { newId, now } from '../../lib/ids.ts';
import * as repo from './audit.repository.ts';

/**
 * The history of changes (docs/decisions/0032-audit-history.md). Each service mutation takes the acting admin and
 * writes its entry with `recordAudit`, in the transaction that makes the change, so a change and its entry are
 * committed together or not at all. Nothing edits or deletes an entry but the two-year purge.
 */

/** Who made a change: the signed-in admin, or null for what nobody did through the API (the demo catalogue). */
export type Actor = AuditActor | null;

/** A record as the history shows it: the API's field names with readable values (names, pounds, counts). */
export type Snapshot = Record<string, AuditValue>;

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** What the record is called, as it is (or was) at this change. */
  label: string;
  /** The record before the change (absent for a creation) and after it (absent for a deletion). */
  before?: Snapshot | undefined;
  after?: Snapshot | undefined;
}

const isEmpty = (v: AuditValue | undefined) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: AuditValue | undefined, b: AuditValue | undefined) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two snapshots, each side with its own values (empty values left out). */
export function changedFields(before: Snapshot = {}, after: Snapshot = {}): { before: Snapshot; after: Snapshot } {
  const out = { before: {} as Snapshot, after: {} as Snapshot };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    if (!isEmpty(before[key])) out.before[key] = before[key]!;
    if (!isEmpty(after[key])) out.after[key] = after[key]!;
  }
  return out;
}

/**
 * Writes one entry with the fields the change changed. Call it inside the transaction that makes the change. An
 * update that changed nothing writes nothing; a change nobody made through the API (actor null) writes nothing.
 */
export async function recordAudit(trx: Kysely<Database>, actor: Actor, record: AuditRecord): Promise<void> {
  if (!actor) return;
  const { before, after } = changedFields(record.before, record.after);
  if (record.action === 'update' && Object.keys(before).length === 0 && Object.keys(after).length === 0) return;
  await repo.insertEntry(trx, {
    id: newId(),
    at: now(),
    actor_id: actor._id,
    actor_name: actor.name,
    actor_email: actor.email,
    action: record.action,
    entity: record.entity,
    entity_id: record.entityId,
    label: record.label,
    before: JSON.stringify(before),
    after: JSON.stringify(after),
  });
}

const parseSnapshot = (json: string): Snapshot => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : {};
  } catch {
    return {};
  }
};

const toEntry = (r: repo.AuditRow): AuditEntry => ({
  _id: r.id,
  at: r.at,
  user: { _id: r.actor_id, name: r.actor_name, email: r.actor_email },
  action: r.action as AuditAction,
  entity: r.entity as AuditEntity,
  entityId: r.entity_id,
  label: r.label,
  before: parseSnapshot(r.before),
  after: parseSnapshot(r.after),
});

/** The next UK day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function createAuditService(db: Kysely<Database>) {
  return {
    /** A page of entries, newest first, by admin, kind of record and UK days (from and to, both included). */
    async list(query: AuditQuery): Promise<{ fetchAudit: AuditEntry[] } & PageInfo> {
      const page = query.page ?? 1;
      const limit = query.limit ?? AUDIT_PAGE_SIZE;
      const filter: repo.AuditFilter = {
        ...(query.user ? { actorId: query.user } : {}),
        ...(query.entity ? { entity: query.entity } : {}),
        ...(query.from ? { from: ukDayStart(query.from) } : {}),
        ...(query.to ? { before: ukDayStart(nextDay(query.to)) } : {}),
      };
      const [rows, total] = await Promise.all([
        repo.findEntries(db, filter, { limit, offset: (page - 1) * limit }),
        repo.countEntries(db, filter),
      ]);
      return { fetchAudit: rows.map(toEntry), page, limit, total, pages: Math.ceil(total / limit) };
    },

    /** The accounts that appear in the history, by name. */
    async users(): Promise<AuditActor[]> {
      const seen = new Set<string>();
      const out: AuditActor[] = [];
      for (const r of await repo.findActors(db)) {
        if (seen.has(r.actor_id)) continue;
        seen.add(r.actor_id);
        out.push({ _id: r.actor_id, name: r.actor_name, email: r.actor_email });
      }
      return out;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Deletes the entries older than two years (housekeeping); the database refuses to delete younger ones. */
export function purgeAudit(db: Db): Promise<number> {
  return repo.deleteOlderThanYears(db.db, db.dialect, AUDIT_KEPT_YEARS);
}
