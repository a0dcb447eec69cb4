import { shopPath } from '@shop/shared';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useBlogPostById } from '../api/queries.ts';
import { useBackToList } from '../api/list-params.ts';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { BlogForm } from './BlogForm.tsx';
import { isScheduled } from './blog-form.ts';
import { useUpdatePost } from './blog-mutations.ts';

export default function UpdateBlogPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/bloglist');
  const post = useBlogPostById(id);
  const update = useUpdatePost(id);
  const missing = post.isError && post.error instanceof ApiError && post.error.status === 404;
  const live = post.data && post.data.status === 'published' && !isScheduled(post.data);

  // Once loaded, the form stays, with what was typed in it, through a failed re-read (as the network comes back).
  return (
    <AdminPage
      title="Update Post"
      action={live ? <LinkButton to={shopPath('blogPost', { slug: post.data!.slug })}>View post</LinkButton> : undefined}
    >
      {post.isPending ? (
        <Spinner label="Loading post" />
      ) : post.data ? (
        <Panel>
          <BlogForm
            key={post.data.updatedAt}
            post={post.data}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              navigate(back);
            }}
          />
        </Panel>
      ) : missing ? (
        <Panel>
          <p className="text-lg font-semibold text-ink">Post not Found</p>
          <div className="mt-4">
            <LinkButton to={back}>Back</LinkButton>
          </div>
        </Panel>
      ) : (
        <EmptyState tone="error">{errorMessage(post.error, 'Error loading data')}</EmptyState>
      )}
    </AdminPage>
  );
}
