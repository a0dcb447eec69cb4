import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart, SVG, type FilePart } from '../media/media.testkit.ts';

const PUBLIC_URL = 'https://www.highstreetphones.co.uk';
const DAY = 24 * 60 * 60 * 1000;
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

let t: TestContext;
let dist: string;
let admin: string;
let adminId: string;
let customer: string;
let cover: Buffer;
let apple: string;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

const fields = (over: Record<string, string> = {}) => ({
  title: 'Is it worth replacing your iPhone battery?',
  excerpt: 'A new battery costs a fraction of a new phone. Here is how to tell if you need one.',
  body: '## Check your battery\n\nOpen **Settings** and look at *Battery Health*.',
  status: 'published',
  publishedAt: ago(DAY),
  alt: 'A phone with a full battery',
  ...over,
});

const create = (over: Record<string, string> = {}, files: FilePart[] = [{ content: cover }], cookie: string | null = admin) =>
  t.request({ method: 'POST', url: '/api/blog/create', cookie: cookie ?? undefined, ...multipart(fields(over), files) });
const update = (id: string, over: Record<string, string> = {}, files: FilePart[] = []) =>
  t.request({ method: 'PUT', url: `/api/blog/update/${id}`, cookie: admin, ...multipart(fields(over), files) });
const created = async (over: Record<string, string> = {}) => {
  const res = await create(over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; slug: string; html: string; cover: { secure_url: string } };
};
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const slugs = async (query = '', cookie?: string) =>
  ((await get(`/api/blog/getall${query}`, cookie)).json().fetchBlog as { slug: string }[]).map((p) => p.slug);
const count = async (table: 'blog_posts' | 'images' | 'media' | 'blog_uploads' | 'blog_slug_redirects') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  );

/** Every post the shop shows readers, wherever it shows them: the list, its page, the feed and the sitemap. */
async function everywhere(slug: string) {
  const [list, bySlug, page, rss, sitemap] = await Promise.all([
    slugs(),
    get(`/api/blog/getbyslug/${slug}`),
    get(`/shop/blog/${slug}`),
    get('/shop/blog/rss.xml'),
    get('/sitemap.xml'),
  ]);
  return {
    list: list.includes(slug),
    bySlug: bySlug.statusCode,
    page: page.statusCode,
    rss: rss.body.includes(`/shop/blog/${slug}</link>`),
    sitemap: sitemap.body.includes(`/shop/blog/${slug}</loc>`),
  };
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-blog-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><title>Mobile Shop UK</title>\n<meta name="description" content="static" />\n</head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  t = await createTestContext({ WEB_DIST: dist, PUBLIC_URL });
  admin = await t.signIn('admin', 'writer@example.com');
  adminId = (await get('/api/auth/check', admin)).json().user._id;
  customer = await t.signIn('user');
  cover = await makeImage('jpeg', 1600, 900, '#0f766e');
  const logo = await makeImage('png', 200, 200);
  apple = (
    await t.request({
      method: 'POST',
      url: '/api/model/create',
      cookie: admin,
      ...multipart({ model: 'Apple' }, [{ content: logo }]),
    })
  ).json().data._id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('writing a post', () => {
  it('creates a post with its cover, the signed-in admin as author, a slug from the title and its reading time', async () => {
    const res = await create({ publishedAt: '2025-03-05T09:30:00+00:00' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Post created',
      data: {
        _id: expect.any(String),
        title: 'Is it worth replacing your iPhone battery?',
        slug: 'is-it-worth-replacing-your-iphone-battery',
        excerpt: 'A new battery costs a fraction of a new phone. Here is how to tell if you need one.',
        cover: {
          secure_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
          width: 1600,
          height: 900,
          srcset: expect.stringContaining('400w'),
          alt: 'A phone with a full battery',
        },
        status: 'published',
        publishedAt: '2025-03-05T09:30:00.000Z',
        author: { _id: adminId, name: 'Test Admin' },
        readingMinutes: 1,
        body: '## Check your battery\n\nOpen **Settings** and look at *Battery Health*.',
        html: '<h2>Check your battery</h2>\n<p>Open <strong>Settings</strong> and look at <em>Battery Health</em>.</p>\n',
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
    const admins = await get(`/api/blog/getbyid/${body.data._id}`, admin);
    expect(admins.json()).toEqual({ success: true, fetchPost: body.data });
  });

  it("keeps a form's line breaks as the editor has them, LF, though the browser sends them as CR LF", async () => {
    const body = '## Check your battery\r\n\r\nOpen **Settings**.\r\n- one\r\n- two';
    const post = await created({ title: 'Line breaks from a form', excerpt: 'First line.\r\nSecond line.', body });
    const kept = (await get(`/api/blog/getbyid/${post._id}`, admin)).json().fetchPost;
    expect([kept.excerpt, kept.body]).toEqual(['First line.\nSecond line.', body.replace(/\r\n/g, '\n')]);
  });

  it('numbers a slug made from a title another post already has, and refuses a slug given that is taken', async () => {
    const first = await created({ title: 'Summer offers & more' });
    expect(first.slug).toBe('summer-offers-and-more');
    expect((await created({ title: 'Summer offers & more' })).slug).toBe('summer-offers-and-more-2');
    const taken = await create({ title: 'Another', slug: 'summer-offers-and-more' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: 'A post with this slug already exists',
      fieldErrors: { slug: ['A post with this slug already exists'] },
    });
  });

  it('numbers the slugs of posts of one title saved at the same moment, each its own', async () => {
    const saved = await Promise.all([1, 2, 3].map(() => create({ title: 'Black Friday deals' })));
    expect(saved.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(saved.map((res) => res.json().data.slug).sort()).toEqual([
      'black-friday-deals',
      'black-friday-deals-2',
      'black-friday-deals-3',
    ]);
  });

  it('says what is wrong with each field and stores nothing', async () => {
    const before = await count('blog_posts');
    const empty = await t.request({
      method: 'POST',
      url: '/api/blog/create',
      cookie: admin,
      ...multipart(
        { title: ' ', excerpt: '', body: '', status: 'live', publishedAt: 'next tuesday', alt: '', slug: 'Not A Slug!' },
        [{ content: cover }],
      ),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: 'Title is required',
      fieldErrors: {
        title: ['Title is required'],
        slug: ['Slug may only contain lower-case letters, numbers and hyphens'],
        excerpt: ['Excerpt is required'],
        body: ['Body is required'],
        status: ['Status must be draft or published'],
        publishedAt: ['Publish date must be a valid date'],
        alt: ['Cover alt text is required'],
      },
    });
    const noCover = await create({}, []);
    expect(noCover.statusCode).toBe(400);
    expect(noCover.json()).toMatchObject({
      message: 'Cover image is required',
      fieldErrors: { file: ['Cover image is required'] },
    });
    const svg = await create({}, [{ content: SVG, filename: 'x.svg', type: 'image/svg+xml' }]);
    expect(svg.json().message).toBe('SVG images are not accepted: use JPEG, PNG, WebP, AVIF or GIF');
    const long = await create({ body: 'x'.repeat(50_001) });
    expect(long.json().fieldErrors).toEqual({ body: ['Body must be at most 50,000 characters'] });
    const tooLong = await create({ body: 'é'.repeat(140_000) });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'A form field is too long']);
    expect(await count('blog_posts')).toBe(before);
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    expect((await create({}, [{ content: cover }], null)).statusCode).toBe(401);
    const asCustomer = await create({}, [{ content: cover }], customer);
    expect([asCustomer.statusCode, asCustomer.json()]).toEqual([403, { success: false, message: 'Admin access only' }]);
    expect((await get('/api/blog/getall?all=1')).statusCode).toBe(401);
    expect((await get('/api/blog/getall?all=1', customer)).json()).toEqual({ success: false, message: 'Admin access only' });
  });

  it('refuses to save over a change made since the form loaded the post (its updatedAt), and saves otherwise', async () => {
    const made = (await create({ title: 'Screen care', slug: 'screen-care' })).json().data;
    // Another tab fixes the excerpt (a millisecond on at least: updated_at counts them): it saves, as the post is as
    // that tab loaded it.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const other = await update(made._id, { title: 'Screen care', excerpt: 'Fixed in the other tab.', updatedAt: made.updatedAt });
    expect(other.statusCode, other.body).toBe(200);
    // This tab, loaded before that, retitles it: refused, the other tab's excerpt and the slug kept.
    const stale = await update(made._id, { title: 'Screen care guide', slug: 'screen-care-guide', updatedAt: made.updatedAt });
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { success: false, message: 'This post was changed since you opened it: open it again to see the change, then make yours' },
    ]);
    const now = (await get('/api/blog/getbyslug/screen-care')).json().fetchPost;
    expect(now).toMatchObject({ title: 'Screen care', excerpt: 'Fixed in the other tab.' });
    expect((await get('/shop/blog/screen-care-guide')).statusCode).toBe(404);
    // Opened again, it saves; a client that sends no updatedAt is not asked.
    expect((await update(made._id, { title: 'Screen care guide', updatedAt: now.updatedAt })).statusCode).toBe(200);
    expect((await update(made._id, { title: 'Screen care' })).statusCode).toBe(200);
  });
});

describe('drafts and scheduled posts', () => {
  it('hides drafts everywhere a reader looks, and shows them to an admin with all=1', async () => {
    const draft = await created({ title: 'A draft about chargers', status: 'draft', publishedAt: '' });
    expect(await everywhere(draft.slug)).toEqual({ list: false, bySlug: 404, page: 404, rss: false, sitemap: false });
    expect((await get(`/api/blog/getbyslug/${draft.slug}`)).json()).toEqual({ success: false, message: 'Post not found' });
    const page = await get(`/shop/blog/${draft.slug}`);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.body).toContain('<div id="root">');
    expect(await slugs('?all=1', admin)).toContain(draft.slug);
    expect(await slugs('?all=1&status=draft', admin)).toEqual([draft.slug]);
    const fetched = (await get(`/api/blog/getbyid/${draft._id}`, admin)).json().fetchPost;
    expect(fetched).toMatchObject({ status: 'draft', publishedAt: null });
  });

  it('keeps a post with a future date hidden everywhere until its time comes, then shows it everywhere', async () => {
    const post = await created({ title: 'A scheduled offer', publishedAt: ahead(DAY) });
    const newest = (await slugs())[0]!;
    expect(await everywhere(post.slug)).toEqual({ list: false, bySlug: 404, page: 404, rss: false, sitemap: false });
    expect((await get(`/api/blog/getbyslug/${newest}`)).json().next).toBeNull();
    expect(await slugs('?all=1&status=scheduled', admin)).toEqual([post.slug]);
    expect(await slugs('?all=1&status=published', admin)).not.toContain(post.slug);

    // A day and a minute later (the read cache's one-second answers long expired), with no write in between.
    vi.useFakeTimers({ toFake: ['Date', 'performance'], now: Date.now() });
    vi.advanceTimersByTime(DAY + 60_000);
    expect(await everywhere(post.slug)).toEqual({ list: true, bySlug: 200, page: 200, rss: true, sitemap: true });
    expect((await get(`/api/blog/getbyslug/${newest}`)).json().next).toEqual({ title: 'A scheduled offer', slug: post.slug });
    expect(await slugs('?all=1&status=scheduled', admin)).toEqual([]);
    // Edited before it came out, it changed for readers when it came out.
    const out = (await get(`/api/blog/getbyslug/${post.slug}`)).json().fetchPost.publishedAt as string;
    expect((await get('/sitemap.xml')).body).toContain(`/shop/blog/${post.slug}</loc><lastmod>${out.slice(0, 10)}</lastmod>`);
    const page = (await get(`/shop/blog/${post.slug}`)).body;
    expect(page).toContain(`<meta property="article:modified_time" content="${out}"`);
    expect(page).toContain(`"dateModified":"${out}"`);
  });

  it('publishes a draft now when no date is given, and keeps the date of a post already out', async () => {
    const draft = await created({ title: 'Draft to publish', status: 'draft', publishedAt: '' });
    const published = (await update(draft._id, { title: 'Draft to publish', slug: draft.slug, publishedAt: '' })).json().data;
    expect(Date.now() - Date.parse(published.publishedAt)).toBeLessThan(60_000);
    const again = (await update(draft._id, { title: 'Draft to publish, edited', slug: draft.slug, publishedAt: '' })).json().data;
    expect(again.publishedAt).toBe(published.publishedAt);
    expect(again.title).toBe('Draft to publish, edited');
  });

  it('publishes a scheduled post now when its date is cleared', async () => {
    const title = 'Scheduled, then brought forward';
    const post = await created({ title, publishedAt: ahead(DAY) });
    expect((await everywhere(post.slug)).bySlug).toBe(404);
    const now = (await update(post._id, { title, slug: post.slug, publishedAt: '' })).json().data;
    expect(Date.now() - Date.parse(now.publishedAt)).toBeLessThan(60_000);
    expect((await everywhere(post.slug)).bySlug).toBe(200);
  });
});

describe('slugs that change', () => {
  it('answers the old address with a 301 to the new one, however many times the slug changes', async () => {
    const post = await created({ title: 'Repair or replace', slug: 'repair-or-replace' });
    const moved = await update(post._id, { title: 'Repair or replace', slug: 'repair-or-replace-five-questions' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      success: true,
      message: 'Post updated',
      data: { slug: 'repair-or-replace-five-questions' },
    });
    await update(post._id, { title: 'Repair or replace', slug: 'repair-or-replace-2025' });

    for (const old of ['repair-or-replace', 'repair-or-replace-five-questions']) {
      const page = await get(`/shop/blog/${old}?utm_source=feed`);
      expect([page.statusCode, page.headers.location]).toEqual([301, '/shop/blog/repair-or-replace-2025?utm_source=feed']);
      // Checked again each time: a slug changed back must not leave browsers with a redirect to itself.
      expect(page.headers['cache-control']).toBe('no-cache');
      expect((await get(`/api/blog/getbyslug/${old}`)).json().fetchPost.slug).toBe('repair-or-replace-2025');
    }
    expect((await get('/shop/blog/repair-or-replace-2025')).statusCode).toBe(200);
    expect(await slugs()).not.toContain('repair-or-replace');
    // An address typed or linked in capitals moves to the post's own.
    for (const asked of ['Repair-Or-Replace-2025', 'REPAIR-OR-REPLACE']) {
      const page = await get(`/shop/blog/${asked}`);
      expect([page.statusCode, page.headers.location]).toEqual([301, '/shop/blog/repair-or-replace-2025']);
    }
  });

  it('lets a new post take a slug another post once had, which then stops redirecting', async () => {
    const post = await created({ title: 'Screen guide', slug: 'screen-guide' });
    await update(post._id, { title: 'Screen guide', slug: 'screen-guide-2025' });
    expect((await get('/shop/blog/screen-guide')).statusCode).toBe(301);
    const newcomer = await created({ title: 'A new screen guide', slug: 'screen-guide' });
    expect((await get('/shop/blog/screen-guide')).statusCode).toBe(200);
    expect((await get('/api/blog/getbyslug/screen-guide')).json().fetchPost._id).toBe(newcomer._id);
    // Changing back is refused while the newcomer holds the slug.
    const back = await update(post._id, { title: 'Screen guide', slug: 'screen-guide' });
    expect(back.statusCode).toBe(409);
  });

  it('does not redirect to a post that is no longer out', async () => {
    const post = await created({ title: 'Going back to draft', slug: 'going-back' });
    await update(post._id, { title: 'Going back to draft', slug: 'going-back-to-draft', status: 'draft' });
    expect((await get('/shop/blog/going-back')).statusCode).toBe(404);
    expect((await get('/shop/blog/going-back-to-draft')).statusCode).toBe(404);
  });
});

describe('a post page', () => {
  it('has the title, description, canonical, Open Graph with the cover, BlogPosting JSON-LD and its neighbours', async () => {
    const first = await created({ title: 'First of three', publishedAt: ago(30 * DAY) });
    const middle = await created({
      title: 'Middle of three',
      excerpt: 'The middle post, between the first and the last.',
      publishedAt: ago(29 * DAY),
    });
    const last = await created({ title: 'Last of three', publishedAt: ago(28 * DAY) });
    const res = await get(`/shop/blog/${middle.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const url = `${PUBLIC_URL}/shop/blog/${middle.slug}`;
    expect(body).toContain('<title>Middle of three | Mobile Shop UK</title>');
    expect(body).toContain('<meta name="description" content="The middle post, between the first and the last." />');
    expect(body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(body).toContain('<meta property="og:type" content="article" />');
    expect(body).toContain(`<meta property="og:image" content="${PUBLIC_URL}${middle.cover.secure_url}" />`);
    expect(body).toMatch(/<meta property="article:published_time" content="\d{4}-/);
    const posting = jsonLd(body).find((d) => d['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({
      headline: 'Middle of three',
      description: 'The middle post, between the first and the last.',
      image: [`${PUBLIC_URL}${middle.cover.secure_url}`],
      author: { '@type': 'Person', name: 'Test Admin' },
      mainEntityOfPage: url,
      datePublished: ISO,
    });
    expect(
      jsonLd(body)
        .find((d) => d['@type'] === 'BreadcrumbList')!
        .itemListElement.map((c: { name: string }) => c.name),
    ).toEqual(['Home', 'Blog', 'Middle of three']);
    const read = (await get(`/api/blog/getbyslug/${middle.slug}`)).json();
    expect(read.previous).toEqual({ title: 'First of three', slug: first.slug });
    expect(read.next).toEqual({ title: 'Last of three', slug: last.slug });
  });

  it('links every shop page to the feed from its head', async () => {
    for (const url of ['/shop/home', '/shop/blog', '/shop/product', '/no/such/page']) {
      expect((await get(url)).body, url).toContain(
        `<link rel="alternate" type="application/rss+xml" title="Mobile Shop UK blog" href="${PUBLIC_URL}/shop/blog/rss.xml" />`,
      );
    }
  });

  it('answers 404 for unknown slugs and hostile addresses, never an error', async () => {
    for (const slug of ['no-such-post', 'Not%20A%20Slug', '%3Cscript%3E', 'x'.repeat(190), '..%2F..%2Fetc']) {
      expect((await get(`/shop/blog/${slug}`)).statusCode, slug).toBe(404);
      expect((await get(`/api/blog/getbyslug/${slug}`)).statusCode, slug).toBe(404);
    }
    expect((await get('/api/blog/getall?page=0')).json().message).toBe('page must be at least 1');
    expect((await get('/api/blog/getall?status=secret&all=1', admin)).statusCode).toBe(400);
  });
});

describe('Markdown, safely', () => {
  const PAYLOADS = [
    '<script>alert("script")</script>',
    '<img src=x onerror=alert("img")>',
    '<svg onload=alert("svg")></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<a href="javascript:alert(1)">raw link</a>',
    '[js link](javascript:alert("md"))',
    '[cased](JaVaScRiPt:alert(1))',
    '[entity](&#106;avascript:alert(1))',
    '[tabbed](java\tscript:alert(1))',
    '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[vb](vbscript:msgbox(1))',
    '[proto](//evil.example/x)',
    '![data image](data:image/png;base64,iVBORw0KGgo=)',
    '![remote image](https://evil.example/pixel.png)',
    '![js image](javascript:alert(1))',
    '[ref]: javascript:alert(1)\n\n[reference link][ref]',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '<a href="https://example.com" onclick="alert(1)">click</a>',
    '<div onmouseover="alert(1)">hover</div>',
    '``<script>alert(1)</script>``',
  ].join('\n\n');

  it('renders the usual XSS payloads as harmless text', async () => {
    const post = await created({ title: 'Payloads', body: PAYLOADS });
    for (const html of [post.html, (await get(`/api/blog/getbyslug/${post.slug}`)).json().fetchPost.html as string]) {
      // Every real tag (text shows its < as &lt;) is one of the allowed few, with no handler, style or bad URL.
      const tags = [...html.matchAll(/<\/?([a-z0-9]+)\b[^>]*>/gi)].map((m) => ({ tag: m[0], name: m[1]!.toLowerCase() }));
      expect(new Set(tags.map((t) => t.name))).toEqual(new Set(['p', 'a', 'code']));
      for (const { tag } of tags) {
        expect(tag).not.toMatch(/\son\w+\s*=/i);
        expect(tag).not.toMatch(/\sstyle\s*=/i);
        expect(tag).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
      }
      // Only the bare https addresses written in the text became links, each sent off with noopener.
      expect([...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0])).toEqual([
        '<a href="https://evil.example" target="_blank" rel="noopener noreferrer">',
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">',
      ]);
      expect(html).not.toContain('evil.example/pixel.png');
      // Shown as the text it is (the typographer curls its quotes).
      expect(html).toContain('&lt;script&gt;alert(“script”)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(“img”)&gt;');
      expect(html).toContain('<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>');
    }
    const feed = (await get('/shop/blog/rss.xml')).body;
    expect(feed).not.toMatch(/<script/i);
  });

  it('keeps links to the shop as they are, sends other sites off with noopener, and renders tables and code', async () => {
    const post = await created({
      title: 'Links and tables',
      body: [
        `See our [Apple repair prices](/shop/phonerepairdetail/${apple}) or [Apple's own page](https://www.apple.com/uk/).`,
        '',
        '| Phone | Battery |',
        '|:--|--:|',
        '| iPhone 11 | £49 |',
        '',
        '```',
        'Settings › Battery',
        '```',
      ].join('\n'),
    });
    expect(post.html).toContain(`<a href="/shop/phonerepairdetail/${apple}">Apple repair prices</a>`);
    expect(post.html).toContain(
      '<a href="https://www.apple.com/uk/" target="_blank" rel="noopener noreferrer">Apple’s own page</a>',
    );
    expect(post.html).toContain('<td class="align-right">£49</td>');
    expect(post.html).toContain('<pre tabindex="0"><code>Settings › Battery\n</code></pre>');
    const feed = (await get('/shop/blog/rss.xml')).body;
    expect(feed).toContain(
      `&lt;a href=&quot;${PUBLIC_URL}/shop/phonerepairdetail/${apple}&quot;&gt;Apple repair prices&lt;/a&gt;`,
    );
  });

  it("shows the shop's own uploaded images at every width, and refuses images it does not hold", async () => {
    const photo = await makeImage('png', 1200, 800, '#f59e0b');
    const upload = await t.request({
      method: 'POST',
      url: '/api/blog/image',
      cookie: admin,
      ...multipart({}, [{ content: photo }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const image = upload.json().data as { secure_url: string; srcset: string };
    expect(upload.json()).toEqual({
      success: true,
      message: 'Image uploaded',
      data: {
        secure_url: expect.stringMatching(/^\/media\/[a-f0-9]{64}\.webp$/),
        width: 1200,
        height: 800,
        srcset: expect.any(String),
      },
    });
    const post = await created({
      title: 'With a picture',
      body: `Before.\n\n![A cracked screen](${image.secure_url})\n\nAfter.`,
    });
    expect(post.html).toContain(
      `<img src="${image.secure_url}" alt="A cracked screen" width="1200" height="800" srcset="${image.srcset}" sizes="(min-width: 800px) 720px, calc(100vw - 2rem)" loading="lazy" decoding="async" />`,
    );
    const unknown = await create({ title: 'Unknown picture', body: `![x](/media/${'0'.repeat(64)}.webp)` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      success: false,
      message: 'Images in the body must be uploaded to the shop',
      fieldErrors: { body: ['Images in the body must be uploaded to the shop'] },
    });
    const none = await t.request({ method: 'POST', url: '/api/blog/image', cookie: admin, ...multipart({}, []) });
    expect(none.json().message).toBe('Choose an image to upload');

    // A day later, the next upload clears uploads no post took; the post's picture stays.
    const unused = await t.request({
      method: 'POST',
      url: '/api/blog/image',
      cookie: admin,
      ...multipart({}, [{ content: await makeImage('png', 500, 500, '#7c3aed') }]),
    });
    const unusedUrl = unused.json().data.secure_url as string;
    await t.db.db
      .updateTable('blog_uploads')
      .set({ created_at: ago(2 * DAY) })
      .execute();
    await t.request({
      method: 'POST',
      url: '/api/blog/image',
      cookie: admin,
      ...multipart({}, [{ content: await makeImage('png', 300, 300) }]),
    });
    expect(await count('blog_uploads')).toBe(1);
    expect((await get(unusedUrl)).statusCode).toBe(404);
    expect((await get(image.secure_url)).statusCode).toBe(200);
    expect((await get(`/api/blog/getbyslug/${post.slug}`)).json().fetchPost.html).toContain(`srcset="${image.srcset}"`);
  });
});

describe('the shop list, the feed and the sitemap', () => {
  it('lists published posts newest first without their bodies, one page at a time, and finds them by title', async () => {
    const all = (await get('/api/blog/getall')).json();
    const dates = all.fetchBlog.map((p: { publishedAt: string }) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.fetchBlog[0]).not.toHaveProperty('body');
    expect(all.fetchBlog[0]).not.toHaveProperty('html');
    expect(all.fetchBlog.every((p: { status: string }) => p.status === 'published')).toBe(true);
    const page = (await get('/api/blog/getall?page=2&limit=2')).json();
    expect(page).toMatchObject({
      success: true,
      page: 2,
      limit: 2,
      total: all.fetchBlog.length,
      pages: Math.ceil(all.fetchBlog.length / 2),
    });
    expect(page.fetchBlog.map((p: { slug: string }) => p.slug)).toEqual(
      all.fetchBlog.slice(2, 4).map((p: { slug: string }) => p.slug),
    );
    expect(await slugs('?q=THREE')).toEqual(['last-of-three', 'middle-of-three', 'first-of-three']);
    const twice = await get('/api/blog/getall?q=a&q=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ success: false, message: 'Search text must be text' });
  });

  it('is an RSS 2.0 feed of the latest 20 published posts, whole, with absolute links', async () => {
    for (let i = 0; i < 18; i++) await created({ title: `Feed filler ${i}`, publishedAt: ago((100 + i) * DAY) });
    const res = await get('/shop/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = res.body;
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(feed).toContain('<title>Mobile Shop UK blog</title>');
    expect(feed).toContain(`<link>${PUBLIC_URL}/shop/blog</link>`);
    expect(feed).toContain(`<atom:link href="${PUBLIC_URL}/shop/blog/rss.xml" rel="self" type="application/rss+xml" />`);
    const items = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(20);
    const latest = (await get('/api/blog/getall?limit=20&page=1')).json().fetchBlog as { slug: string; title: string }[];
    expect(items.map((i) => /<link>[^<]*\/shop\/blog\/([^<]+)<\/link>/.exec(i)?.[1])).toEqual(latest.map((p) => p.slug));
    expect(items[0]).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/);
    expect(items[0]).toContain('<dc:creator>Test Admin</dc:creator>');
    // A post with no author (the demo's, or its author's account deleted) is the shop's, as its page says.
    await t.db.db.updateTable('blog_posts').set({ author_id: null }).where('slug', '=', latest[0]!.slug).execute();
    t.app.readCache.clear();
    expect((await get('/shop/blog/rss.xml')).body).toContain('<dc:creator>Mobile Shop UK</dc:creator>');
    expect(items[0]).toMatch(/<content:encoded>&lt;p&gt;&lt;img src=&quot;https:\/\/www\.highstreetphones\.co\.uk\/media\//);
    expect(feed).not.toContain('Feed filler 17');
  });

  it('puts the blog and every published post in the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/shop/blog</loc>`);
    for (const slug of await slugs()) expect(sitemap).toContain(`<loc>${PUBLIC_URL}/shop/blog/${slug}</loc>`);
  });

  it('gives a blog page past the last a 404, and a later page its own canonical', async () => {
    expect((await get('/shop/blog?page=2')).body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop/blog?page=2" />`);
    expect((await get('/shop/blog?page=2')).body).toContain('<title>Blog, page 2 | Mobile Shop UK</title>');
    expect((await get('/shop/blog?page=999')).statusCode).toBe(404);
    // Past any page a list is asked for: a 404, never an offset the database cannot hold (a 500).
    for (const n of ['1000001', '1e20', '9223372036854775807']) expect((await get(`/shop/blog?page=${n}`)).statusCode).toBe(404);
    expect((await get('/shop/blog?page=abc')).statusCode).toBe(200);
  });
});

describe('deleting', () => {
  it('deletes the post, its former slugs and its pictures', async () => {
    const photo = await makeImage('webp', 640, 480, '#be123c');
    const image = (
      await t.request({ method: 'POST', url: '/api/blog/image', cookie: admin, ...multipart({}, [{ content: photo }]) })
    ).json().data.secure_url as string;
    const post = await created({ title: 'Short-lived', slug: 'short-lived', body: `![Picture](${image})` });
    await update(post._id, { title: 'Short-lived', slug: 'short-lived-post', body: `![Picture](${image})` });
    const coverUrl = post.cover.secure_url;
    const del = await t.request({ method: 'DELETE', url: `/api/blog/delete/${post._id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'Post deleted' });
    expect((await get('/shop/blog/short-lived')).statusCode).toBe(404);
    expect((await get(`/api/blog/getbyid/${post._id}`, admin)).statusCode).toBe(404);
    expect(await t.db.db.selectFrom('blog_slug_redirects').select('slug').where('post_id', '=', post._id).execute()).toEqual([]);
    // The picture waits with its upload for a day, then goes with the next upload's clear-out.
    expect((await get(image)).statusCode).toBe(200);
    await t.db.db
      .updateTable('blog_uploads')
      .set({ created_at: ago(2 * DAY) })
      .execute();
    await t.request({
      method: 'POST',
      url: '/api/blog/image',
      cookie: admin,
      ...multipart({}, [{ content: await makeImage('png', 320, 320) }]),
    });
    expect((await get(image)).statusCode).toBe(404);
    // Every post shares the test's one cover picture, so it stays for the others.
    expect((await get(coverUrl)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/blog/delete/${post._id}`, cookie: admin })).statusCode).toBe(404);
  });

  it("keeps a post when its author's account is deleted, with no author", async () => {
    const writer = await t.signIn('admin', 'leaving-writer@example.com');
    const writerId = (await get('/api/auth/check', writer)).json().user._id;
    const post = (await create({ title: 'Written by someone who left' }, [{ content: cover }], writer)).json().data;
    expect(post.author).toEqual({ _id: writerId, name: 'Test Admin' });
    await t.request({ method: 'DELETE', url: `/api/auth/delete/${writerId}`, cookie: admin });
    expect((await get(`/api/blog/getbyslug/${post.slug}`)).json().fetchPost.author).toBeNull();
  });
});
