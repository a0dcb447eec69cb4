import type { FastifyPluginAsync } from 'fastify';
import type { SeoService } from './seo.service.ts';

/** /sitemap.xml and /robots.txt, both following PUBLIC_URL. */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    app.get('/sitemap.xml', async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await seo.sitemap()),
    );
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robots()),
    );
  };
}
