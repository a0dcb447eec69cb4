import { BLOG_FEED_PATH } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SeoService } from './seo.service.ts';

/** /sitemap.xml (with its files /sitemap-1.xml... in a large shop), /robots.txt and the blog's RSS feed, all following PUBLIC_URL. */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    const sendSitemap = (reply: FastifyReply, xml: string | undefined) =>
      xml === undefined
        ? reply.callNotFound()
        : reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    app.get('/sitemap.xml', async (_request, reply) => sendSitemap(reply, await seo.sitemap()));
    app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
      const { part } = request.params;
      return sendSitemap(reply, /^[1-9]\d{0,5}$/.test(part) ? await seo.sitemap(Number(part)) : undefined);
    });
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
