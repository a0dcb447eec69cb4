import { z } from 'zod';
import { plainLineBreaks, visibleText } from './fields.ts';
import { queryInt, queryText, seenField } from './schemas.ts';
import {
  BLOG_ALT_MAX,
  BLOG_BODY_MAX,
  BLOG_EXCERPT_MAX,
  BLOG_SLUG_MAX,
  BLOG_STATUSES,
  BLOG_STATUS_FILTERS,
  BLOG_TITLE_MAX,
  MAX_PAGE_LIMIT,
  PAGE_MAX,
} from './constants.ts';

/** The blog's rules, shared by the admin console's form and the API (its constants are in constants.ts, without zod). */

export const blogMessages = {
  titleRequired: 'Title is required',
  titleMax: `Title must be at most ${BLOG_TITLE_MAX} characters`,
  slugFormat: 'Slug may only contain lower-case letters, numbers and hyphens',
  slugMax: `Slug must be at most ${BLOG_SLUG_MAX} characters`,
  slugTaken: 'A post with this slug already exists',
  excerptRequired: 'Excerpt is required',
  excerptMax: `Excerpt must be at most ${BLOG_EXCERPT_MAX} characters`,
  bodyRequired: 'Body is required',
  bodyMax: 'Body must be at most 50,000 characters',
  status: 'Status must be draft or published',
  publishedAt: 'Publish date must be a valid date',
  coverRequired: 'Cover image is required',
  altRequired: 'Cover alt text is required',
  altMax: `Cover alt text must be at most ${BLOG_ALT_MAX} characters`,
  bodyImages: 'Images in the body must be uploaded to the shop',
  notFound: 'Post not found',
  changedSince: 'This post was changed since you opened it: open it again to see the change, then make yours',
  imageRequired: 'Choose an image to upload',
} as const;

/** A slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title suggests: 'Repair or replace? 5 signs' -> 'repair-or-replace-5-signs'. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= BLOG_SLUG_MAX) return words;
  const cut = words.slice(0, BLOG_SLUG_MAX + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : BLOG_SLUG_MAX);
}

const text = (required: string, max: number, tooLong: string, multiline = false) =>
  visibleText(
    z
      .string({ error: required })
      .overwrite(plainLineBreaks)
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, { error: tooLong }),
    { multiline },
  );

/** The earliest and latest publish dates accepted: anything else is a typing slip. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/**
 * A post as the form and the API send it. `slug` empty means "made from the title"; `publishedAt` empty means "now"
 * for a post being published (and "not yet set" for a draft); `alt` describes the cover.
 */
export const blogPostSchema = z.object({
  title: text(blogMessages.titleRequired, BLOG_TITLE_MAX, blogMessages.titleMax),
  slug: z
    .string({ error: blogMessages.slugFormat })
    .trim()
    .max(BLOG_SLUG_MAX, { error: blogMessages.slugMax })
    .refine((s) => s === '' || SLUG_PATTERN.test(s), { error: blogMessages.slugFormat })
    .optional()
    .default(''),
  excerpt: text(blogMessages.excerptRequired, BLOG_EXCERPT_MAX, blogMessages.excerptMax, true),
  body: text(blogMessages.bodyRequired, BLOG_BODY_MAX, blogMessages.bodyMax, true),
  status: z.enum(BLOG_STATUSES, { error: blogMessages.status }),
  publishedAt: z
    .string({ error: blogMessages.publishedAt })
    .trim()
    .refine(
      (s) => {
        if (s === '') return true;
        const at = Date.parse(s);
        return z.iso.datetime({ offset: true }).safeParse(s).success && at >= EARLIEST && at < LATEST;
      },
      { error: blogMessages.publishedAt },
    )
    .transform((s) => (s === '' ? null : new Date(s).toISOString()))
    .optional()
    .default(null),
  alt: text(blogMessages.altRequired, BLOG_ALT_MAX, blogMessages.altMax),
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** An edit: the post's fields and its `updatedAt` as the form loaded it (decision 0047). */
export const blogPostUpdateSchema = blogPostSchema.extend(seenField);

/**
 * The blog list's query: one page (`page`, `limit`), a title search (`q`), and for an admin, `all=1` (drafts and
 * scheduled posts too) with a `status` filter.
 */
export const blogQuerySchema = z.object({
  page: queryInt('page', PAGE_MAX),
  limit: queryInt('limit', MAX_PAGE_LIMIT),
  q: queryText,
  status: z.enum(BLOG_STATUS_FILTERS, { error: 'status must be draft, published or scheduled' }).optional(),
  all: z
    .preprocess(
      (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
      z.boolean({ error: 'all must be 1 or 0' }),
    )
    .optional(),
});
export type BlogQuery = z.infer<typeof blogQuerySchema>;
