import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchShopPage, SHOP_PAGE_QUERY, SHOP_PAGES, type EnquiryFormState, type ShopPage } from '@shop/shared';
import { compressedFor } from '../lib/compression.ts';
import { parseQuery, queryStart, withOnlyParams, withOtherParams } from '../lib/query.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The page at `url` as a GET of it answers, for this request's device, drawn with the contact form the browser
     * sent itself and the server refused, if any (modules/enquiries): null when there is no web build to render it,
     * or the page has moved.
     */
    shopPage(request: FastifyRequest, url: string, enquiry?: EnquiryFormState): Promise<{ status: number; html: string } | null>;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether `url` is an address of the web app's pages: any but the API's and the media's. */
export const isPageAddress = (url: string) => !(url.startsWith('/api/') || url === '/api' || url.startsWith('/media/'));

/**
 * Each shop page's source in the web app (the chunk apps/web/src/app/App.tsx loads for it), as named in Vite's
 * manifest, the data it reads beyond the shop frame's, by its matched parameters, and the chunk of the parts only it
 * has when sent as islands (apps/web/src/app/islands.ts), by the name the web build's chunk groups give it.
 */
const PAGE_SOURCES: Record<ShopPage, { source: string; data?: (params: Record<string, string>) => string[]; islands?: string }> =
  {
    home: { source: 'src/features/shop/pages/HomePage.tsx', islands: 'home-islands' },
    listing: { source: 'src/features/shop/pages/ProductListPage.tsx', islands: 'listing-islands' },
    // The product itself, as the page asks for it.
    product: {
      source: 'src/features/shop/pages/ProductPage.tsx',
      data: ({ id }) => [`/api/product/getbyid/${encodeURIComponent(id!)}`],
      islands: 'product-islands',
    },
    repairBrands: { source: 'src/features/shop/pages/PhoneRepairPage.tsx' },
    repairTable: { source: 'src/features/shop/pages/PhoneRepairDetailPage.tsx' },
    blog: { source: 'src/features/shop/pages/BlogPage.tsx' },
    // The post, as the page asks for it.
    blogPost: {
      source: 'src/features/shop/pages/BlogPostPage.tsx',
      data: ({ slug }) => [`/api/blog/getbyslug/${encodeURIComponent(slug!)}`],
    },
    contact: { source: 'src/features/shop/pages/ContactPage.tsx' },
    privacy: { source: 'src/features/shop/pages/PrivacyPage.tsx', data: () => ['/api/enquiry/retention'] },
    repairBrand: {
      source: 'src/features/shop/pages/RepairBrandPage.tsx',
      data: ({ brand }) => [`/api/repairs/${encodeURIComponent(brand!)}`],
    },
    repairModel: {
      source: 'src/features/shop/pages/RepairModelPage.tsx',
      data: ({ brand, model }) => [`/api/repairs/${encodeURIComponent(brand!)}/${encodeURIComponent(model!)}`],
    },
    // Its data depends on the query string, which is not preloaded; the page is rendered on the server with it.
    search: { source: 'src/features/shop/pages/SearchPage.tsx' },
  };
/** The browser's entry of a shop page sent as islands, as named in Vite's manifest. */
const ISLANDS_SOURCE = 'src/islands.tsx';
/** What the shop frame reads on every page (menus, footer), fetched by the app with credentials included. */
const SHOP_FRAME_DATA = ['/api/appdetail/getall', '/api/model/getall', '/api/category/getall'];

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

/** What the browser loads to start a page: its entry, and the chunks it loads as it starts, to preload alongside. */
interface Start {
  entry: string;
  chunks: string[];
}

/**
 * What each shop page should load early. A page the browser draws itself: its own chunks (which the browser would
 * otherwise discover only after running the entry) and the data the shop frame and the page read, so they load
 * alongside the entry instead of after it. A page the server rendered: the islands' entry (apps/web/src/islands.tsx),
 * its chunks, and those of the page's own parts.
 */
function pageNeeds(
  webDist: string,
  indexHtml: string,
): { of: (pathname: string) => { chunks: string[]; data: string[] }; islands: (pathname: string) => Start | undefined } {
  const read = (name: string): Record<string, ManifestChunk> => {
    const file = path.join(webDist, '.vite', name);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  };
  /** Every chunk `key` of `manifest` imports statically, its own included, as file names. */
  const chunksOf = (manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const i of chunk.imports ?? []) chunksOf(manifest, i, seen);
    return seen;
  };
  const app = read('manifest.json');
  const chunksByPage = new Map(
    (Object.keys(PAGE_SOURCES) as ShopPage[]).map((page) => [
      page,
      [...chunksOf(app, PAGE_SOURCES[page].source)].filter((f) => !indexHtml.includes(`/${f}"`)).map((f) => `/${f}`),
    ]),
  );
  // The islands are a build of their own (apps/web/vite.config.ts), with its own manifest.
  const parts = read('islands-manifest.json');
  const islandsFile = parts[ISLANDS_SOURCE]?.file;
  // The islands' entry and its chunks, and the chunk of the page's own parts, which the entry loads at once.
  const islandsByPage = new Map(
    (Object.keys(PAGE_SOURCES) as ShopPage[]).map((page) => {
      const name = PAGE_SOURCES[page].islands;
      const own = name && Object.keys(parts).find((key) => parts[key]!.name === name);
      const files = own ? chunksOf(parts, own, chunksOf(parts, ISLANDS_SOURCE)) : chunksOf(parts, ISLANDS_SOURCE);
      return [page, [...files].filter((f) => f !== islandsFile).map((f) => `/${f}`)];
    }),
  );
  const islands = (pathname: string) => {
    const found = matchShopPage(pathname);
    return islandsFile && found ? { entry: `/${islandsFile}`, chunks: islandsByPage.get(found.page)! } : undefined;
  };
  const of = (pathname: string) => {
    const found = matchShopPage(pathname);
    if (!found) return { chunks: [], data: [] };
    // Only addresses made of URL-safe id characters are preloaded: nothing in them needs escaping.
    const own = (PAGE_SOURCES[found.page].data?.(found.params) ?? []).filter((url) => /^[\w/-]+$/.test(url));
    return { chunks: chunksByPage.get(found.page) ?? [], data: [...SHOP_FRAME_DATA, ...own] };
  };
  return { of, islands };
}

/** A page the browser draws itself: its chunks and data are preloaded in its head. */
function withPreloads(html: string, needs: { chunks: string[]; data: string[] }): string {
  const links = [
    ...needs.chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
    ...needs.data.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}" />`),
  ];
  return links.length ? html.replace(/<\/head>/i, () => `  ${links.join('\n    ')}\n  </head>`) : html;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A page the server rendered: its code is not the app's (index.html's entry, which draws a page in the browser) but
 * the islands' entry, which hydrates each interactive part alone (apps/web/src/islands.tsx), loaded by /boot.js at
 * the visitor's first touch (apps/web/public/boot.js) with the chunks it needs preloaded, so the first screen is not
 * held up by it.
 */
function withBootAfterPaint(html: string, start: Start, rendered: { html: string; state: string }): string {
  const boot = `<script src="/boot.js" defer data-entry="${start.entry}" data-chunks="${start.chunks.join(' ')}"></script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/head>/i, () => `  ${boot}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${rendered.state}`);
}

/** The server renderer the web build writes beside the app (apps/web/src/entry-server.tsx). */
interface ServerRenderer {
  render(
    url: string,
    options: {
      transport: (url: string, init: RequestInit) => Promise<Response>;
      mobile: boolean;
      list: boolean;
      enquiry?: EnquiryFormState | undefined;
    },
  ): Promise<{ html: string; state: string; until?: number } | { redirect: string } | null>;
  /** The script element carrying these hints alone, for a page the browser draws itself. */
  hintsOnly(hints: { enquiry: EnquiryFormState }): string;
}

async function loadRenderer(webDist: string): Promise<ServerRenderer | undefined> {
  const entry = path.join(webDist, '.server', 'entry-server.js');
  return fs.existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as ServerRenderer) : undefined;
}

/**
 * Pages compressed once per version rather than on every request (a rendered page is about 140 KB of HTML):
 * brotli or gzip by what the browser accepts, kept by the page's ETag, which the read cache has just set. A 404 page,
 * which is not kept and has no ETag, is compressed each time it is sent (it is the app's shell, about 8 KB).
 */
function pageCompression(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
) {
  const tag = reply.getHeader('etag');
  const vary = reply.getHeader('vary');
  const compressed =
    ((reply.statusCode === 200 && typeof tag === 'string') ||
      (reply.statusCode === 404 && String(reply.getHeader('content-type')).startsWith('text/html'))) &&
    (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
    compressedFor(
      request.headers['accept-encoding'],
      payload,
      typeof tag === 'string' ? tag : undefined,
      vary === undefined ? undefined : String(vary),
    );
  if (!compressed) return done(null, payload);
  reply.headers(compressed.headers);
  done(null, compressed.body);
}

/** The window's own say, once the shop's app has measured it (apps/web/src/features/shop/listing.ts, pageSizeHere). */
const NARROW = /(?:^|;\s*)narrow=([01])(?:;|$)/;
/** The listing's view this device chose (apps/web/src/features/shop/components/ListingResults.tsx). */
const LIST_VIEW = /(?:^|;\s*)view=list(?:;|$)/;

/** What a shop page is drawn for: the listing's page size and view differ between devices. */
interface Device {
  /**
   * A phone's page (5 products a page): a narrow window by the cookie the app sets, else a phone by its client hint,
   * or by "Mobi" in its user agent where the browser sends no hints.
   */
  mobile: boolean;
  /** The listing drawn as a list, the device's choice. */
  list: boolean;
}

function deviceOf(headers: IncomingHttpHeaders): Device {
  const cookie = headers.cookie ?? '';
  const narrow = NARROW.exec(cookie);
  const hint = headers['sec-ch-ua-mobile'];
  const mobile = narrow
    ? narrow[1] === '1'
    : typeof hint === 'string'
      ? hint === '?1'
      : /Mobi/i.test(String(headers['user-agent'] ?? ''));
  return { mobile, list: LIST_VIEW.test(cookie) };
}

/** The names of the query parameters an address sets. */
const paramNames = (url: string) => (queryStart(url) < 0 ? [] : Object.keys(parseQuery(url.slice(queryStart(url) + 1))));

/** The address the page at `url` is drawn from: its path, with the query parameters a shop page reads and no other. */
export function pageAddress(url: string): string {
  const at = queryStart(url);
  if (at < 0) return url;
  const page = matchShopPage(url.slice(0, at))?.page;
  return withOnlyParams(url, page ? SHOP_PAGE_QUERY[page] : []);
}

/** The read cache's key of the page at `url`: a page is the same for every visitor on the same kind of device. */
export const pageKey = (headers: IncomingHttpHeaders, url: string) => {
  const device = deviceOf(headers);
  return `PAGE ${device.mobile ? 'phone' : 'other'}${device.list ? ' list' : ''} ${pageAddress(url)}`;
};

/** The classes of the app's 404 page (components/NotFound.tsx), which the web build's stylesheet holds. */
const NOT_FOUND_FRAME = 'flex min-h-[70vh] flex-col items-center justify-center gap-6 px-4 text-center';
const HOME_BUTTON = 'rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700';

/**
 * What a browser without JavaScript shows of a page the app draws itself (a missing page or record, sign-in, the
 * console): the 404 page's words, or that the page needs JavaScript; and the way back to the shop, whose pages work
 * without it.
 */
function withoutScript(status: number): string {
  const heading = (text: string) => `<h1 class="text-2xl font-bold text-ink">${text}</h1>`;
  const words =
    status === 404
      ? `<p class="text-7xl font-extrabold text-brand-600">404</p>${heading('Oops! Page not found')}`
      : heading('This page needs JavaScript');
  const home = `<a href="/shop/home" class="${HOME_BUTTON}">Back to Home</a>`;
  return `<noscript><div class="${NOT_FOUND_FRAME}">${words}${home}</div></noscript>`;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for every path that is not /api or /media (history fallback), so the 404 page is the app's.
 * Shop pages arrive rendered, with their data, when the web build includes its server renderer.
 */
export interface WebOptions {
  webDist: string | undefined;
  /**
   * Fills index.html's head for a path and decides the status (404 for unknown pages and missing records), or names
   * the address a page has moved to (answered with a 301): a post's former slug, a renamed brand's or phone model's
   * old address.
   */
  render?: (indexHtml: string, url: string) => Promise<{ status: number; html: string } | { redirect: string }>;
}

export default fp(async function web(app: FastifyInstance, opts: WebOptions) {
  const indexFile = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  const needs = opts.webDist && indexHtml ? pageNeeds(opts.webDist, indexHtml) : undefined;
  const needsOf = needs?.of ?? (() => ({ chunks: [], data: [] }));
  const renderer = opts.webDist && indexHtml ? await loadRenderer(opts.webDist) : undefined;
  // The app's calls, answered in process by the routes a browser would reach, as a signed-out visitor.
  const transport = async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST') throw new Error(`The server renderer only reads (${method} ${url})`);
    const answer = await app.readInProcess(method, url, typeof init.body === 'string' ? init.body : undefined);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.headers['content-type'] ?? '' },
    });
  };

  if (opts.webDist && indexHtml) {
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: opts.webDist,
      index: false,
      wildcard: false,
      // The app's shell is no page of its own: its address goes to the home page, as '/' does.
      globIgnore: ['index.html'],
      etag: true,
      lastModified: false,
      // The web build writes .br and .gz next to each asset (apps/web/vite.config.ts): sent as they are, never
      // compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // A page the server fails to render is still sent, for the browser to draw as it would without server rendering.
  const serverRender = async (url: string, device: Device, enquiry?: EnquiryFormState) => {
    try {
      return (await renderer?.render(url, { transport, ...device, enquiry })) ?? null;
    } catch (err) {
      app.log.error({ err, url }, 'server rendering failed');
      return null;
    }
  };

  app.get('/', (_request, reply) => reply.redirect('/shop/home', 301));
  app.get('/index.html', (_request, reply) => reply.redirect('/shop/home', 301));
  // Asked for by browsers and crawlers that do not read the pages' icon link: the icon, not the 404 page.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.png', 301));
  app.get('/shop', (_request, reply) => reply.redirect('/shop/home', 301));
  // The repair pages' own folder, reached by trimming a brand's address: the repair brands.
  app.get('/repairs', (_request, reply) => reply.redirect(SHOP_PAGES.repairBrands, 301));
  app.get('/repairs/', (_request, reply) => reply.redirect(SHOP_PAGES.repairBrands, 301));

  const notFound = (reply: FastifyReply) => reply.status(404).send({ success: false, message: 'Not found' });
  // A page is only read: any other method (a form sent to a page's address) is one the address does not allow.
  const onlyRead = (request: FastifyRequest) =>
    indexHtml !== undefined && request.method !== 'GET' && request.method !== 'HEAD' && isPageAddress(request.url);
  app.setNotFoundHandler(async (request, reply) =>
    onlyRead(request)
      ? reply.status(405).header('allow', 'GET, HEAD').send({ success: false, message: 'Method not allowed' })
      : notFound(reply),
  );

  /**
   * The page at `asked` (drawn from its pageAddress): its head and status (opts.render), rendered on the server when
   * it is a shop page.
   */
  const pageAt = async (
    html: string,
    asked: string,
    device: Device,
    enquiry?: EnquiryFormState,
  ): Promise<
    { status: number; html: string; shop: boolean; until?: number } | { redirect: string; temporary?: boolean }
  > => {
    const url = pageAddress(asked);
    const page = opts.render ? await opts.render(html, url) : { status: 200, html };
    // A page that moved (a post's former slug, a renamed brand's listing) keeps the query it was asked with, a
    // campaign's too, but for the parameters its new address sets itself.
    if ('redirect' in page) return { redirect: withOtherParams(page.redirect, asked, paramNames(page.redirect)) };
    const pathname = new URL(url, 'http://shop.invalid').pathname;
    const shopPage = matchShopPage(pathname)?.page;
    const shop = shopPage !== undefined;
    const rendered = renderer && page.status === 200 && shop ? await serverRender(url, device, enquiry) : null;
    // The page is the last one's, for now (a listing page past the last): the browser goes there instead, with the
    // parameters the page does not read (a campaign's).
    if (rendered && 'redirect' in rendered)
      return { redirect: withOtherParams(rendered.redirect, asked, SHOP_PAGE_QUERY[shopPage!]), temporary: true };
    const start = rendered && needs?.islands(pathname);
    if (rendered && start) {
      return { status: page.status, html: withBootAfterPaint(page.html, start, rendered), shop, until: rendered.until };
    }
    const drawn = withPreloads(page.html, page.status === 200 ? needsOf(pathname) : { chunks: [], data: [] });
    // A refused contact form the server could not render: the browser draws the page with what the visitor typed.
    const hints = enquiry && renderer ? renderer.hintsOnly({ enquiry }) : '';
    const withFallback = drawn.replace('<div id="root"></div>', (root) => root + hints + withoutScript(page.status));
    return { status: page.status, html: withFallback, shop };
  };
  app.decorate('shopPage', async (request: FastifyRequest, url: string, enquiry?: EnquiryFormState) => {
    if (!indexHtml) return null;
    const page = await pageAt(indexHtml, url, deviceOf(request.headers), enquiry);
    return 'redirect' in page ? null : page;
  });
  if (!indexHtml) return;

  // Every other GET is a page of the app (history fallback): a route, not the not-found handler, so that
  // compression and the read cache apply to pages as to any answer.
  // A page is the same for every visitor on the same kind of device (the listing's page size differs), so a rendered
  // page is kept like a public read, by device (plugins/etag.ts); it is compressed here, once per version, instead of
  // by @fastify/compress on every request.
  const pageRoute = {
    compress: false as const,
    onSend: pageCompression,
    config: { publicCache: true, cacheKey: (request: FastifyRequest) => pageKey(request.headers, request.url) },
  };
  app.get('/*', pageRoute, async (request, reply) => {
    const url = request.url;
    if (!isPageAddress(url)) return notFound(reply);
    const page = await pageAt(indexHtml, url, deviceOf(request.headers));
    if ('redirect' in page) {
      if (page.temporary) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 302);
      // Checked with the server each time, not kept as browsers keep a bare 301: a slug changed back, or a former one
      // given to another post, would otherwise send a visitor round in circles or to the wrong page.
      return reply.header('cache-control', 'no-cache').redirect(page.redirect, 301);
    }
    // A shop page is the same for every visitor and holds nothing private: it opens without the separate browsing
    // context group the console and the account pages ask for (docs/decisions/0042-shop-pages-opener-policy.md).
    if (page.shop) reply.header('cross-origin-opener-policy', 'unsafe-none');
    // Kept no longer than what it shows by the clock holds: a visitor asking after the shop opens, closes or passes
    // midnight gets the page drawn anew.
    if (page.until !== undefined && request.cacheSlot) request.cacheSlot.until = page.until;
    return reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      // Accept-Encoding even when sent plain: a cache must not give that copy to a browser that takes brotli.
      .header('vary', 'Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
});
