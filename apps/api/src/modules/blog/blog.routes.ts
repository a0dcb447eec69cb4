import { blogPostSchema, blogPostUpdateSchema, blogQuerySchema } from '@shop/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';
import { getKey, PUBLIC_READ } from '../../plugins/etag.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { BlogService } from './blog.service.ts';

const ONE_COVER = { maxFiles: 1, tooManyFiles: 'Send one cover image only', fieldSize: 256 * 1024 };
const ONE_IMAGE = { maxFiles: 1, tooManyFiles: 'Send one image at a time' };

/** `all=1` asks for drafts and scheduled posts too: an admin's list, never kept for other visitors. */
const asksForAll = (query: unknown) => {
  const all = (query as Record<string, unknown> | undefined)?.all;
  return all !== undefined && all !== '0' && all !== 'false';
};

/**
 * The blog's reads: anyone. `getall` answers the posts out for readers (kept in the read cache like every public
 * read); with `all=1` it is an admin's call for every post (401 signed out, 403 for a customer), answered fresh.
 */
export function blogReadRoutes(blog: BlogService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: {
          ...PUBLIC_READ,
          cacheKey: (request: FastifyRequest) => (asksForAll(request.query) ? undefined : getKey(request)),
        },
        schema: doc.read(
          'blog',
          'Published posts, newest first: fetchBlog (every one with no query; one page with any). An admin with all=1 gets every post, drafts and scheduled ones too, filtered by status.',
          { query: blogQuerySchema },
        ),
      },
      async (request) => {
        const query = parse(blogQuerySchema, request.query);
        // A public read's handler also runs in process with no session (plugins/in-process-reads.ts): no user there.
        const user = (request as Partial<FastifyRequest>).user ?? null;
        if (query.all) {
          if (!user) throw new AppError(401, 'Please sign in', { code: 'UNAUTHENTICATED' });
          if (user.role !== 'admin') throw new AppError(403, 'Admin access only', { code: 'FORBIDDEN' });
        }
        return { success: true, ...(await blog.list(query)) };
      },
    );

    app.get<{ Params: { slug: string } }>(
      '/getbyslug/:slug',
      {
        config: PUBLIC_READ,
        schema: {
          ...doc.read(
            'blog',
            'A published post by its slug (or a former slug): fetchPost, with the previous (older) and next (newer) posts',
          ),
          params: { type: 'object', properties: { slug: { type: 'string' } }, required: ['slug'] },
        },
      },
      async (request) => {
        const { post, previous, next } = await blog.live(request.params.slug);
        return { success: true, fetchPost: post, previous, next };
      },
    );
  };
}

export function blogAdminRoutes(blog: BlogService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      '/getbyid/:id',
      {
        config: ADMIN,
        schema: doc.read('blog', 'Any post, drafts and scheduled ones too, for the editor: fetchPost', { id: true }),
      },
      async (request) => ({ success: true, fetchPost: await blog.get(request.params.id) }),
    );

    app.post(
      '/create',
      {
        config: ADMIN,
        schema: doc.form(
          'blog',
          'Create a post (multipart; the cover under file, its alt text under alt); the signed-in admin is its author',
          blogPostSchema,
          {
            files: 'one',
          },
        ),
      },
      async (request, reply) => {
        const form = await readForm(request, ONE_COVER);
        const post = await blog.create(parse(blogPostSchema, form.fields), form.files[0], actorOf(request));
        return reply.status(201).send({ success: true, message: 'Post created', data: post });
      },
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN,
        schema: doc.form(
          'blog',
          "Update a post (multipart; a new cover under file is optional); a changed slug redirects from the old one; updatedAt, the post's as the form loaded it, refuses (409) a save over a change made since",
          blogPostUpdateSchema,
          {
            files: 'one',
            id: true,
          },
        ),
      },
      async (request) => {
        const form = await readForm(request, ONE_COVER);
        const post = await blog.update(
          request.params.id,
          parse(blogPostUpdateSchema, form.fields),
          form.files[0],
          actorOf(request),
        );
        return { success: true, message: 'Post updated', data: post };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('blog', 'Delete a post, its former slugs and its images', { id: true }) },
      async (request) => {
        await blog.remove(request.params.id, actorOf(request));
        return { success: true, message: 'Post deleted' };
      },
    );

    app.post(
      '/image',
      {
        config: ADMIN,
        schema: doc.action(
          'blog',
          "Upload an image for a post's body (multipart, under file): data is its URLs, to use as /media/... in the Markdown",
        ),
      },
      async (request, reply) => {
        const form = await readForm(request, ONE_IMAGE);
        return reply
          .status(201)
          .send({ success: true, message: 'Image uploaded', data: await blog.upload(form.files[0], actorOf(request)) });
      },
    );
  };
}
