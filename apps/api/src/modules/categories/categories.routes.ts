import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { parse } from '../../lib/validate.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { createCategoriesService } from './categories.service.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';

const NO_FILES = { maxFiles: 0, tooManyFiles: 'This form takes no files' };

interface CategoryRoutes<F extends string> {
  categories: ReturnType<typeof createCategoriesService<F>>;
  /** The create payload's schema, with the spec's messages. */
  schema: z.ZodType<Record<F, string>>;
  /** The OpenAPI tag and the plural noun its descriptions use, e.g. 'repair categories'. */
  tag: string;
}

/** GET /getall: anyone. */
export function categoryReadRoutes<F extends string>({ categories, tag }: CategoryRoutes<F>): FastifyPluginAsync {
  return async (app) => {
    app.get('/getall', { config: PUBLIC_READ, schema: doc.read(tag, `Active ${tag}, newest first: fetchCategory`) }, async () => ({
      success: true,
      fetchCategory: await categories.listActive(),
    }));
  };
}

/** POST /create and DELETE /delete/:id (archive): admins. */
export function categoryAdminRoutes<F extends string>({ categories, schema, tag }: CategoryRoutes<F>): FastifyPluginAsync {
  const { field, label } = categories.kind;
  return async (app) => {
    app.post('/create', { config: ADMIN, schema: doc.json(tag, `Create one of the ${tag}`, schema) }, async (request, reply) => {
      const input = parse(schema, (await readForm(request, NO_FILES)).fields);
      const { record, restored } = await categories.create(input[field], actorOf(request));
      return reply.status(restored ? 200 : 201).send({ success: true, message: `${label} ${restored ? 'restored' : 'created'}`, data: record });
    });

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action(tag, `Archive one of the ${tag} (status false)`, { id: true }) },
      async (request) => {
        await categories.archive(request.params.id, actorOf(request));
        return { success: true, message: `${label} archived` };
      },
    );
  };
}
