import { BLOG_FEED_PATH } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { SeoService } from './seo.service.ts';

/** /sitemap.xml, /robots.txt and the blog's RSS feed, all following PUBLIC_URL. */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    app.get('/sitemap.xml', async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await seo.sitemap()),
    );
    // A static route, so the feed is never taken for a post (/shop/blog/:slug) by the page route.
    app.get(BLOG_FEED_PATH, { config: { publicCache: true } }, async (_request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await seo.rss()),
    );
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robots()),
    );
  };
}
