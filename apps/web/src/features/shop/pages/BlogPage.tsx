import { PAGE_MAX, pageHeads, SHOP_PAGES } from '@shop/shared';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage, useBlogPage } from '../api.ts';
import { BlogCard } from '../components/BlogCard.tsx';

const pageLink = (page: number) => (page > 1 ? `${SHOP_PAGES.blog}?page=${page}` : SHOP_PAGES.blog);

const pagerLink = 'rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50';

/** The blog: published posts, newest first, a page at a time (real links, so search engines follow them too). */
export default function BlogPage() {
  const shop = useShopInfo();
  const [params] = useSearchParams();
  const asked = Number(params.get('page') ?? '1');
  // Past any list's pages (1e20) is past the last: 'No posts on this page', as the server's 404 says.
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, PAGE_MAX) : 1;
  const list = useBlogPage(page);
  useHead({ ...pageHeads.blog(shop.shopname, page), canonicalPath: pageLink(page) });
  const posts = list.data?.fetchBlog ?? [];
  const pages = list.data?.pages ?? 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Blog</h1>
      {list.isPending ? (
        <p role="status" className="py-24 text-center text-lg text-slate-700">
          Loading.......
        </p>
      ) : list.isError ? (
        <EmptyState tone="error">{serverMessage(list.error, 'Error loading posts')}</EmptyState>
      ) : posts.length === 0 ? (
        page > 1 ? (
          <div className="text-center">
            <EmptyState>No posts on this page</EmptyState>
            <Link to={SHOP_PAGES.blog} className={pagerLink}>
              Latest posts
            </Link>
          </div>
        ) : (
          <EmptyState>No posts yet</EmptyState>
        )
      ) : (
        <>
          <p className="mt-2 text-lg text-slate-700">Repair guides, buying advice and offers from {shop.shopname}.</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, i) => (
              <li key={post._id} className="min-w-0">
                <BlogCard post={post} eager={i === 0} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Blog pages" className="mt-10 flex flex-wrap items-center justify-center gap-3">
              {page > 1 && (
                <Link to={pageLink(page - 1)} className={pagerLink}>
                  ← Newer posts
                </Link>
              )}
              <span className="text-slate-700">
                Page {page} of {pages}
              </span>
              {page < pages && (
                <Link to={pageLink(page + 1)} className={pagerLink}>
                  Older posts →
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
