import type { BlogPost } from '@shop/shared';

/** A post as the API answers it, for the tests: a draft 'Screen guide', with what `over` changes. */
export const blogPost = (over: Partial<BlogPost> = {}): BlogPost => ({
  _id: 'p1',
  title: 'Screen guide',
  slug: 'screen-guide',
  excerpt: 'An excerpt.',
  body: 'Words.',
  html: '<p>Words.</p>',
  cover: { secure_url: '/media/c.webp', srcset: '/media/c.webp 640w', width: 640, height: 360, alt: 'A cover' },
  status: 'draft',
  publishedAt: null,
  author: null,
  readingMinutes: 1,
  createdAt: '2026-11-29T08:24:40.200Z',
  updatedAt: '2026-11-29T08:24:40.200Z',
  ...over,
});
