import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The shop's pages and the source of the chunk each one loads (apps/web/src/app/App.tsx), as named in Vite's manifest. */
const SHOP_PAGES: [RegExp, string, ((pathname: string) => string[])?][] = [
  [/^\/shop(\/home)?\/?$/, 'src/features/shop/pages/HomePage.tsx'],
  [/^\/shop\/product\/?$/, 'src/features/shop/pages/ProductListPage.tsx'],
  [
    /^\/shop\/productpage\/[^/]+\/?$/,
    'src/features/shop/pages/ProductPage.tsx',
    // The product itself, as the page asks for it (GET /api/product/getbyid/:id).
    (pathname) => [`/api/product/getbyid/${pathname.split('/')[3]}`],
  ],
  [/^\/shop\/phonerepair\/?$/, 'src/features/shop/pages/PhoneRepairPage.tsx'],
  [/^\/shop\/phonerepairdetail\/[^/]+\/?$/, 'src/features/shop/pages/PhoneRepairDetailPage.tsx'],
  [/^\/shop\/blog\/?$/, 'src/features/shop/pages/BlogPage.tsx'],
];
/** What the shop frame reads on every page (menus, footer), fetched by the app with credentials included. */
const SHOP_FRAME_DATA = ['/api/appdetail/getall', '/api/model/getall', '/api/category/getall'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The preload links of each shop page: its own chunks (which the browser would otherwise discover only after
 * running the entry) and the data the shop frame reads, so they load alongside the entry instead of after it.
 */
function pagePreloads(webDist: string, indexHtml: string): (pathname: string) => string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const chunksOf = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const i of chunk.imports ?? []) chunksOf(i, seen);
    return seen;
  };
  const fetchLink = (url: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}" />`;
  const byPage = SHOP_PAGES.map(([pattern, source, pageData]) => {
    const chunks = [...chunksOf(source)].filter((f) => !indexHtml.includes(`/${f}"`));
    const fixed = [
      ...chunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ...SHOP_FRAME_DATA.map(fetchLink),
    ];
    return { pattern, fixed, pageData };
  });
  return (pathname) => {
    const page = byPage.find((p) => p.pattern.test(pathname));
    if (!page) return '';
    // Only addresses made of URL-safe id characters are preloaded: nothing in them needs escaping.
    const own = (page.pageData?.(pathname) ?? []).filter((url) => /^[\w/-]+$/.test(url)).map(fetchLink);
    return [...page.fixed, ...own].join('\n    ');
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for every path that is not /api or /media (history fallback), so the 404 page is the app's.
 */
export interface WebOptions {
  webDist: string | undefined;
  /** Fills index.html's head for a path and decides the status (404 for unknown pages and missing records). */
  render?: (indexHtml: string, url: string) => Promise<{ status: number; html: string }>;
}

export default fp(async function web(app: FastifyInstance, opts: WebOptions) {
  const indexFile = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  const preloads = opts.webDist && indexHtml ? pagePreloads(opts.webDist, indexHtml) : () => '';

  if (opts.webDist && indexHtml) {
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: opts.webDist,
      index: false,
      wildcard: false,
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

  app.get('/', (_request, reply) => reply.redirect('/shop/home', 301));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/media/') ||
      !indexHtml ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // A page's head is the same for every visitor: a rendered page is kept like a public read (plugins/etag.ts).
    const key = `PAGE ${request.url}`;
    const kept = app.readCache.get(key) ?? (await app.readCache.inFlight(key));
    if (kept) return reply.status(kept.status).headers(kept.headers).send(kept.body);
    if (request.method === 'GET')
      request.cacheSlot = { key, generation: app.readCache.generation, settle: app.readCache.begin(key) };
    const page = opts.render ? await opts.render(indexHtml, request.url) : { status: 200, html: indexHtml };
    const links = page.status === 200 ? preloads(new URL(request.url, 'http://shop.invalid').pathname) : '';
    const html = links ? page.html.replace(/<\/head>/i, () => `  ${links}\n  </head>`) : page.html;
    return reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
});
