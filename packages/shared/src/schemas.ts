import { z } from 'zod';
import {
  ALIAS_MAX_LENGTH,
  ALIASES_MAX,
  AVAILABILITY,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DISCOUNT_OPTION,
  MAX_IMAGES,
  MAX_PAGE_LIMIT,
  PAGE_MAX,
  MAX_PRICE_POUNDS,
  NAME_MAX,
  MIN_IMAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  IMAGE_ALT_MAX,
  RAM_OPTIONS,
  ROM_OPTIONS,
  SEARCH_KINDS,
  SEARCH_LIMIT_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_TOO_LONG,
  isAccessoriesModel,
} from './constants.ts';
import { ENQUIRY_KINDS, ENQUIRY_LIMITS, ENQUIRY_STATUSES } from './enquiry.ts';
import {
  HIDDEN_CHARACTERS,
  TIME_PATTERN,
  decimalOf,
  hasHiddenCharacters,
  isDate,
  plainLineBreaks,
  twoPlaces,
  visibleText,
} from './fields.ts';
import { WEEKDAYS, type OpeningHours } from './hours.ts';
import { addDays, closingMinutesOf, minutesOf } from './open-status.ts';
import { ENQUIRY_FIXES, MODEL_FIXES, PRODUCT_FIXES, REPAIR_FIXES } from './fixes.ts';

/**
 * One schema per payload, shared by the admin forms and the API routes.
 * Messages are those of spec section 5, word for word (with the decisions' corrections).
 * Every schema accepts the strings a form or a multipart body sends.
 */

const TEXT_MAX = 500;

/** A required, trimmed text field whose first check stops the others. */
function requiredText(required: string, max = NAME_MAX, tooLong = `Must be at most ${max} characters`) {
  return visibleText(
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, { error: tooLong }),
  );
}

function capitalised<T extends z.ZodString>(schema: T, message: string) {
  return schema.refine((s) => s.charAt(0) === s.charAt(0).toUpperCase(), { error: message });
}

const optionalText = (max = TEXT_MAX) =>
  visibleText(
    z
      .string({ error: 'Must be text' })
      .trim()
      .max(max, { error: `Must be at most ${max} characters` }),
  )
    .optional()
    .default('');

/**
 * A number of a form: `required` when empty, `invalid` when not a number, `min` under 1, and `max` over
 * MAX_PRICE_POUNDS; a whole number (`whole` when it is not) or an amount of pounds and pence (`pence` when it has a
 * third decimal place, so that 49.999 is refused rather than saved as 50). '' (or spaces) and absent are undefined
 * and strings written as amounts numbers (decimalOf), so one rule serves forms, CSV cells and JSON.
 */
function numberField(
  messages: { required: string; invalid: string; min: string; max: string } & ({ whole: string } | { pence: string }),
) {
  const base = z.number({
    error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
  });
  const checked = ('whole' in messages ? base.int({ error: messages.whole }) : base.refine(twoPlaces, { error: messages.pence }))
    .min(1, { error: messages.min })
    .max(MAX_PRICE_POUNDS, { error: messages.max });
  return z.preprocess((v) => {
    if (v === null || v === undefined) return undefined;
    if (typeof v === 'string') {
      if (v.trim() === '') return undefined;
      const n = decimalOf(v);
      return Number.isNaN(n) ? v : n;
    }
    return v;
  }, checked);
}

/** Multipart sends one value as a string and several as an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(20),
  );
}

const id = (required: string) => requiredText(required, 64, required);

export const messages = {
  firstLetterCapitalized: 'First letter must be capitalized',
  imagesRequired: 'Images are required',
  imagesMin: 'At least 2 images are required',
  imagesMax: 'Maximum 5 images allowed',
  modelNotFound: 'Selected model not found',
  categoryRequired: 'Category is required for Accessories',
  ramRequired: 'Please select at least one RAM',
  romRequired: 'Please select at least one ROM',
  logoRequired: 'Logo is required',
  appLogoRequired: 'Logo is Required',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  hiddenCharacters: HIDDEN_CHARACTERS,
} as const;

// ---- Accounts ----

const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid })
    .pipe(z.email({ error: invalid }))
    .transform((e) => e.toLowerCase());

export const loginSchema = z.object({
  email: emailField('Email is required', 'Invalid email'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: messages.invalidCredentials }),
});

export const registerSchema = z.object({
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
  email: emailField('Email is required', 'Invalid email'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});

export const userUpdateSchema = z
  .object({
    name: requiredText('Name is required', 100, 'Name must be at most 100 characters').optional(),
    email: emailField('Email is required', 'Invalid email').optional(),
    role: z.enum(['admin', 'user'], { error: 'Role must be admin or user' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined || v.role !== undefined, {
    error: 'Nothing to update',
  });

// ---- Shop settings ----

/** +44 7xxx or 07xxx, then 6 digits, with optional spaces and brackets. */
export const UK_MOBILE_PATTERN = /^(?:\+44\s?\(?7\d{3}\)?|\(?07\d{3}\)?)\s?\d{3}\s?\d{3}$/;

const socialUrl = visibleText(
  z.string({ error: 'Must be a link' }).trim().max(300, { error: 'Link must be at most 300 characters' }),
)
  .refine((s) => s === '' || /^https:\/\/[^\s<>"]+$/i.test(s), { error: 'Link must start with https://' })
  .optional()
  .default('');

// ---- Opening hours ----

export const hoursMessages = {
  invalid: 'Opening hours are not valid',
  time: 'Enter a time as HH:MM, e.g. 09:00',
  closeAfterOpen: 'Closing time must be after opening time',
  overlap: 'Opening times of a day must not overlap',
  tooManyRanges: 'A day has at most 4 opening times',
  closureLabel: 'Give the closure a name, e.g. Christmas',
  closureLabelLong: 'The name must be at most 60 characters',
  date: 'Enter a date',
  closureOrder: 'The last day must be on or after the first day',
  closureLong: 'A closure lasts at most 60 days',
  tooManyClosures: 'At most 30 closures',
} as const;

const timeField = z.string({ error: hoursMessages.time }).trim().regex(TIME_PATTERN, { error: hoursMessages.time });
const dateField = (message: string) => z.string({ error: message }).trim().refine(isDate, { error: message });

const timeRangeSchema = z
  .object({ open: timeField, close: timeField })
  .refine((r) => !TIME_PATTERN.test(r.open) || !TIME_PATTERN.test(r.close) || closingMinutesOf(r.close) > minutesOf(r.open), {
    error: hoursMessages.closeAfterOpen,
    path: ['close'],
  });

const dayRanges = z
  .array(timeRangeSchema, { error: hoursMessages.invalid })
  .max(4, { error: hoursMessages.tooManyRanges })
  .superRefine((ranges, ctx) => {
    const sorted = [...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let i = 1; i < sorted.length; i++) {
      if (minutesOf(sorted[i]!.open) < closingMinutesOf(sorted[i - 1]!.close)) {
        ctx.addIssue({ code: 'custom', message: hoursMessages.overlap });
        return;
      }
    }
  })
  .transform((ranges) => [...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open)));

const bothDates = (payload: { value: unknown }) => {
  const v = payload.value as { from?: unknown; to?: unknown } | null;
  return typeof v?.from === 'string' && typeof v.to === 'string' && isDate(v.from.trim()) && isDate(v.to.trim());
};

const closureSchema = z
  .object({
    label: visibleText(
      z
        .string({ error: hoursMessages.closureLabel })
        .trim()
        .min(1, { error: hoursMessages.closureLabel })
        .max(60, { error: hoursMessages.closureLabelLong }),
    ),
    from: dateField(hoursMessages.date),
    to: dateField(hoursMessages.date),
  })
  // Checked whenever both dates are dates, whatever else is wrong, so every message shows at once.
  .refine((c) => c.to >= c.from, { error: hoursMessages.closureOrder, path: ['to'], when: bothDates })
  .refine((c) => c.to < c.from || c.to <= addDays(c.from, 59), { error: hoursMessages.closureLong, path: ['to'], when: bothDates });

/** The weekly hours and the closures: one rule for the settings form and the API. */
export const openingHoursSchema = z.object({
  week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges])) as Record<(typeof WEEKDAYS)[number], typeof dayRanges>, {
    error: hoursMessages.invalid,
  }),
  closures: z
    .array(closureSchema, { error: hoursMessages.invalid })
    .max(30, { error: hoursMessages.tooManyClosures })
    .transform((list) => [...list].sort((a, b) => a.from.localeCompare(b.from))),
}, { error: hoursMessages.invalid }) satisfies z.ZodType<OpeningHours, unknown>;

/**
 * Opening hours as the JSON text a multipart form sends, or as an object; '' or null clears them (none set). Left out,
 * they are undefined: a new record has none, an update keeps the record's own (so a client that does not know the
 * field never wipes it).
 */
const hoursField = z.preprocess((v) => {
  if (v === null || v === '') return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, openingHoursSchema.nullable().optional());

/**
 * What an edit form sends besides its record's fields: the record's `updatedAt` as the form loaded it, so that a save
 * over a change made since (in another tab, on another device, by an import) is refused rather than undoing it. Left
 * out (older clients, scripts), the save goes through as before.
 */
export const seenField = { updatedAt: z.string({ error: 'updatedAt must be text' }).max(40, { error: 'updatedAt is too long' }).optional() };

// ---- Shop settings ----

/** The shop settings kept as text, one column each. */
export const appDetailTextSchema = z.object({
  shopname: capitalised(requiredText('Shop Name is Required', 100), 'The First letter must be capitalized'),
  email: emailField('Email is Required', 'Invalid email format'),
  phoneno: requiredText('Phone number is required', 30, 'Invalid UK phone number format').regex(
    UK_MOBILE_PATTERN,
    { error: 'Invalid UK phone number format' },
  ),
  address: requiredText('Address is Required', 300),
  facebook: socialUrl,
  instagram: socialUrl,
  x: socialUrl,
  /** Optional: the WhatsApp link on call-to-buy buttons while the shop is closed. */
  whatsapp: z
    .string({ error: 'Invalid UK phone number format' })
    .trim()
    .max(30, { error: 'Invalid UK phone number format' })
    .refine((s) => s === '' || UK_MOBILE_PATTERN.test(s), { error: 'Invalid UK phone number format' })
    .optional()
    .default(''),
});

/** Every shop setting: the text ones, and the opening hours (structured, kept as JSON). */
export const appDetailSchema = appDetailTextSchema.extend({ hours: hoursField });
export const appDetailUpdateSchema = appDetailSchema.extend(seenField);

/** The shop settings' fields (the logo apart), in form order: the one list the API, the database and the form use. */
export type AppDetailFields = z.infer<typeof appDetailSchema>;
export const APP_DETAIL_FIELDS = appDetailSchema.keyof().options;
/** The text fields among them (a text column each); the others are structured (a JSON column each). */
export type AppDetailTextFields = z.infer<typeof appDetailTextSchema>;
export const APP_DETAIL_TEXT_FIELDS = appDetailTextSchema.keyof().options;

// ---- Enquiries: the owner's changes (a visitor's form is in enquiry.ts) ----

export const enquiryUpdateSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
    note: visibleText(
      z
        .string({ error: 'The note must be text' })
        .overwrite(plainLineBreaks)
        .trim()
        .max(ENQUIRY_LIMITS.note, { error: `The note must be at most ${ENQUIRY_LIMITS.note} characters` }),
      { multiline: true },
    ).optional(),
    ...seenField,
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, { error: 'Nothing to update' });

// ---- Catalogue names ----

export const modelSchema = z.object({
  model: capitalised(requiredText('Model Name is Required', 60), messages.firstLetterCapitalized),
});

export const modelUpdateSchema = z.object({
  model: capitalised(requiredText('Model Name is Required', 60), messages.firstLetterCapitalized).optional(),
  status: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Status must be true or false' }))
    .optional(),
});

export const categorySchema = z.object({
  category: capitalised(requiredText('Acc Category is Required', 60), messages.firstLetterCapitalized),
});

export const repairCategorySchema = z.object({
  repaircategory: capitalised(requiredText('Repair Category is Required', 60), messages.firstLetterCapitalized),
});

// ---- Products ----

const availability = z.preprocess(
  (v) => (typeof v === 'string' ? (AVAILABILITY.find((a) => a.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
  z.enum(AVAILABILITY, {
    error: (issue) =>
      String(issue.input ?? '').trim() === '' ? 'Availability is Required' : `Availability must be ${AVAILABILITY.join(' or ')}`,
  }),
);

export const productSchema = z.object({
  productname: capitalised(requiredText('Product Name is Required', NAME_MAX), messages.firstLetterCapitalized),
  price: numberField({
    required: 'Price is Required',
    invalid: 'Price is Required',
    min: 'Price must be above 0',
    max: 'Price must be at most £10,000,000',
    pence: 'Price may have at most 2 decimal places (pence)',
  }),
  stockquantity: numberField({
    required: 'Stock Quantity is Required',
    invalid: 'Stock Quantity is Required',
    min: 'Quantity must be at least 1',
    max: 'Quantity must be at most 10,000,000',
    whole: 'Quantity must be a whole number',
  }),
  description: visibleText(
    z
      .string({ error: 'Description is Required' })
      .overwrite(plainLineBreaks)
      .trim()
      .min(1, { error: 'Description is Required', abort: true })
      .min(DESCRIPTION_MIN, { error: `Please upload at least ${DESCRIPTION_MIN} Letters` })
      .max(DESCRIPTION_MAX, { error: `You can upload a maximum of ${DESCRIPTION_MAX} Letters` }),
    { multiline: true },
  ),
  model: id('Model is Required'),
  availability,
  warranty: optionalText(100),
  discount: z
    .string({ error: 'Invalid discount' })
    .trim()
    .refine((s) => s === '' || s === DISCOUNT_OPTION, { error: 'Invalid discount' })
    .optional()
    .default(''),
  color: requiredText('Color is required', 100),
  category: z.string({ error: 'Invalid category' }).trim().max(64).optional().default(''),
  ram: listOf(z.enum(RAM_OPTIONS, { error: 'Invalid RAM option' })),
  rom: listOf(z.enum(ROM_OPTIONS, { error: 'Invalid ROM option' })),
  keepImages: listOf(z.string().max(300)),
  /**
   * The pictures' order, when it is not keepImages then the new files: each entry an image to keep (its URL) or
   * `file:N`, the N-th new file (from 0).
   */
  imageOrder: listOf(z.string().max(300)),
  /** Each picture's alt text, in the final order; '' makes it from the product's name and colour. */
  imageAlt: listOf(
    visibleText(
      z
        .string({ error: 'Alt text must be text' })
        .trim()
        .max(IMAGE_ALT_MAX, { error: `Alt text must be at most ${IMAGE_ALT_MAX} characters` }),
    ),
  ),
});
export type ProductInput = z.infer<typeof productSchema>;

export const productUpdateSchema = productSchema.extend(seenField);

/** The checks of spec section 5 that need the chosen model: run by the form and by the server. */
export function productModelIssues(
  input: Pick<ProductInput, 'category' | 'ram' | 'rom'>,
  modelName: string | undefined,
): { field: 'model' | 'category' | 'ram' | 'rom'; message: string }[] {
  if (modelName === undefined) return [{ field: 'model', message: messages.modelNotFound }];
  if (isAccessoriesModel(modelName)) {
    return input.category ? [] : [{ field: 'category', message: messages.categoryRequired }];
  }
  const issues: { field: 'ram' | 'rom'; message: string }[] = [];
  if (input.ram.length === 0) issues.push({ field: 'ram', message: messages.ramRequired });
  if (input.rom.length === 0) issues.push({ field: 'rom', message: messages.romRequired });
  return issues;
}

/** The image count rule: 2 to 5 images in all. */
export function imageCountMessage(count: number): string | undefined {
  if (count === 0) return messages.imagesRequired;
  if (count < MIN_IMAGES) return messages.imagesMin;
  if (count > MAX_IMAGES) return messages.imagesMax;
  return undefined;
}

// ---- Phone repairs ----

/**
 * A phone model's other names (model numbers such as 'A2633', or '13 mini'): a list, or one text separated by
 * commas as the form sends it. Trimmed, inner spaces collapsed, empty ones dropped, repeats (in any letter case) once.
 */
export const aliasesField = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(',') : v;
    if (!Array.isArray(list)) return list;
    const seen = new Set<string>();
    return list
      .map((a) => (typeof a === 'string' ? a.replace(/\s+/g, ' ').trim() : a))
      .filter((a) => {
        if (typeof a !== 'string') return true;
        const key = a.toLowerCase();
        if (a === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  },
  // Checked as one field, so a form shows the message beside it.
  z
    .array(z.unknown(), { error: 'Aliases must be a list' })
    .refine((list) => list.every((a) => typeof a === 'string'), { error: 'Each alias must be text', abort: true })
    .refine((list) => list.every((a) => (a as string).length <= ALIAS_MAX_LENGTH), {
      error: `Each alias must be at most ${ALIAS_MAX_LENGTH} characters`,
    })
    .refine((list) => list.every((a) => !hasHiddenCharacters(a as string)), { error: messages.hiddenCharacters })
    .max(ALIASES_MAX, { error: `At most ${ALIASES_MAX} aliases` })
    .transform((list) => list as string[]),
);

export const phoneRepairSchema = z.object({
  productname: capitalised(requiredText('Product Name is Required', NAME_MAX), 'The First letter must be Capital'),
  model: id('Model is Required'),
  repair: id('Repair is Required'),
  price: numberField({
    required: 'price is required',
    invalid: 'price must be a number',
    min: 'price must be at least 1',
    max: 'price must be at most £10,000,000',
    pence: 'price may have at most 2 decimal places (pence)',
  }),
  /** Replaces the phone model's aliases when given; left out, they stay as they are. */
  aliases: aliasesField.optional(),
});

export const phoneRepairUpdateSchema = phoneRepairSchema.extend(seenField);

export const groupDataSchema = z.object({ id: id('Model is Required') });

// ---- Lists ----

export const SORTS = ['price_asc', 'price_desc', 'newest'] as const;
export const PRODUCT_TYPES = ['smartphone', 'accessory'] as const;

/**
 * A whole number of a list's query string (`page`, `limit`): digits only (not '0x2', '+2' or '2.0', which would be
 * the same page under another address), from 1 to `max`, left out when empty.
 */
export const queryInt = (name: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : /^\d+$/.test(String(v)) ? Number(v) : Number.NaN),
    z
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(1, { error: `${name} must be at least 1` })
      .max(max, { error: `${name} must be at most ${max}` })
      .optional(),
  );

/** A list's search text (`q`), given once. */
export const queryText = z
  .string({ error: 'Search text must be text' })
  .trim()
  .max(100, { error: 'Search text must be at most 100 characters' })
  .optional();

/** `?fix=`: one of the problems of the dashboard's "things to fix" that the list can be filtered to. */
function fixOf<T extends Record<string, string>>(fixes: T) {
  const keys = Object.keys(fixes) as [keyof T & string, ...(keyof T & string)[]];
  return z.enum(keys, { error: `fix must be one of: ${keys.join(', ')}` }).optional();
}

export const listQuerySchema = z.object({
  page: queryInt('page', PAGE_MAX),
  limit: queryInt('limit', MAX_PAGE_LIMIT),
  sort: z.enum(SORTS, { error: 'sort must be price_asc, price_desc or newest' }).optional(),
  q: queryText,
});

/** A brand or category named in a query, by its name (a name is at most NAME_MAX long) or its id. */
const queryName = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(NAME_MAX, { error: `A name is at most ${NAME_MAX} characters` })
    .optional();

export const productQuerySchema = listQuerySchema.extend({
  model: queryName('model'),
  category: queryName('category'),
  type: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim().toLowerCase().replace(/[\s_-]+/g, '');
      if (t === 'smartphones' || t === 'smartphone' || t === 'phones') return 'smartphone';
      if (t === 'accessories' || t === 'accessory') return 'accessory';
      return v;
    },
    z.enum(PRODUCT_TYPES, { error: 'type must be smartphone or accessory' }).optional(),
  ),
  availability: availability.optional(),
  fix: fixOf(PRODUCT_FIXES),
  /** `no`: the page without `total` and `pages`, for a list that shows no page numbers (the home page's). */
  count: z.enum(['no'], { error: 'count must be no' }).optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const repairQuerySchema = listQuerySchema.extend({
  model: queryName('model'),
  /** A repair category, by id or name. */
  repair: queryName('repair'),
  fix: fixOf(REPAIR_FIXES),
});
export type RepairQuery = z.infer<typeof repairQuerySchema>;

export const enquiryQuerySchema = listQuerySchema.pick({ page: true, limit: true }).extend({
  status: z.enum(ENQUIRY_STATUSES, { error: `status must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(ENQUIRY_KINDS, { error: 'kind must be enquiry or booking' }).optional(),
  fix: fixOf(ENQUIRY_FIXES),
});
export type EnquiryQuery = z.infer<typeof enquiryQuerySchema>;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text must be text' })
    .trim()
    .max(SEARCH_TEXT_MAX, { error: SEARCH_TEXT_TOO_LONG })
    .optional()
    .default(''),
  limit: queryInt('limit', SEARCH_LIMIT_MAX),
  kind: z.enum(SEARCH_KINDS, { error: 'kind must be product, repair or brand' }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** GET /api/model/getall: every active model, or with `fix`, those with that problem. */
export const modelQuerySchema = z.object({ fix: fixOf(MODEL_FIXES) });
export type ModelQuery = z.infer<typeof modelQuerySchema>;

/** Per-field messages of a failed parse, in the order zod found them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
