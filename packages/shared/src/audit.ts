import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_MAX } from './constants.ts';
import { queryInt } from './schemas.ts';

/** The history of changes (issue 20): what an entry can say, and the console's filters. */

/** What was done, as the Activity page names it. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'bulk-price',
  'import',
  'undo',
  'role-change',
  'settings',
  'sign-in as admin',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record a change is made to, with the words the Activity page uses for them. */
export const AUDIT_ENTITIES = {
  product: 'Product',
  phone_repair: 'Repair price',
  model: 'Model',
  category: 'Accessory category',
  repair_category: 'Repair category',
  app_detail: 'Shop settings',
  user: 'User',
  blog_post: 'Blog post',
  blog_image: 'Blog image',
  enquiry: 'Enquiry',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** Entries per page of the Activity page. */
export const AUDIT_PAGE_SIZE = 20;
/** How long entries are kept. */
export const AUDIT_KEPT_YEARS = 2;

/** A field's value as an entry keeps it: readable (names, pounds), never a password hash or a session. */
export type AuditValue = string | number | boolean | null | string[];

export interface AuditActor {
  _id: string;
  name: string;
  email: string;
}

export interface AuditEntry {
  _id: string;
  at: string;
  user: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** What the record was called when it changed. */
  label: string;
  /** The fields the change changed, as they were and as they became. */
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((s) => s === '' || (DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), {
      error: `${name} must be a date (YYYY-MM-DD)`,
    })
    .optional()
    .transform((s) => (s ? s : undefined));

/** GET /api/audit/getall: a page of entries, newest first, by the admin who acted, the kind of record and the day. */
export const auditQuerySchema = z.object({
  page: queryInt('page', PAGE_MAX),
  limit: queryInt('limit', MAX_PAGE_LIMIT),
  user: z.string({ error: 'user must be an account id' }).trim().max(64, { error: 'user must be an account id' }).optional(),
  entity: z
    .enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]], { error: 'entity is not a kind of record' })
    .optional(),
  /** The first day shown (inclusive), UK dates as YYYY-MM-DD. */
  from: day('from'),
  /** The last day shown (inclusive). */
  to: day('to'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
