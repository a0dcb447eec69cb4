import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { BlogForm } from './BlogForm.tsx';
import { useCreatePost } from './blog-mutations.ts';

export default function AddBlogPage() {
  const create = useCreatePost();
  return (
    <AdminPage title="Add Post" action={<LinkButton to="/admin/bloglist">Blog List</LinkButton>}>
      <Panel>
        <BlogForm onSubmit={(body) => create.mutateAsync(body)} />
      </Panel>
    </AdminPage>
  );
}
