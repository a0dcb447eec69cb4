import { BLOG_CARD_SIZES, formatUkDate, shopPath, type BlogPostSummary } from '@shop/shared';
import { Link } from 'react-router';

/** A post in the blog's grid: its cover, date and reading time, title and excerpt; the whole card opens the post. */
export function BlogCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg">
      <img
        src={post.cover.secure_url}
        srcSet={post.cover.srcset}
        sizes={BLOG_CARD_SIZES}
        width={post.cover.width}
        height={post.cover.height}
        alt={post.cover.alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-slate-600">
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatUkDate(post.publishedAt)}</time>}
          <span aria-hidden="true"> · </span>
          {post.readingMinutes} min read
        </p>
        {/* A long address or word in a title or excerpt breaks rather than widen the grid past the screen. */}
        <h2 className="text-xl font-bold wrap-anywhere text-ink">
          <Link
            to={shopPath('blogPost', { slug: post.slug })}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 wrap-anywhere text-slate-700">{post.excerpt}</p>
        <p aria-hidden="true" className="mt-auto pt-2 font-semibold text-brand-700 group-hover:underline">
          Read more →
        </p>
      </div>
    </article>
  );
}
