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
export default fp(async function web(app: FastifyInstance, opts: { webDist: string | undefined }) {
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
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
});
