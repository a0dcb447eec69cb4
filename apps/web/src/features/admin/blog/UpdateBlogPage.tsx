import { shopPath } from '@shop/shared';
import { useNavigate, useParams } from 'react-router';
import { useBackToList } from '../api/list-params.ts';
import { useBlogPostById } from '../api/queries.ts';
import { EditRecordPage } from '../components/EditRecordPage.tsx';
import { LinkButton } from '../components/Page.tsx';
import { BlogForm } from './BlogForm.tsx';
import { isScheduled } from './blog-form.ts';
import { useUpdatePost } from './blog-mutations.ts';

export default function UpdateBlogPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/bloglist');
  const post = useBlogPostById(id);
  const update = useUpdatePost(id);
  const live = post.data && post.data.status === 'published' && !isScheduled(post.data);
  return (
    <EditRecordPage
      title="Update Post"
      action={live ? <LinkButton to={shopPath('blogPost', { slug: post.data!.slug })}>View post</LinkButton> : undefined}
      record={post}
      loading="Loading post"
      notFound="Post not Found"
      errorFallback="Error loading data"
      back={back}
    >
      {(data) => (
        <BlogForm
          key={data._id}
          post={data}
          cancelTo={back}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            navigate(back);
          }}
        />
      )}
    </EditRecordPage>
  );
}
