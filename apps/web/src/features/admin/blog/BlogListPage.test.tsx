import type { BlogPostSummary } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import BlogListPage from './BlogListPage.tsx';
import { blogPost } from './fixtures.ts';

const post = (n: number, author: BlogPostSummary['author']) =>
  blogPost({ _id: `p${n}`, title: `Post ${n}`, slug: `post-${n}`, status: 'published', author });

describe('the blog list', () => {
  it("names a post's author, and the shop, as the blog does, for a post with none", async () => {
    mockApi((path) => {
      if (path === '/appdetail/getall')
        return { body: { success: true, fetchAppDetail: [{ _id: 's1', shopname: 'Kingsway Mobiles' }] } };
      if (path.startsWith('/blog/getall')) {
        const fetchBlog = [post(1, { _id: 'u1', name: 'Sam Owner' }), post(2, null)];
        return { body: { success: true, fetchBlog, page: 1, limit: 20, total: 2, pages: 1 } };
      }
      return undefined;
    });
    renderRoute(<BlogListPage />, { path: '/admin/bloglist' });
    expect(await screen.findByRole('cell', { name: 'Sam Owner' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Kingsway Mobiles' })).toBeInTheDocument();
  });
});
