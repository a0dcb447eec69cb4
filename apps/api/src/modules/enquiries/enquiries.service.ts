import {
  ENQUIRY_PAGE_SIZE,
  HONEYPOT_FIELD,
  enquiryMessages,
  enquirySchema,
  ukDateTimeText,
  ukInstantText,
  type Enquiry,
  type EnquiryInput,
  type EnquiryQuery,
  type EnquiryStatus,
  type PageInfo,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { isId, newId, now } from '../../lib/ids.ts';
import { parse } from '../../lib/validate.ts';
import type { AppDetailsService } from '../app-details/app-details.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import * as repo from './enquiries.repository.ts';

export const enquiryAdminMessages = {
  notFound: 'Enquiry not found',
  updated: 'Enquiry updated',
  deleted: 'Enquiry deleted',
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

export function createEnquiriesService(db: Kysely<Database>, deps: Deps) {
  const clock = deps.clock ?? Date.now;

  async function get(id: string): Promise<Enquiry> {
    const row = isId(id) ? await repo.findEnquiryById(db, id) : undefined;
    if (!row) throw notFound(enquiryAdminMessages.notFound);
    return toEnquiry(row);
  }

  /** What the enquiry is about, named as it is now; a product or repair that has gone is the visitor's to describe. */
  async function subjectOf(input: EnquiryInput): Promise<string> {
    try {
      if (input.productId) return (await deps.products.get(input.productId)).productname;
      if (input.repairId) {
        const repair = await deps.repairs.get(input.repairId);
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
     */
    async create(body: unknown): Promise<{ message: string }> {
      const fields = (body ?? {}) as Record<string, unknown>;
      const answer = { message: fields.kind === 'booking' ? enquiryMessages.booked : enquiryMessages.sent };
      const trap = fields[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== '') return answer;
      const shop = await deps.appDetails.identity();
      const input = parse(enquirySchema(shop?.hours ?? null, clock), body);
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
        subject: await subjectOf(input),
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

    /** Every enquiry, newest first; with page, limit, status or kind, one page of them. */
    async list(query: EnquiryQuery): Promise<{ fetchEnquiry: Enquiry[] } & Partial<PageInfo>> {
      const filter = { status: query.status, kind: query.kind };
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

    /** Sets the status and/or the private note. */
    async update(id: string, input: { status?: EnquiryStatus | undefined; note?: string | undefined }): Promise<Enquiry> {
      const changed =
        isId(id) &&
        (await repo.updateEnquiry(db, id, {
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.note !== undefined ? { note: input.note } : {}),
          updated_at: now(),
        }));
      if (!changed) throw notFound(enquiryAdminMessages.notFound);
      return get(id);
    },

    async remove(id: string): Promise<void> {
      if (!isId(id) || !(await repo.deleteEnquiry(db, id))) throw notFound(enquiryAdminMessages.notFound);
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
