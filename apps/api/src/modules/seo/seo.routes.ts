import { BLOG_FEED_PATH } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { keptDocument } from '../../lib/kept-document.ts';
import type { SeoService } from './seo.service.ts';

/** How long the sitemap and the blog's feed are kept at most when nothing is written (lib/kept-document.ts). */
const DOCUMENT_MAX_AGE_MS = 60_000;

/**
 * /sitemap.xml (with its files /sitemap-1.xml... in a large shop), /robots.txt and the blog's RSS feed, all following
 * PUBLIC_URL. The sitemap and the feed are built from every product or from whole posts: each is built once and kept
 * until a write may have changed it, however often it is asked for.
 */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    const kept = <T>(build: () => Promise<T>) =>
      keptDocument(build, { generation: () => app.readCache.generation, maxAgeMs: DOCUMENT_MAX_AGE_MS });
    const sitemap = kept(() => seo.sitemap());
    const rss = kept(() => seo.rss());
    const sendSitemap = async (reply: FastifyReply, part: number | undefined) => {
      const xml = part === undefined ? undefined : (await sitemap())[part];
      return xml === undefined
        ? reply.callNotFound()
        : reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    };
    app.get('/sitemap.xml', async (_request, reply) => sendSitemap(reply, 0));
    app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
      const { part } = request.params;
      return sendSitemap(reply, /^[1-9]\d{0,5}$/.test(part) ? Number(part) : undefined);
    });
    // A static route, so the feed is never taken for a post (/shop/blog/:slug) by the page route.
    app.get(BLOG_FEED_PATH, { config: { publicCache: true } }, async (_request, reply) =>
      reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(await rss()),
    );
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robots()),
    );
  };
}
