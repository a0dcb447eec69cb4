import { categorySchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { CategoriesService } from './categories.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';

const NO_FILES = { maxFiles: 0, tooManyFiles: 'This form takes no files' };

/** GET /api/category/getall: anyone. */
export function categoryReadRoutes(categories: CategoriesService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      { config: PUBLIC_READ, schema: doc.read('categories', 'Active accessory categories, newest first: fetchCategory') },
      async () => ({
        success: true,
        fetchCategory: await categories.listActive(),
      }),
    );
  };
}

export function categoryAdminRoutes(categories: CategoriesService): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/create',
      { schema: doc.json('categories', 'Create an accessory category', categorySchema, { admin: true }) },
      async (request, reply) => {
        const { category, restored } = await categories.create(parse(categorySchema, (await readForm(request, NO_FILES)).fields));
        return reply
          .status(restored ? 200 : 201)
          .send({ success: true, message: restored ? 'Category restored' : 'Category created', data: category });
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { schema: doc.action('categories', 'Archive an accessory category (status false)', { id: true, admin: true }) },
      async (request) => {
        await categories.archive(request.params.id);
        return { success: true, message: 'Category archived' };
      },
    );
  };
}
