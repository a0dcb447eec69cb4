import type { Kysely } from 'kysely';

/**
 * The blog: posts, the old slugs that redirect to them, and the images uploaded from the editor before a post that
 * shows them is saved. Pictures live in `images`/`media` like every other owner's ('blog_post' for a cover,
 * 'blog_body' for the body's pictures, 'blog_upload' for an editor upload).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_search', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cover_alt', 'text', (c) => c.notNull())
    .addColumn('reading_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The shop's lists, the feed and previous/next walk published posts by date; the console lists newest first.
  await db.schema.createIndex('blog_posts_published_idx').on('blog_posts').columns(['status', 'published_at', 'id']).execute();
  await db.schema.createIndex('blog_posts_created_idx').on('blog_posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('blog_posts_author_idx').on('blog_posts').column('author_id').execute();

  await db.schema
    .createTable('blog_slug_redirects')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_slug_redirects_post_idx').on('blog_slug_redirects').column('post_id').execute();

  await db.schema
    .createTable('blog_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_uploads_created_idx').on('blog_uploads').column('created_at').execute();
}
