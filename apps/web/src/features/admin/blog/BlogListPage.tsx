import { BLOG_LIST_PAGE_SIZE, BLOG_STATUS_FILTERS, formatUkDate, formatUkDateTime, type BlogPostSummary } from '@shop/shared';
import { useSearchParams } from 'react-router';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { useListParams } from '../api/list-params.ts';
import { useBlogList } from '../api/queries.ts';
import { Cell } from '../components/DataTable.tsx';
import { EditDeleteActions, PagedList } from '../components/PagedList.tsx';
import { isScheduled } from './blog-form.ts';
import { useDeletePost } from './blog-mutations.ts';
import { BLOG_STATUS_LABELS } from './labels.ts';

const STATUS_STYLES = {
  draft: 'bg-slate-200 text-slate-800',
  published: 'bg-green-100 text-green-800',
  scheduled: 'bg-amber-100 text-amber-900',
} as const;

const statusOf = (post: BlogPostSummary) => (isScheduled(post) ? 'scheduled' : post.status);

/** The status filter, kept in the address like the page and the search. */
function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const given = params.get('status') ?? '';
  const status = (BLOG_STATUS_FILTERS as readonly string[]).includes(given) ? given : '';
  const setStatus = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.delete('page');
        if (next) out.set('status', next);
        else out.delete('status');
        return out;
      },
      { replace: true },
    );
  return { status, setStatus };
}

export default function BlogListPage() {
  const params = useListParams();
  const { status, setStatus } = useStatusFilter();
  const list = useBlogList(params.page, params.q, status);
  const remove = useDeletePost();
  const shop = useShopInfo();
  return (
    <PagedList<BlogPostSummary>
      title="Blog List"
      add={{ to: '/admin/addblog', label: 'Add Post' }}
      search={{ id: 'blog-search', label: 'Search posts by title', placeholder: 'Search by title...' }}
      filters={
        <div>
          <label htmlFor="blog-status" className="sr-only">
            Status
          </label>
          <select
            id="blog-status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className="min-h-[42px] rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink focus:border-brand-500"
          >
            <option value="">All statuses</option>
            {BLOG_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {BLOG_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      }
      pagesLabel="Blog list pages"
      noun="posts"
      errorFallback="Error loading data"
      caption="Blog posts, newest first"
      columns={['#', 'Title', 'Status', 'Publish date', 'Author', 'Action']}
      params={params}
      list={list}
      items={list.data?.fetchBlog ?? []}
      pageSize={BLOG_LIST_PAGE_SIZE}
      cells={(p) => {
        const state = statusOf(p);
        return (
          <>
            <Cell className="font-medium">{p.title}</Cell>
            <Cell>
              <span className={`rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[state]}`}>
                {BLOG_STATUS_LABELS[state]}
              </span>
            </Cell>
            {/* A scheduled post with its time too: when it goes out. */}
            <Cell className="whitespace-nowrap">
              {p.publishedAt ? (state === 'scheduled' ? formatUkDateTime : formatUkDate)(p.publishedAt) : '—'}
            </Cell>
            {/* A post with no author (the demo's, or its writer's account deleted) is the shop's, as the blog shows it. */}
            <Cell>{p.author?.name ?? shop.shopname}</Cell>
            <Cell>
              <EditDeleteActions
                editTo={`/admin/updateblog/${p._id}`}
                name={p.title}
                title="Delete post?"
                message={`“${p.title}” will be deleted, with its cover and pictures. Its address will stop working. This cannot be undone.`}
                pending={remove.isPending && remove.variables === p._id}
                onDelete={() => remove.mutate(p._id)}
              />
            </Cell>
          </>
        );
      }}
    />
  );
}
