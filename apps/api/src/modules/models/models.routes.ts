import { modelQuerySchema, modelSchema, modelUpdateSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { ModelsService } from './models.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';

const ONE_LOGO = { maxFiles: 1, tooManyFiles: 'Send one logo only' };

/** GET /api/model/getall: anyone. */
export function modelReadRoutes(models: ModelsService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: PUBLIC_READ,
        schema: doc.read(
          'models',
          'Active models (brands), newest first: fetchModel; fix=no-repair-prices: the brands with no repair price',
          {
            query: modelQuerySchema,
          },
        ),
      },
      async (request) => ({ success: true, fetchModel: await models.listActive(parse(modelQuerySchema, request.query)) }),
    );
  };
}

/** Create, update and archive: admins only (each declares `config: ADMIN`). */
export function modelAdminRoutes(models: ModelsService): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/create',
      {
        config: ADMIN, schema: doc.form(
          'models',
          'Create a model (multipart: model, file = logo); an archived model of that name is restored',
          modelSchema,
          { files: 'one' },
        ),
      },
      async (request, reply) => {
        const form = await readForm(request, ONE_LOGO);
        const { model, restored } = await models.create(parse(modelSchema, form.fields), form.files[0], actorOf(request));
        return reply
          .status(restored ? 200 : 201)
          .send({ success: true, message: restored ? 'Model restored' : 'Model created', data: model });
      },
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN, schema: doc.form('models', 'Rename a model, replace its logo, or set status', modelUpdateSchema, {
          files: 'one',
          id: true,
        }),
      },
      async (request) => {
        const form = await readForm(request, ONE_LOGO);
        const model = await models.update(
          request.params.id,
          parse(modelUpdateSchema, form.fields),
          form.files[0],
          actorOf(request),
        );
        return { success: true, message: 'Model updated', data: model };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('models', 'Archive a model (status false)', { id: true }) },
      async (request) => {
        await models.archive(request.params.id, actorOf(request));
        return { success: true, message: 'Model archived' };
      },
    );
  };
}
