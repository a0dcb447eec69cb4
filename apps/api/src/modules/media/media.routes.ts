import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { readMedia } from './media.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /media/<sha256>.webp: content-addressed, so cached forever. */
export function mediaRoutes(db: Kysely<Database>): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { file: string } }>(
      '/media/:file',
      { config: PUBLIC_READ, schema: { tags: ['media'], summary: 'An image, by content hash (/media/<key>.webp)' } },
      async (request, reply) => {
        const key = /^([a-f0-9]{64})\.webp$/.exec(request.params.file)?.[1];
        const media = key ? await readMedia(db, key) : undefined;
        if (!media) throw notFound('Image not found');
        const etag = `"${media.key}"`;
        reply.header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(media.contentType).send(media.bytes);
      },
    );
  };
}
