import { mediaUrlsIn, readingMinutes, renderMarkdown, type RenderOptions } from '@shop/markdown';
import {
  BLOG_LIST_PAGE_SIZE,
  blogMessages,
  slugify,
  type BlogNeighbour,
  type BlogPost,
  type BlogPostInput,
  type BlogPostSummary,
  type BlogQuery,
  type ImageAsset,
  type PageInfo,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { serialise } from '../../db/locks.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { changedSince, isId, newId, now } from '../../lib/ids.ts';
import {
  encodeImage,
  imagesByKey,
  imagesByOwner,
  keyOfUrl,
  setImages,
  toAsset,
  type ImageSource,
} from '../media/media.service.ts';
import { recordAudit, type Actor, type Snapshot } from '../audit/audit.service.ts';
import * as repo from './blog.repository.ts';

/** How long an image uploaded from the editor waits for a post to show it before it is deleted. */
const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Held by every write of posts from its transaction's start (a save, a deletion, an editor upload, which deletes the
 * day-old ones): two saves never take the same slug, and an edit reads the post it checks its `updatedAt` against as
 * no other write can change it.
 */
const POSTS_LOCK = 'blog posts';

/** A published post as a reader reaches it, with its neighbours; `moved` when it was asked for by a former slug. */
export interface LivePost {
  post: BlogPost;
  previous: BlogNeighbour | null;
  next: BlogNeighbour | null;
  moved: boolean;
}

const isEmptyQuery = (q: BlogQuery) => q.page === undefined && q.limit === undefined && !q.q && q.status === undefined;

function toSummary(row: repo.PostSummaryRow, cover: ImageSource | undefined): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    cover: { ...(cover ? toAsset(cover) : { secure_url: '', width: 0, height: 0, srcset: '' }), alt: row.cover_alt },
    status: row.status,
    publishedAt: row.published_at,
    author: row.author_id && row.author_name !== null ? { _id: row.author_id, name: row.author_name } : null,
    readingMinutes: row.reading_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A post as the history shows it (its Markdown whole, and its cover's address when it changes). */
const snapshot = (
  r: {
    title: string;
    slug: string;
    excerpt: string;
    body: string;
    status: string;
    published_at: string | null;
    cover_alt: string;
  },
  cover?: ImageSource,
): Snapshot => ({
  title: r.title,
  slug: r.slug,
  excerpt: r.excerpt,
  status: r.status,
  publishedAt: r.published_at,
  alt: r.cover_alt,
  body: r.body,
  ...(cover ? { cover: toAsset(cover).secure_url } : {}),
});

export function createBlogService(db: Kysely<Database>) {
  async function withCovers(rows: repo.PostSummaryRow[]): Promise<BlogPostSummary[]> {
    const covers = await imagesByOwner(
      db,
      'blog_post',
      rows.map((r) => r.id),
    );
    return rows.map((r) => toSummary(r, covers.get(r.id)?.[0]));
  }

  /** A whole post: the summary, its Markdown, and the HTML rendered from it (body images with their widths). */
  async function whole(row: repo.PostFullRow, options: RenderOptions = {}): Promise<BlogPost> {
    const [summary] = await withCovers([row]);
    const pictures = (await imagesByOwner(db, 'blog_body', [row.id])).get(row.id) ?? [];
    const sizes = new Map(pictures.map((p) => [toAsset(p).secure_url, toAsset(p)]));
    return { ...summary!, body: row.body, html: renderMarkdown(row.body, { ...options, imageSize: (src) => sizes.get(src) }) };
  }

  /** The body's pictures, each with all its stored widths; a `/media` URL of no stored picture is refused. */
  async function bodyImages(body: string): Promise<ImageSource[]> {
    const keys = mediaUrlsIn(body).map((url) => keyOfUrl(url)!);
    const found = await imagesByKey(db, keys);
    if (keys.some((k) => !found.has(k))) throw fieldError('body', blogMessages.bodyImages);
    return keys.map((k) => found.get(k)!);
  }

  /**
   * The slug to save: the one given (409 when another post has it), or one made from the title, numbered when
   * another post already has it. Read in the transaction that saves it, once it holds POSTS_LOCK, so two saves at once
   * never take the same one.
   */
  async function slugFor(trx: Kysely<Database>, input: BlogPostInput, id: string): Promise<string> {
    const taken = async (slug: string) => {
      const owner = await repo.findSlugOwner(trx, slug);
      return owner !== undefined && owner !== id;
    };
    if (input.slug) {
      if (await taken(input.slug))
        throw new AppError(409, blogMessages.slugTaken, { fieldErrors: { slug: [blogMessages.slugTaken] } });
      return input.slug;
    }
    const base = slugify(input.title) || 'post';
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const slug = `${base.slice(0, 100 - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!(await taken(slug))) return slug;
    }
  }

  /**
   * When the post is out: the date given; else, for a post being published, the date it came out on if it already
   * has (a scheduled post whose date is cleared comes out now).
   */
  function publishDate(input: BlogPostInput, current?: repo.PostFullRow): string | null {
    if (input.publishedAt) return input.publishedAt;
    if (input.status === 'draft') return null;
    const at = now();
    return current?.status === 'published' && current.published_at && current.published_at <= at ? current.published_at : at;
  }

  async function checkedRow(input: BlogPostInput, id: string, current?: repo.PostFullRow) {
    const pictures = await bodyImages(input.body);
    return {
      row: {
        title: input.title,
        title_search: input.title.toLowerCase(),
        excerpt: input.excerpt,
        body: input.body,
        status: input.status,
        published_at: publishDate(input, current),
        cover_alt: input.alt,
        reading_minutes: readingMinutes(input.body),
        updated_at: now(),
      },
      pictures,
    };
  }

  async function byId(id: string): Promise<repo.PostFullRow> {
    const row = isId(id) ? await repo.findPostById(db, id) : undefined;
    if (!row) throw notFound(blogMessages.notFound);
    return row;
  }

  async function get(id: string): Promise<BlogPost> {
    return whole(await byId(id));
  }

  return {
    /**
     * Posts out for readers, newest first; with `all` (an admin), every post, newest written first, with the status
     * filter. Without paging or a search, every such post; with one, one page.
     */
    async list(query: BlogQuery): Promise<{ fetchBlog: BlogPostSummary[] } & Partial<PageInfo>> {
      const at = now();
      const filter: repo.PostFilter = {
        ...(query.all ? (query.status ? { status: { is: query.status, at } } : {}) : { liveAt: at }),
        ...(query.q ? { titleContains: query.q.toLowerCase() } : {}),
      };
      const order = query.all ? 'created' : 'published';
      if (isEmptyQuery(query)) return { fetchBlog: await withCovers(await repo.findPosts(db, filter, order)) };
      const page = query.page ?? 1;
      const limit = query.limit ?? BLOG_LIST_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        repo.findPosts(db, filter, order, { limit, offset: (page - 1) * limit }),
        repo.countPosts(db, filter),
      ]);
      return { fetchBlog: await withCovers(rows), page, limit, total, pages: Math.ceil(total / limit) };
    },

    /** Any post, drafts too, for the console's editor. */
    get,

    /**
     * A post out for readers by its slug, or by a slug it had before or in capitals (`moved`), with the posts before
     * and after it. Drafts, scheduled posts and unknown slugs are 'Post not found'.
     */
    async live(asked: string): Promise<LivePost> {
      const at = now();
      // Slugs are lower case: 'Screen-Guide' is the post at 'screen-guide', and moves there.
      const slug = asked.toLowerCase();
      let row = await repo.findPostBySlug(db, slug);
      let moved = slug !== asked;
      if (!row) {
        const id = await repo.findRedirect(db, slug);
        row = id ? await repo.findPostById(db, id) : undefined;
        moved = true;
      }
      if (!row || row.status !== 'published' || !row.published_at || row.published_at > at) throw notFound(blogMessages.notFound);
      const [post, { older, newer }] = await Promise.all([
        whole(row),
        repo.findNeighbours(db, { id: row.id, published_at: row.published_at }, at),
      ]);
      return { post, previous: older ?? null, next: newer ?? null, moved };
    },

    /** The latest posts out for readers, whole, their links and images absolute (for feed readers). */
    async feed(limit: number, origin: string): Promise<BlogPost[]> {
      const rows = await repo.findLivePosts(db, now(), limit);
      return Promise.all(rows.map((row) => whole(row, { origin })));
    },

    /** Slug, last edit and publication of every post out for readers, for the sitemap. */
    async stamps(): Promise<{ slug: string; updatedAt: string; publishedAt: string | null }[]> {
      return (await repo.findLiveStamps(db, now())).map((r) => ({
        slug: r.slug,
        updatedAt: r.updated_at,
        publishedAt: r.published_at,
      }));
    },

    /**
     * Checks everything, encodes the cover, then writes the post, its cover and its body's pictures in one transaction.
     * The author is the signed-in admin (none for the demo's posts, which the shop itself wrote).
     */
    async create(input: BlogPostInput, cover: Buffer | undefined, actor: Actor): Promise<BlogPost> {
      if (!cover) throw fieldError('file', blogMessages.coverRequired);
      const id = newId();
      const { row, pictures } = await checkedRow(input, id);
      const image = await encodeImage(cover);
      await db.transaction().execute(async (trx) => {
        await serialise(trx, POSTS_LOCK);
        const saved = { ...row, slug: await slugFor(trx, input, id) };
        await repo.deleteRedirect(trx, saved.slug);
        await repo.insertPost(trx, { ...saved, id, author_id: actor?._id ?? null, created_at: row.updated_at });
        await setImages(trx, 'blog_post', id, [image]);
        await setImages(trx, 'blog_body', id, pictures);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'blog_post',
          entityId: id,
          label: row.title,
          after: snapshot(saved, image),
        });
      });
      return get(id);
    },

    /**
     * Replaces the fields (and the cover, when one is sent); a changed slug leaves the old one redirecting here. With
     * `input.updatedAt` (the post's as the form loaded it), refused when the post was changed since.
     */
    async update(
      id: string,
      input: BlogPostInput & { updatedAt?: string },
      cover: Buffer | undefined,
      actor: Actor,
    ): Promise<BlogPost> {
      const { row, pictures } = await checkedRow(input, id, await byId(id));
      const image = cover ? await encodeImage(cover) : undefined;
      const previousCover = image ? (await imagesByOwner(db, 'blog_post', [id])).get(id)?.[0] : undefined;
      await db.transaction().execute(async (trx) => {
        await serialise(trx, POSTS_LOCK);
        // The post as no other save can change it now; deleted while this one waited: nothing to save it over.
        const current = await repo.findPostById(trx, id);
        if (!current) throw notFound(blogMessages.notFound);
        if (changedSince(current, input.updatedAt)) throw new AppError(409, blogMessages.changedSince);
        const saved = { ...row, published_at: publishDate(input, current), slug: await slugFor(trx, input, id) };
        if (saved.slug !== current.slug) {
          await repo.deleteRedirect(trx, saved.slug);
          await repo.setRedirect(trx, current.slug, id, row.updated_at);
        }
        await repo.updatePost(trx, id, saved);
        if (image) await setImages(trx, 'blog_post', id, [image]);
        await setImages(trx, 'blog_body', id, pictures);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'blog_post',
          entityId: id,
          label: row.title,
          before: snapshot(current, previousCover),
          after: snapshot(saved, image),
        });
      });
      return get(id);
    },

    /** Deletes the post, its former slugs and its pictures (unless something else shows the same picture). */
    async remove(id: string, actor: Actor): Promise<void> {
      await byId(id);
      await db.transaction().execute(async (trx) => {
        // After a save under way, never between its check and its write.
        await serialise(trx, POSTS_LOCK);
        const current = await repo.findPostById(trx, id);
        if (!current) throw notFound(blogMessages.notFound);
        await setImages(trx, 'blog_post', id, []);
        await setImages(trx, 'blog_body', id, []);
        await repo.deletePost(trx, id);
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'blog_post',
          entityId: id,
          label: current.title,
          before: snapshot(current),
        });
      });
    },

    /**
     * Stores an image for a post's body (uploaded from the editor before the post is saved) and answers its URLs.
     * Uploads no post took within a day are deleted now, with their pictures unless a post shows them.
     */
    async upload(file: Buffer | undefined, actor: Actor): Promise<ImageAsset> {
      if (!file) throw fieldError('file', blogMessages.imageRequired);
      const image = await encodeImage(file);
      const id = newId();
      const at = now();
      await db.transaction().execute(async (trx) => {
        // The day-old uploads it deletes are never those a save under way is giving to its post.
        await serialise(trx, POSTS_LOCK);
        await repo.insertUpload(trx, id, at);
        await setImages(trx, 'blog_upload', id, [image]);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'blog_image',
          entityId: id,
          label: 'Image for a post',
          after: { image: toAsset(image).secure_url },
        });
        const stale = await repo.findUploadsBefore(trx, new Date(Date.parse(at) - UPLOAD_KEPT_MS).toISOString());
        for (const old of stale) await setImages(trx, 'blog_upload', old, []);
        await repo.deleteUploads(trx, stale);
      });
      return toAsset(image);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
