import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { BlogPostsTable, Database } from '../../db/schema.ts';

export type PostRow = BlogPostsTable;

/** Which posts a list holds, resolved to columns of blog_posts. */
export interface PostFilter {
  /** Only posts out for readers at this instant: published, publish date come. */
  liveAt?: string;
  /** A console filter at this instant: drafts, posts out, or posts whose publish date is still to come. */
  status?: { is: 'draft' | 'published' | 'scheduled'; at: string };
  /** Lower-cased text to find inside the title. */
  titleContains?: string;
}

function whereOf(f: PostFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'blog_posts'>();
  const conditions: Expression<SqlBool>[] = [];
  if (f.liveAt !== undefined) {
    conditions.push(eb('blog_posts.status', '=', 'published'), eb('blog_posts.published_at', '<=', f.liveAt));
  }
  if (f.status?.is === 'draft') conditions.push(eb('blog_posts.status', '=', 'draft'));
  if (f.status?.is === 'published')
    conditions.push(eb('blog_posts.status', '=', 'published'), eb('blog_posts.published_at', '<=', f.status.at));
  if (f.status?.is === 'scheduled')
    conditions.push(eb('blog_posts.status', '=', 'published'), eb('blog_posts.published_at', '>', f.status.at));
  if (f.titleContains) {
    const pattern = `%${f.titleContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql<SqlBool>`blog_posts.title_search like ${pattern} escape '\\'`);
  }
  return eb.and(conditions);
}

/** The columns of a post in a list (no body), with its author's name. */
const SUMMARY = [
  'blog_posts.id',
  'blog_posts.title',
  'blog_posts.slug',
  'blog_posts.excerpt',
  'blog_posts.status',
  'blog_posts.published_at',
  'blog_posts.author_id',
  'blog_posts.cover_alt',
  'blog_posts.reading_minutes',
  'blog_posts.created_at',
  'blog_posts.updated_at',
] as const;

function summaries(db: Kysely<Database>) {
  return db
    .selectFrom('blog_posts')
    .leftJoin('users', 'users.id', 'blog_posts.author_id')
    .select(SUMMARY)
    .select('users.name as author_name');
}

/**
 * A page of posts: the shop's newest publish date first; the console's newest written first.
 */
export function findPosts(
  db: Kysely<Database>,
  filter: PostFilter,
  order: 'published' | 'created',
  page?: { limit: number; offset: number },
) {
  let q = summaries(db).where(whereOf(filter));
  q =
    order === 'published'
      ? q.orderBy('blog_posts.published_at', 'desc').orderBy('blog_posts.id', 'desc')
      : q.orderBy('blog_posts.created_at', 'desc').orderBy('blog_posts.id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export type PostSummaryRow = Awaited<ReturnType<typeof findPosts>>[number];

export async function countPosts(db: Kysely<Database>, filter: PostFilter): Promise<number> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(whereOf(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function whole(db: Kysely<Database>) {
  return summaries(db).select('blog_posts.body');
}

export type PostFullRow = PostSummaryRow & { body: string };

export function findPostById(db: Kysely<Database>, id: string): Promise<PostFullRow | undefined> {
  return whole(db).where('blog_posts.id', '=', id).executeTakeFirst();
}

export function findPostBySlug(db: Kysely<Database>, slug: string): Promise<PostFullRow | undefined> {
  return whole(db).where('blog_posts.slug', '=', slug).executeTakeFirst();
}

/** The latest posts out for readers, whole, for the feed. */
export function findLivePosts(db: Kysely<Database>, at: string, limit: number): Promise<PostFullRow[]> {
  return whole(db)
    .where(whereOf({ liveAt: at }))
    .orderBy('blog_posts.published_at', 'desc')
    .orderBy('blog_posts.id', 'desc')
    .limit(limit)
    .execute();
}

/** The post a former slug of it names. */
export async function findRedirect(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('blog_slug_redirects').select('post_id').where('slug', '=', slug).executeTakeFirst())?.post_id;
}

/** The post whose current slug this is, if any. */
export async function findSlugOwner(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/** The posts out for readers just before (older) and after (newer) a post's publish date. */
export async function findNeighbours(db: Kysely<Database>, post: { id: string; published_at: string }, at: string) {
  const live = (eb: ReturnType<typeof expressionBuilder<Database, 'blog_posts'>>) =>
    eb.and([eb('status', '=', 'published'), eb('published_at', '<=', at)]);
  const [older, newer] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select(['title', 'slug'])
      .where(live)
      .where((eb) =>
        eb.or([
          eb('published_at', '<', post.published_at),
          eb.and([eb('published_at', '=', post.published_at), eb('id', '<', post.id)]),
        ]),
      )
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('blog_posts')
      .select(['title', 'slug'])
      .where(live)
      .where((eb) =>
        eb.or([
          eb('published_at', '>', post.published_at),
          eb.and([eb('published_at', '=', post.published_at), eb('id', '>', post.id)]),
        ]),
      )
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { older, newer };
}

/** Slug and last change of every post out for readers, for the sitemap. */
export function findLiveStamps(db: Kysely<Database>, at: string) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at', 'published_at'])
    .where(whereOf({ liveAt: at }))
    .orderBy('published_at', 'desc')
    .execute();
}

export async function insertPost(db: Kysely<Database>, row: PostRow): Promise<void> {
  await db.insertInto('blog_posts').values(row).execute();
}

export async function updatePost(
  db: Kysely<Database>,
  id: string,
  changes: Omit<PostRow, 'id' | 'created_at' | 'author_id'>,
): Promise<void> {
  await db.updateTable('blog_posts').set(changes).where('id', '=', id).execute();
}

export async function deletePost(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('blog_slug_redirects').where('post_id', '=', id).execute();
  await db.deleteFrom('blog_posts').where('id', '=', id).execute();
}

export async function postExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('blog_posts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** `slug` now answers with a redirect to the post (replacing whatever it redirected to before). */
export async function setRedirect(db: Kysely<Database>, slug: string, postId: string, at: string): Promise<void> {
  await db.deleteFrom('blog_slug_redirects').where('slug', '=', slug).execute();
  await db.insertInto('blog_slug_redirects').values({ slug, post_id: postId, created_at: at }).execute();
}

export async function deleteRedirect(db: Kysely<Database>, slug: string): Promise<void> {
  await db.deleteFrom('blog_slug_redirects').where('slug', '=', slug).execute();
}

export async function insertUpload(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.insertInto('blog_uploads').values({ id, created_at: at }).execute();
}

export async function findUploadsBefore(db: Kysely<Database>, at: string): Promise<string[]> {
  return (await db.selectFrom('blog_uploads').select('id').where('created_at', '<', at).limit(500).execute()).map((r) => r.id);
}

export async function deleteUploads(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('blog_uploads').where('id', 'in', ids).execute();
}
