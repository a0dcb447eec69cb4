import { repairCategorySchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { RepairCategoriesService } from './repair-categories.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';

const NO_FILES = { maxFiles: 0, tooManyFiles: 'This form takes no files' };

/** GET /api/repaircategory/getall: anyone. */
export function repairCategoryReadRoutes(repairCategories: RepairCategoriesService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      { config: PUBLIC_READ, schema: doc.read('repair categories', 'Active repair categories, newest first: fetchCategory') },
      async () => ({
        success: true,
        fetchCategory: await repairCategories.listActive(),
      }),
    );
  };
}

export function repairCategoryAdminRoutes(repairCategories: RepairCategoriesService): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/create',
      { schema: doc.json('repair categories', 'Create a repair category', repairCategorySchema, { admin: true }) },
      async (request, reply) => {
        const { repaircategory, restored } = await repairCategories.create(
          parse(repairCategorySchema, (await readForm(request, NO_FILES)).fields),
        );
        return reply
          .status(restored ? 200 : 201)
          .send({
            success: true,
            message: restored ? 'Repair category restored' : 'Repair category created',
            data: repaircategory,
          });
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { schema: doc.action('repair categories', 'Archive a repair category (status false)', { id: true, admin: true }) },
      async (request) => {
        await repairCategories.archive(request.params.id);
        return { success: true, message: 'Repair category archived' };
      },
    );
  };
}
