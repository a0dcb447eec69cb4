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
  MIN_IMAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RAM_OPTIONS,
  ROM_OPTIONS,
  SEARCH_KINDS,
  SEARCH_LIMIT_MAX,
  SEARCH_TEXT_MAX,
  isAccessoriesModel,
} from './constants.ts';

/**
 * One schema per payload, shared by the admin forms and the API routes.
 * Messages are those of spec section 5, word for word (with the decisions' corrections).
 * Every schema accepts the strings a form or a multipart body sends.
 */

const NAME_MAX = 200;
const TEXT_MAX = 500;

/** A required, trimmed text field whose first check stops the others. */
function requiredText(required: string, max = NAME_MAX, tooLong = `Must be at most ${max} characters`) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong });
}

function capitalised<T extends z.ZodString>(schema: T, message: string) {
  return schema.refine((s) => s.charAt(0) === s.charAt(0).toUpperCase(), { error: message });
}

const optionalText = (max = TEXT_MAX) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional()
    .default('');

/** Turns '' and absent into undefined and numeric strings into numbers, so one rule serves forms and JSON. */
function numberField(messages: { required: string; invalid: string; min: string }, integer = false) {
  const base = z.number({
    error: (issue) => (issue.input === undefined ? messages.required : messages.invalid),
  });
  const checked = (integer ? base.int({ error: messages.invalid }) : base)
    .min(1, { error: messages.min })
    .max(10_000_000, { error: messages.invalid });
  return z.preprocess((v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (typeof v === 'string') {
      const n = Number(v.trim());
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

const socialUrl = z
  .string({ error: 'Must be a link' })
  .trim()
  .max(300, { error: 'Link must be at most 300 characters' })
  .refine((s) => s === '' || /^https:\/\/[^\s<>"]+$/i.test(s), { error: 'Link must start with https://' })
  .optional()
  .default('');

export const appDetailSchema = z.object({
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
});

/** The shop settings' fields (the logo apart), in form order: the one list the API, the database and the form use. */
export type AppDetailFields = z.infer<typeof appDetailSchema>;
export const APP_DETAIL_FIELDS = appDetailSchema.keyof().options;

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
  z.enum(AVAILABILITY, { error: 'Availability is Required' }),
);

export const productSchema = z.object({
  productname: capitalised(requiredText('Product Name is Required', NAME_MAX), messages.firstLetterCapitalized),
  price: numberField({ required: 'Price is Required', invalid: 'Price is Required', min: 'Price must be above 0' }),
  stockquantity: numberField(
    { required: 'Stock Quantity is Required', invalid: 'Stock Quantity is Required', min: 'Quantity must be at least 1' },
    true,
  ),
  description: z
    .string({ error: 'Description is Required' })
    .trim()
    .min(1, { error: 'Description is Required', abort: true })
    .min(DESCRIPTION_MIN, { error: `Please upload at least ${DESCRIPTION_MIN} Letters` })
    .max(DESCRIPTION_MAX, { error: `You can upload a maximum of ${DESCRIPTION_MAX} Letters` }),
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
});
export type ProductInput = z.infer<typeof productSchema>;

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
    .max(ALIASES_MAX, { error: `At most ${ALIASES_MAX} aliases` })
    .transform((list) => list as string[]),
);

export const phoneRepairSchema = z.object({
  productname: capitalised(requiredText('Product Name is Required', NAME_MAX), 'The First letter must be Capital'),
  model: id('Model is Required'),
  repair: id('Repair is Required'),
  price: numberField({ required: 'price is required', invalid: 'price must be a number', min: 'price must be at least 1' }),
  /** Replaces the phone model's aliases when given; left out, they stay as they are. */
  aliases: aliasesField.optional(),
});

export const groupDataSchema = z.object({ id: id('Model is Required') });

// ---- Lists ----

export const SORTS = ['price_asc', 'price_desc', 'newest'] as const;
export const PRODUCT_TYPES = ['smartphone', 'accessory'] as const;

const queryInt = (name: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(1, { error: `${name} must be at least 1` })
      .max(max, { error: `${name} must be at most ${max}` })
      .optional(),
  );

const queryText = z.string().trim().max(100, { error: 'Search text must be at most 100 characters' }).optional();

export const listQuerySchema = z.object({
  page: queryInt('page', 1_000_000),
  limit: queryInt('limit', MAX_PAGE_LIMIT),
  sort: z.enum(SORTS, { error: 'sort must be price_asc, price_desc or newest' }).optional(),
  q: queryText,
});

export const productQuerySchema = listQuerySchema.extend({
  model: queryText,
  category: queryText,
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
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const repairQuerySchema = listQuerySchema.extend({ model: queryText });
export type RepairQuery = z.infer<typeof repairQuerySchema>;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text must be text' })
    .trim()
    .max(SEARCH_TEXT_MAX, { error: `Search text must be at most ${SEARCH_TEXT_MAX} characters` })
    .optional()
    .default(''),
  limit: queryInt('limit', SEARCH_LIMIT_MAX),
  kind: z.enum(SEARCH_KINDS, { error: 'kind must be product, repair or brand' }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Per-field messages of a failed parse, in the order zod found them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
