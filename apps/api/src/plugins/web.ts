import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // A page's head is the same for every visitor: a rendered page is kept like a public read (plugins/etag.ts).
    const key = `PAGE ${request.url}`;
    const kept = app.readCache.get(key) ?? (await app.readCache.inFlight(key));
    if (kept) return reply.status(kept.status).headers(kept.headers).send(kept.body);
    if (request.method === 'GET') request.cacheSlot = { key, generation: app.readCache.generation, settle: app.readCache.begin(key) };
    const page = opts.render ? await opts.render(indexHtml, request.url) : { status: 200, html: indexHtml };
    return reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  });
});
