import { blogMessages, blogPostSchema, plainLineBreaks, type BlogPost, type BlogPostInput, type BlogStatus } from '@shop/shared';
import { zodFieldMessages, type FieldMessages } from '../../../lib/form-errors.ts';

/** What the post form holds: text as typed, the publish date as the browser's date-and-time field has it, the new cover. */
export interface BlogFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  status: BlogStatus;
  /** 'YYYY-MM-DDTHH:mm' in the admin's own time zone, or '' for "now" (or none yet, for a draft). */
  publishedAt: string;
  alt: string;
  cover: File | null;
}

export const BLOG_FIELDS = ['title', 'slug', 'excerpt', 'body', 'status', 'publishedAt', 'alt', 'cover'] as const;

export function emptyPost(): BlogFormValues {
  return { title: '', slug: '', excerpt: '', body: '', status: 'draft', publishedAt: '', alt: '', cover: null };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a date-and-time field shows it, in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date-and-time field's value (this browser's time zone) as an ISO instant; '' stays ''; nonsense stays as typed. */
export function fromLocalInput(value: string): string {
  if (!value.trim()) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** A post as the form holds it; line breaks as the text box has them (a post saved as a browser sent it kept CR LF). */
export function postToValues(p: BlogPost): BlogFormValues {
  return {
    title: p.title,
    slug: p.slug,
    excerpt: plainLineBreaks(p.excerpt),
    body: plainLineBreaks(p.body),
    status: p.status,
    publishedAt: toLocalInput(p.publishedAt),
    alt: p.cover.alt,
    cover: null,
  };
}

export type BlogValidation = { ok: true; data: BlogPostInput } | { ok: false; errors: FieldMessages };

/** Every rule of the shared schema, before anything is sent, and a cover for a new post. */
export function validatePost(values: BlogFormValues, hasCover: boolean): BlogValidation {
  const parsed = blogPostSchema.safeParse({ ...values, publishedAt: fromLocalInput(values.publishedAt) });
  const errors: FieldMessages = parsed.success ? {} : zodFieldMessages(parsed.error);
  if (!values.cover && !hasCover) errors.cover = { type: 'required', message: blogMessages.coverRequired };
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, data: parsed.data } : { ok: false, errors };
}

/**
 * The multipart body of POST /api/blog/create and PUT /api/blog/update/{id}; an edit sends the post's `updatedAt` as
 * the form loaded it (`seen`), so the server refuses to save over a change made since.
 */
export function blogFormData(data: BlogPostInput, cover: File | null, seen?: string): FormData {
  const body = new FormData();
  body.append('title', data.title);
  body.append('slug', data.slug);
  body.append('excerpt', data.excerpt);
  body.append('body', data.body);
  body.append('status', data.status);
  body.append('publishedAt', data.publishedAt ?? '');
  body.append('alt', data.alt);
  if (cover) body.append('file', cover);
  if (seen) body.append('updatedAt', seen);
  return body;
}

/** Whether a published post's date is still to come. */
export const isScheduled = (post: { status: BlogStatus; publishedAt: string | null }, now = Date.now()) =>
  post.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) > now;
