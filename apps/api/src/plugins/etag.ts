import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * ETags on successful API reads, and 304 for a matching If-None-Match, so a browser revalidating a
 * list it already has downloads nothing. Runs before compression, on the JSON text itself.
 */
export default fp(async function etag(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (!request.url.startsWith('/api/') || reply.getHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (!reply.getHeader('cache-control')) reply.header('cache-control', request.user ? 'private, no-cache' : 'no-cache');
    const given = request.headers['if-none-match'];
    if (given && given.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
