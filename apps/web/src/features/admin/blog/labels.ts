/** A post's state as the console names it: its stored status, or scheduled (published, to appear later). */
export const BLOG_STATUS_LABELS = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' } as const;
