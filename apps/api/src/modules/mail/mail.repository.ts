import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.ts';

export type OutboxRow = MailOutboxTable;

export async function insertMail(db: Kysely<Database>, row: OutboxRow): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** Whether any mail is due at `now`: a read, so an idle sender costs no write. */
export async function anyDue(db: Kysely<Database>, now: number): Promise<boolean> {
  return Boolean(await db.selectFrom('mail_outbox').select('id').where('next_attempt_at', '<=', now).limit(1).executeTakeFirst());
}

/**
 * Takes the next mail that is due, for this sender alone until `holdUntil`: one statement that counts the
 * attempt and moves the mail's next attempt past the hold, so no other sender takes it meanwhile, and a sender that
 * dies holding it gives it back when the hold runs out. On PostgreSQL the rows are locked with SKIP LOCKED, so
 * senders of several processes claiming at once each take other mails and never wait for each other; SQLite runs
 * one write at a time.
 */
export async function claimNext(db: Kysely<Database>, now: number, holdUntil: number): Promise<OutboxRow | undefined> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: holdUntil }))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMail(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

export async function retryLater(db: Kysely<Database>, id: string, at: number, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ next_attempt_at: at, last_error: error }).where('id', '=', id).execute();
}
