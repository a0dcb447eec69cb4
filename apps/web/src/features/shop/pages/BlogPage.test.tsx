import type { BlogPostSummary } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import BlogPage from './BlogPage.tsx';
import BlogPostPage from './BlogPostPage.tsx';

const cover = { secure_url: '/media/c.webp', width: 1600, height: 900, srcset: '/media/c.webp 1600w', alt: 'A cover' };
const post = (n: number, over: Partial<BlogPostSummary> = {}): BlogPostSummary => ({
  _id: `p${n}`,
  title: `Post number ${n}`,
  slug: `post-number-${n}`,
  excerpt: `The excerpt of post ${n}.`,
  cover,
  status: 'published',
  publishedAt: '2025-07-14T23:30:00.000Z',
  author: { _id: 'a1', name: 'Sam Owner' },
  readingMinutes: 4,
  createdAt: '2025-07-14T23:30:00.000Z',
  updatedAt: '2025-07-14T23:30:00.000Z',
  ...over,
});

describe('BlogPage', () => {
  it("keeps the 'Blog' heading and says 'No posts yet' when nothing is published", async () => {
    mockApi((path) =>
      path.startsWith('/blog/getall')
        ? { body: { success: true, fetchBlog: [], page: 1, limit: 9, total: 0, pages: 0 } }
        : undefined,
    );
    renderRoute(<BlogPage />, { path: '/shop/blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('shows each post with its cover, UK date, reading time and excerpt, and pages with real links', async () => {
    const asked: string[] = [];
    mockApi((path) => {
      if (!path.startsWith('/blog/getall')) return undefined;
      asked.push(path);
      return { body: { success: true, fetchBlog: [post(1), post(2)], page: 2, limit: 9, total: 20, pages: 3 } };
    });
    renderRoute(<BlogPage />, { path: '/shop/blog?page=2' });
    const first = (await screen.findByRole('link', { name: 'Post number 1' })).closest('article')!;
    expect(asked).toEqual(['/blog/getall?page=2&limit=9']);
    expect(first).toHaveTextContent('15 July 2025 · 4 min read');
    expect(within(first).getByRole('img', { name: 'A cover' })).toHaveAttribute('srcset', '/media/c.webp 1600w');
    expect(within(first).getByRole('link', { name: 'Post number 1' })).toHaveAttribute('href', '/shop/blog/post-number-1');
    const pager = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pager).getByRole('link', { name: '← Newer posts' })).toHaveAttribute('href', '/shop/blog');
    expect(within(pager).getByRole('link', { name: 'Older posts →' })).toHaveAttribute('href', '/shop/blog?page=3');
    expect(pager).toHaveTextContent('Page 2 of 3');
  });

  it('asks for no page past any list’s, and says a page past the last has no posts', async () => {
    const asked: string[] = [];
    mockApi((path) => {
      if (!path.startsWith('/blog/getall')) return undefined;
      asked.push(path);
      return { body: { success: true, fetchBlog: [], page: 1_000_000, limit: 9, total: 20, pages: 3 } };
    });
    renderRoute(<BlogPage />, { path: '/shop/blog?page=1e20' });
    expect(await screen.findByText('No posts on this page')).toBeInTheDocument();
    expect(asked).toEqual(['/blog/getall?page=1000000&limit=9']);
  });
});

describe('BlogPostPage', () => {
  const at = (slug: string) => renderRoute(<BlogPostPage />, { path: `/shop/blog/${slug}`, route: '/shop/blog/:slug' });

  it('shows the post, its server-rendered body, and its neighbours; links in the body to the shop open in the app', async () => {
    mockApi((path) =>
      path === '/blog/getbyslug/post-number-2'
        ? {
            body: {
              success: true,
              fetchPost: { ...post(2), body: '', html: '<h2>Inside</h2><p><a href="/shop/phonerepair">Repairs</a></p>' },
              previous: { title: 'Post number 1', slug: 'post-number-1' },
              next: null,
            },
          }
        : undefined,
    );
    at('post-number-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Inside' })).toBeInTheDocument();
    expect(screen.getByText(/By Sam Owner/)).toBeInTheDocument();
    const more = screen.getByRole('navigation', { name: 'More posts' });
    expect(within(more).getByRole('link')).toHaveAttribute('href', '/shop/blog/post-number-1');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Repairs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/shop/phonerepair');
  });

  it("is the shop's 404 for a post readers cannot see", async () => {
    mockApi(() => undefined);
    at('a-draft');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/shop/home');
  });

  it('moves a slug the post had before to its current one', async () => {
    mockApi((path) =>
      path === '/blog/getbyslug/old-slug'
        ? { body: { success: true, fetchPost: { ...post(3), body: '', html: '' }, previous: null, next: null } }
        : undefined,
    );
    at('old-slug');
    expect(await screen.findByText('/shop/blog/post-number-3')).toBeInTheDocument();
  });
});
