import {
  ENQUIRY_PAGE_SIZE,
  ENQUIRY_WAITING_MS,
  HONEYPOT_FIELD,
  enquiryMessages,
  enquirySchema,
  ukDateTimeText,
  ukInstantText,
  type Enquiry,
  type EnquiryInput,
  type EnquiryKind,
  type EnquiryQuery,
  type EnquiryStatus,
  type PageInfo,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import { serialise } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { changedSince, isId, newId, now } from '../../lib/ids.ts';
import { parse } from '../../lib/validate.ts';
import type { AppDetailsService } from '../app-details/app-details.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import * as repo from './enquiries.repository.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';

export const enquiryAdminMessages = {
  notFound: 'Enquiry not found',
  updated: 'Enquiry updated',
  deleted: 'Enquiry deleted',
  changedSince: 'This enquiry was changed since you opened it: open it again to see the change, then make yours',
} as const;

const toEnquiry = (r: repo.EnquiryRow): Enquiry => ({
  _id: r.id,
  kind: r.kind,
  status: r.status,
  name: r.name,
  phone: r.phone,
  email: r.email,
  message: r.message,
  productId: r.product_id,
  repairId: r.repair_id,
  subject: r.subject,
  preferredDate: r.preferred_date,
  preferredTime: r.preferred_time,
  note: r.note,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const isNotFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;

/** One line for a mail header: no line breaks or other control characters, at most `max` characters. */
const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The plain-text mail that tells the shop of an enquiry. Nothing in it is HTML: mail clients show the visitor's words as typed. */
export function enquiryMail(e: Enquiry, shopName: string, consoleUrl: string): { subject: string; text: string } {
  const booking = e.kind === 'booking';
  const when = booking && e.preferredDate && e.preferredTime ? ukDateTimeText(e.preferredDate, e.preferredTime) : '';
  const subject = booking
    ? `Repair booking from ${oneLine(e.name, 60)}${e.subject ? `: ${oneLine(e.subject, 60)}` : ''}${when ? `, ${when}` : ''}`
    : `Enquiry from ${oneLine(e.name, 60)}${e.subject ? `: ${oneLine(e.subject, 80)}` : ''}`;
  const lines = [
    booking ? `A new repair booking request for ${shopName}.` : `A new enquiry for ${shopName}.`,
    '',
    `Name:      ${e.name}`,
    `Phone:     ${e.phone || 'not given'}`,
    `Email:     ${e.email || 'not given'}`,
    ...(e.subject ? [`About:     ${e.subject}`] : []),
    ...(when ? [`Asked for: ${when} (UK time)`] : []),
    `Received:  ${ukInstantText(Date.parse(e.createdAt))} (UK time)`,
    '',
    'Message:',
    e.message,
    '',
    'Open it in the console:',
    consoleUrl,
    ...(e.email ? ['', `Reply to this email to answer ${e.name}.`] : []),
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}

/** Deletes the enquiries received more than `days` days before `now` (UK GDPR: kept no longer than needed); how many. */
export function purgeOldEnquiries(db: Kysely<Database>, days: number, now: number = Date.now()): Promise<number> {
  return repo.deleteEnquiriesBefore(db, new Date(now - days * 86_400_000).toISOString());
}

interface Deps {
  products: ProductsService;
  repairs: PhoneRepairsService;
  appDetails: AppDetailsService;
  /** Undefined when no mail server is configured: the inbox alone holds the enquiries. */
  mail: MailService | undefined;
  publicUrl: string;
  clock?: () => number;
}

/**
 * What an enquiry is called in the history: 'Booking: iPhone 13 – Screen Repair'. Never the visitor's name or
 * contact details: the history is kept longer than enquiries are (docs/decisions/0027-enquiries-and-inbox.md).
 */
const labelOf = (e: repo.EnquiryRow) => `${e.kind === 'booking' ? 'Booking' : 'Enquiry'}${e.subject ? `: ${e.subject}` : ''}`;

export function createEnquiriesService(db: Kysely<Database>, deps: Deps) {
  const clock = deps.clock ?? Date.now;

  /** Enquiries still new a day after they arrived. */
  const waitingFilter = (kind?: EnquiryKind): repo.EnquiryFilter => ({
    status: 'new',
    kind,
    before: new Date(clock() - ENQUIRY_WAITING_MS).toISOString(),
  });

  async function get(id: string): Promise<Enquiry> {
    const row = isId(id) ? await repo.findEnquiryById(db, id) : undefined;
    if (!row) throw notFound(enquiryAdminMessages.notFound);
    return toEnquiry(row);
  }

  /**
   * What the enquiry is about, named as it is now; a product or repair that has gone (a repair under an archived brand
   * or repair type too) is the visitor's to describe.
   */
  async function subjectOf(input: EnquiryInput): Promise<string> {
    try {
      if (input.productId) return (await deps.products.get(input.productId)).productname;
      if (input.repairId) {
        const repair = await deps.repairs.offered(input.repairId);
        return `${repair.productname} – ${repair.repair.repaircategory} Repair`;
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      throw input.productId
        ? fieldError('productId', enquiryMessages.productGone)
        : fieldError('repairId', enquiryMessages.repairGone);
    }
    return '';
  }

  return {
    /**
     * Records a visitor's enquiry or booking (checked against the shop's opening hours at this moment) and, when
     * mail is on and the shop has an email address, its mail in the same transaction. A filled honeypot is answered
     * as a success and nothing is kept. Sending happens later, in the background, never in this request.
     * `beforeKeeping` runs once the enquiry has passed every check, just before it is kept (a limit that counts only
     * what would be kept).
     */
    async create(body: unknown, beforeKeeping?: () => Promise<void>): Promise<{ message: string }> {
      const fields = (body ?? {}) as Record<string, unknown>;
      const answer = { message: fields.kind === 'booking' ? enquiryMessages.booked : enquiryMessages.sent };
      const trap = fields[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== '') return answer;
      const shop = await deps.appDetails.identity();
      const input = parse(enquirySchema(shop?.hours ?? null, clock), body);
      const subject = await subjectOf(input);
      await beforeKeeping?.();
      const at = new Date(clock()).toISOString();
      const row: repo.EnquiryRow = {
        id: newId(),
        kind: input.kind,
        status: 'new',
        name: input.name,
        phone: input.phone,
        email: input.email,
        message: input.message,
        product_id: input.productId ?? null,
        repair_id: input.repairId ?? null,
        subject,
        preferred_date: input.preferredDate,
        preferred_time: input.preferredTime,
        note: '',
        created_at: at,
        updated_at: at,
      };
      const mail = deps.mail && shop?.email ? deps.mail : undefined;
      await db.transaction().execute(async (trx) => {
        await repo.insertEnquiry(trx, row);
        if (!mail || !shop) return;
        const content = enquiryMail(toEnquiry(row), shop.shopname, `${deps.publicUrl}/admin/enquiries/${row.id}`);
        await mail.queue(trx, { enquiryId: row.id, to: shop.email, replyTo: row.email, ...content });
      });
      mail?.wake();
      return { message: input.kind === 'booking' ? enquiryMessages.booked : enquiryMessages.sent };
    },

    /**
     * Every enquiry, newest first; with page, limit, status, kind or fix, one page of them (the fix 'new-over-a-day':
     * those still new a day after they arrived).
     */
    async list(query: EnquiryQuery): Promise<{ fetchEnquiry: Enquiry[] } & Partial<PageInfo>> {
      const filter = query.fix ? waitingFilter(query.kind) : { status: query.status, kind: query.kind };
      if (Object.values(query).every((v) => v === undefined)) {
        return { fetchEnquiry: (await repo.findEnquiries(db, filter)).map(toEnquiry) };
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? ENQUIRY_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        repo.findEnquiries(db, filter, { limit, offset: (page - 1) * limit }),
        repo.countEnquiries(db, filter),
      ]);
      return { fetchEnquiry: rows.map(toEnquiry), page, limit, total, pages: Math.ceil(total / limit) };
    },

    get,

    /** How many enquiries are still new a day after they arrived (the dashboard's things to fix). */
    countWaiting(): Promise<number> {
      return repo.countEnquiries(db, waitingFilter());
    },

    /** Sets the status and/or the private note, and records the change in the history. */
    async update(
      id: string,
      input: { status?: EnquiryStatus | undefined; note?: string | undefined; updatedAt?: string | undefined },
      actor: Actor,
    ): Promise<Enquiry> {
      if (!isId(id)) throw notFound(enquiryAdminMessages.notFound);
      const changes = {
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
      };
      await db.transaction().execute(async (trx) => {
        // One save of an enquiry at a time: with `input.updatedAt` (the enquiry's as the page loaded it), a save over
        // another admin's status or note, made since, is refused rather than putting back what this page showed.
        await serialise(trx, `enquiry ${id}`);
        const current = await repo.findEnquiryById(trx, id);
        if (!current) throw notFound(enquiryAdminMessages.notFound);
        if (changedSince(current, input.updatedAt)) throw new AppError(409, enquiryAdminMessages.changedSince);
        if (!(await repo.updateEnquiry(trx, id, { ...changes, updated_at: now() }))) throw notFound(enquiryAdminMessages.notFound);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'enquiry',
          entityId: id,
          label: labelOf(current),
          // The note's words stay out of the history, which outlives the enquiry (ENQUIRY_RETENTION_DAYS).
          before: { status: current.status },
          after: {
            status: changes.status ?? current.status,
            ...(changes.note !== undefined && changes.note !== current.note ? { note: 'Changed' } : {}),
          },
        });
      });
      return get(id);
    },

    /** Deletes an enquiry; the history keeps what it was about, not the visitor's details. */
    async remove(id: string, actor: Actor): Promise<void> {
      const current = isId(id) ? await repo.findEnquiryById(db, id) : undefined;
      if (!current) throw notFound(enquiryAdminMessages.notFound);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteEnquiry(trx, id))) throw notFound(enquiryAdminMessages.notFound);
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'enquiry',
          entityId: id,
          label: labelOf(current),
          before: { kind: current.kind, status: current.status },
        });
      });
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
