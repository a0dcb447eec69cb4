import { BLOG_COVER_SIZES, formatUkDate, pageHeads, shopPath, SHOP_PAGES, type BlogNeighbour, type BlogPost } from '@shop/shared';
import type { MouseEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Unavailable } from '../components/Unavailable.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import { ApiError } from '../../../lib/api.ts';
import { isPlainClick } from '../../../lib/clicks.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage, useBlogPost } from '../api.ts';

function Neighbour({ post, label, align }: { post: BlogNeighbour; label: string; align: 'left' | 'right' }) {
  return (
    <Link
      to={shopPath('blogPost', { slug: post.slug })}
      className={`block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500 hover:bg-brand-50 ${align === 'right' ? 'sm:col-start-2 sm:text-right' : ''}`}
    >
      <span className="block text-sm font-semibold text-slate-600">{label}</span>
      <span className="mt-1 block font-bold text-ink">{post.title}</span>
    </Link>
  );
}

function Article({
  post,
  previous,
  next,
  shopName,
}: {
  post: BlogPost;
  previous: BlogNeighbour | null;
  next: BlogNeighbour | null;
  shopName: string;
}) {
  const navigate = useNavigate();
  // The body is HTML from the server: a link to another page of the shop opens in the app, as every other link does.
  const followShopLinks = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || link.target) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={SHOP_PAGES.home} className="rounded hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={SHOP_PAGES.blog} className="rounded hover:text-brand-700 hover:underline">
              Blog
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 font-medium break-words text-ink">
            {post.title}
          </li>
        </ol>
      </nav>
      <header>
        <h1 className="text-3xl leading-tight font-extrabold break-words text-ink sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-slate-600">
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatUkDate(post.publishedAt)}</time>}
          <span aria-hidden="true"> · </span>
          {post.readingMinutes} min read
          <span aria-hidden="true"> · </span>
          By {post.author?.name ?? shopName}
        </p>
      </header>
      <img
        src={post.cover.secure_url}
        srcSet={post.cover.srcset}
        sizes={BLOG_COVER_SIZES}
        width={post.cover.width}
        height={post.cover.height}
        alt={post.cover.alt}
        fetchPriority="high"
        className="mt-6 aspect-video w-full rounded-2xl bg-slate-100 object-cover"
      />
      {/* Sanitised on the server, by the renderer in packages/markdown. */}
      <div className="post-body mt-8" onClick={followShopLinks} dangerouslySetInnerHTML={{ __html: post.html }} />
      {(previous || next) && (
        <nav aria-label="More posts" className="mt-12 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2">
          {previous && <Neighbour post={previous} label="← Previous post" align="left" />}
          {next && <Neighbour post={next} label="Next post →" align="right" />}
        </nav>
      )}
      <p className="mt-8">
        <Link to={SHOP_PAGES.blog} className="font-semibold text-brand-700 hover:underline">
          ← All posts
        </Link>
      </p>
    </article>
  );
}

/**
 * One published post. A draft, a scheduled post or an unknown slug is the shop's 404 (the server answers 404 too);
 * a slug the post had before moves to its current one (the server answers 301).
 */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const shop = useShopInfo();
  const result = useBlogPost(slug);
  const data = result.data;
  const missing = result.error instanceof ApiError && result.error.status === 404;
  useHead({
    ...(data ? pageHeads.blogPost(shop.shopname, data.fetchPost) : missing ? pageHeads.notFound(shop.shopname) : {}),
    canonicalPath: shopPath('blogPost', { slug: data?.fetchPost.slug ?? slug }),
    noindex: Boolean(result.error),
  });

  if (result.isPending) {
    return (
      <p role="status" className="py-24 text-center text-lg text-slate-700">
        Loading.......
      </p>
    );
  }
  if (missing) {
    return <NotFound />;
  }
  if (result.error || !data) {
    return (
      <Unavailable
        title="Post not available"
        message={serverMessage(result.error, 'Error loading post')}
        back={{ to: SHOP_PAGES.blog, label: 'Back to the blog' }}
      />
    );
  }
  if (data.fetchPost.slug !== slug) return <Navigate to={shopPath('blogPost', { slug: data.fetchPost.slug })} replace />;
  return <Article post={data.fetchPost} previous={data.previous} next={data.next} shopName={shop.shopname} />;
}
