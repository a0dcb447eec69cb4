import * as z from 'zod/mini';
import { bookingDayIssue, bookingIssue, bookingMessages, canBookAhead } from './booking.ts';
import { HIDDEN_CHARACTERS, TIME_PATTERN, hasHiddenCharacters, isDate, isUkPhone, plainLineBreaks } from './fields.ts';
import type { OpeningHours } from './hours.ts';

/**
 * A visitor's enquiry or repair booking: the contact form's rules and messages, shared by the form in the browser and
 * POST /api/enquiry. A module of its own, apart from schemas.ts, so that a shop page's form builds only these rules
 * when it loads, not the console's. Written with zod/mini, whose schemas are built by functions rather than methods,
 * so that the form loads half the code zod's full API would bring (docs/decisions/0040-islands.md).
 */

export const ENQUIRY_KINDS = ['enquiry', 'booking'] as const;
export const ENQUIRY_STATUSES = ['new', 'contacted', 'booked', 'done', 'spam'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_PAGE_SIZE = 10;
/** The hidden field only a robot fills in: an enquiry that fills it is answered as sent and kept nowhere. */
export const HONEYPOT_FIELD = 'website';
export const ENQUIRY_LIMITS = { name: 100, phone: 30, email: 254, message: 2000, note: 2000 } as const;

/** What a visitor reads, on the form and from the API alike. */
export const enquiryMessages = {
  kind: 'Choose an enquiry or a booking',
  nameRequired: 'Please tell us your name',
  nameLong: `Your name must be at most ${ENQUIRY_LIMITS.name} characters`,
  contactRequired: 'Please give us a phone number or an email address',
  phone: 'Please enter a UK phone number, e.g. 07700 900123',
  email: 'Please enter a valid email address',
  messageRequired: 'Please write a message',
  messageLong: `Your message must be at most ${ENQUIRY_LIMITS.message} characters`,
  consent: 'Please tick the box to agree to be contacted',
  subject: 'An enquiry is about a product or a repair, not both',
  productGone: 'This product is no longer available. Please tell us what you are looking for in your message.',
  repairGone: 'This repair is no longer listed. Please tell us what you need in your message.',
  sent: "Thank you! We've received your enquiry and will get back to you soon.",
  booked: "Thank you! We've received your booking request and will contact you to confirm it.",
  tooMany: "You've sent several messages in the last hour. Please wait a while, or call us.",
  ...bookingMessages,
} as const;

/**
 * The contact page's form as the browser sent it itself (POST /contact: no JavaScript, or the app not live yet) and
 * the server refused it: what the visitor typed, the first message, and each field's messages. The server renders
 * the contact page again with it, so nothing typed is lost.
 */
export interface EnquiryFormState {
  values: Record<string, string | boolean>;
  message: string;
  fieldErrors: Record<string, string[]>;
}

/**
 * Required text that never stops the other checks (no `abort`), so the enquiry form's cross-field messages (phone or
 * email) show alongside it.
 */
const enquiryText = (required: string, max: number, tooLong: string, multiline = false) =>
  z.string({ error: required }).check(
    z.overwrite(plainLineBreaks),
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(max, { error: tooLong }),
    // fields.ts's visibleText, for zod/mini.
    z.refine((s) => !hasHiddenCharacters(s, multiline), { error: HIDDEN_CHARACTERS }),
  );

/** Text that may be left out (undefined, null or ''), answered as ''. */
const optionalText = (text: z.ZodMiniString<string>) =>
  z.pipe(
    z.nullish(text),
    z.transform((s: string | null | undefined) => s ?? ''),
  );

const optionalContact = (max: number, message: string, valid: (s: string) => boolean) =>
  optionalText(
    z.string({ error: message }).check(
      z.trim(),
      z.maxLength(max, { error: message }),
      z.refine((s) => s === '' || s.length > max || valid(s), { error: message }),
    ),
  );

const optionalId = () =>
  z.pipe(
    z.optional(z.string({ error: 'Invalid id' }).check(z.trim(), z.maxLength(64, { error: 'Invalid id' }))),
    z.transform((s: string | undefined) => s || undefined),
  );

/**
 * An enquiry or a repair booking from a visitor. `now` is when it is checked (a booking must be in the future);
 * `hours` the shop's opening hours (a booking must fall inside them), null when the shop has set none.
 */
export function enquirySchema(hours: OpeningHours | null, now: () => number) {
  const email = z.email();
  const fields = z.object({
    kind: z.enum(ENQUIRY_KINDS, { error: enquiryMessages.kind }),
    name: enquiryText(enquiryMessages.nameRequired, ENQUIRY_LIMITS.name, enquiryMessages.nameLong),
    phone: optionalContact(ENQUIRY_LIMITS.phone, enquiryMessages.phone, isUkPhone),
    email: z.pipe(
      optionalContact(ENQUIRY_LIMITS.email, enquiryMessages.email, (s) => email.safeParse(s).success),
      z.transform((s: string) => s.toLowerCase()),
    ),
    message: enquiryText(enquiryMessages.messageRequired, ENQUIRY_LIMITS.message, enquiryMessages.messageLong, true),
    productId: optionalId(),
    repairId: optionalId(),
    // An enquiry may send them empty or null (as the form's own output does).
    preferredDate: optionalText(z.string({ error: bookingMessages.dateRequired }).check(z.trim(), z.maxLength(10))),
    preferredTime: optionalText(z.string({ error: bookingMessages.timeRequired }).check(z.trim(), z.maxLength(5))),
    consent: z.literal(true, { error: enquiryMessages.consent }),
  });
  return z.pipe(
    // Run even when other fields are wrong, so the visitor sees every message at once (fields may then be unparsed).
    fields.check(
      z.superRefine(
        (v, ctx) => {
          const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
          const failed = (field: string) => ctx.issues.some((i) => i.path?.[0] === field);
          if (!text(v.phone) && !text(v.email) && !failed('phone') && !failed('email')) {
            ctx.addIssue({ code: 'custom', path: ['phone'], message: enquiryMessages.contactRequired });
          }
          if (text(v.productId) && text(v.repairId)) {
            ctx.addIssue({ code: 'custom', path: ['productId'], message: enquiryMessages.subject });
          }
          if (v.kind !== 'booking' || failed('preferredDate') || failed('preferredTime')) return;
          const date = isDate(text(v.preferredDate));
          const time = TIME_PATTERN.test(text(v.preferredTime));
          // With no day open to book, that is what the visitor must hear, whatever day they chose.
          const day = date
            ? bookingDayIssue(hours, v.preferredDate, now())
            : canBookAhead(hours, now())
              ? undefined
              : { field: 'preferredDate', message: bookingMessages.noDays };
          if (!date && !day) ctx.addIssue({ code: 'custom', path: ['preferredDate'], message: bookingMessages.dateRequired });
          if (day) ctx.addIssue({ code: 'custom', path: [day.field], message: day.message });
          if (!time && !day) ctx.addIssue({ code: 'custom', path: ['preferredTime'], message: bookingMessages.timeRequired });
          if (!date || !time || day) return;
          const issue = bookingIssue(hours, v.preferredDate, v.preferredTime, now());
          if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
        },
        { when: () => true },
      ),
    ),
    z.transform((v: z.output<typeof fields>) => ({
      ...v,
      preferredDate: v.kind === 'booking' ? v.preferredDate : null,
      preferredTime: v.kind === 'booking' ? v.preferredTime : null,
    })),
  );
}
export type EnquiryInput = z.output<ReturnType<typeof enquirySchema>>;
