import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Opening hours and a WhatsApp number in the shop settings; enquiries and repair bookings; and the outbox of mail to
 * the shop, written in the same transaction as the enquiry it tells of (docs/decisions/0026-enquiry-mail-outbox.md).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const millis = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('app_details')
    .addColumn('whatsapp', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // JSON: { week: { mon: [{ open, close }], ... }, closures: [{ from, to, label }] }; null until the shop sets its hours.
  await db.schema.alterTable('app_details').addColumn('hours', 'text').execute();

  await db.schema
    .createTable('enquiries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('repair_id', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('preferred_date', 'text')
    .addColumn('preferred_time', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The inbox's pages, newest first, on their own and by status or kind; the retention delete.
  await db.schema.createIndex('enquiries_created_idx').on('enquiries').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('enquiries_status_idx').on('enquiries').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('enquiries_kind_idx').on('enquiries').columns(['kind', 'created_at', 'id']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Deleting an enquiry (by hand or by the retention period) drops its mail if still unsent.
    .addColumn('enquiry_id', 'text', (c) => c.notNull().references('enquiries.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // Epoch milliseconds: when it may next be tried; while a sender holds it, when its hold runs out.
    .addColumn('next_attempt_at', millis, (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').column('next_attempt_at').execute();
  await db.schema.createIndex('mail_outbox_enquiry_idx').on('mail_outbox').column('enquiry_id').execute();
}
