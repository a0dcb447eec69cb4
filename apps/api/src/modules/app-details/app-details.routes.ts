import { appDetailSchema, appDetailUpdateSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { AppDetailsService } from './app-details.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';

const ONE_LOGO = { maxFiles: 1, tooManyFiles: 'Send one logo only' };

/** GET /api/appdetail/getall: anyone (the shop's name, contacts and logo). */
export function appDetailReadRoutes(details: AppDetailsService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      { config: PUBLIC_READ, schema: doc.read('shop settings', 'Shop settings, oldest (the one shown) first: fetchAppDetail') },
      async () => ({
        success: true,
        fetchAppDetail: await details.list(),
      }),
    );
  };
}

export function appDetailAdminRoutes(details: AppDetailsService): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/create',
      {
        config: ADMIN,
        schema: doc.form('shop settings', 'Create shop settings (multipart; file = logo, required)', appDetailSchema, {
          files: 'one',
        }),
      },
      async (request, reply) => {
        const form = await readForm(request, ONE_LOGO);
        const detail = await details.create(parse(appDetailSchema, form.fields), form.files[0], actorOf(request));
        return reply.status(201).send({ success: true, message: 'Shop settings created', data: detail });
      },
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN,
        schema: doc.form(
          'shop settings',
          "Update shop settings (same fields; logo optional); updatedAt, the settings' as the form loaded them, refuses (409) a save over a change made since",
          appDetailUpdateSchema,
          {
            files: 'one',
            id: true,
          },
        ),
      },
      async (request) => {
        const form = await readForm(request, ONE_LOGO);
        const detail = await details.update(
          request.params.id,
          parse(appDetailUpdateSchema, form.fields),
          form.files[0],
          actorOf(request),
        );
        return { success: true, message: 'Shop settings updated', data: detail };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('shop settings', 'Delete shop settings and their logo', { id: true }) },
      async (request) => {
        await details.remove(request.params.id, actorOf(request));
        return { success: true, message: 'Shop settings deleted' };
      },
    );
  };
}
