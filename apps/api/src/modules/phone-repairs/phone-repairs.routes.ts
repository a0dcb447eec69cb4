import { bulkPriceSchema, groupDataSchema, phoneRepairSchema, phoneRepairUpdateSchema, repairQuerySchema, undoSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { asksForEveryRecord, everyRecord, LIST_ROUTE } from '../../lib/every-record.ts';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import type { PhoneRepairsService } from './phone-repairs.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';
import { csvRoutes } from '../csv.routes.ts';

/** Repair prices: anyone may read them (getgroupdata is a POST that only reads). */
export function phoneRepairReadRoutes(repairs: PhoneRepairsService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: PUBLIC_READ,
        ...LIST_ROUTE,
        schema: doc.read(
          'phone repairs',
          'Repair prices, newest first: fetchPhoneRepair (every record with no query; one page with any query)',
          {
            query: repairQuerySchema,
          },
        ),
      },
      async (request) => {
        const query = parse(repairQuerySchema, request.query);
        if (asksForEveryRecord(query)) return everyRecord('fetchPhoneRepair', request, () => repairs.every());
        return { success: true, ...(await repairs.list(query)) };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/getbyid/:id',
      { config: PUBLIC_READ, schema: doc.read('phone repairs', 'One repair price: fetchPhoneRepair', { id: true }) },
      async (request) => ({ success: true, fetchPhoneRepair: await repairs.get(request.params.id) }),
    );

    app.post(
      '/getgroupdata',
      {
        config: PUBLIC_READ,
        schema: doc.json('phone repairs', "A model's repair prices: data.repairs (body id = model id)", groupDataSchema),
      },
      async (request) => {
        const repairsOfModel = await repairs.forModel(parse(groupDataSchema, request.body).id);
        return { success: true, message: 'Repair prices loaded', data: { repairs: repairsOfModel } };
      },
    );
  };
}

export function phoneRepairAdminRoutes(repairs: PhoneRepairsService): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/create',
      { config: ADMIN, schema: doc.json('phone repairs', 'Create a repair price', phoneRepairSchema) },
      async (request, reply) => {
        const repair = await repairs.create(parse(phoneRepairSchema, request.body), actorOf(request));
        return reply.status(201).send({ success: true, message: 'Repair created', data: repair });
      },
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN,
        schema: doc.json(
          'phone repairs',
          "Update a repair price; updatedAt, the price's as the form loaded it, refuses (409) a save over a change made since",
          phoneRepairUpdateSchema,
          { id: true },
        ),
      },
      async (request) => {
        const repair = await repairs.update(request.params.id, parse(phoneRepairUpdateSchema, request.body), actorOf(request));
        return { success: true, message: 'Repair updated', data: repair };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('phone repairs', 'Delete a repair price', { id: true }) },
      async (request) => {
        await repairs.remove(request.params.id, actorOf(request));
        return { success: true, message: 'Repair deleted' };
      },
    );

    app.post(
      '/bulkprice',
      {
        config: ADMIN,
        schema: doc.json(
          'phone repairs',
          'Change many repair prices at once: scope (model, repair, productname, any combination, none = all), change { type: percent | amount, value (signed) }, round (none, whole, 99). dryRun answers the changes and preview, and writes nothing; preview sent back with the change applies it only while it would change those prices from those prices (409 otherwise).',
          bulkPriceSchema,
        ),
      },
      async (request) => {
        const { changes, message, preview, changeId } = await repairs.bulkPrice(parse(bulkPriceSchema, request.body), actorOf(request));
        return { success: true, message, changes, ...(preview ? { preview } : {}), ...(changeId ? { changeId } : {}) };
      },
    );

    app.get(
      '/bulkprice/last',
      {
        config: ADMIN,
        schema: doc.read(
          'phone repairs',
          'The last bulk price change or repair import while it can still be undone: lastChange (changeId, kind, label, at, and undoRefused: why an undo would be refused now, or null), or null',
        ),
      },
      async () => ({ success: true, lastChange: await repairs.lastChange() }),
    );

    app.post(
      '/bulkprice/undo',
      {
        config: ADMIN,
        schema: doc.json(
          'phone repairs',
          'Undo the last bulk price change or repair import, unless one of its prices was edited since. With change (the changeId a bulk change or an import answered), only while that change is still the last.',
          undoSchema,
        ),
      },
      async (request) => {
        const { change } = parse(undoSchema, request.body ?? {});
        const { message } = await repairs.undoPrices(actorOf(request), change);
        return { success: true, message };
      },
    );

    csvRoutes(app, {
      tag: 'phone repairs',
      fileName: 'repair-prices',
      query: repairQuerySchema,
      exportSummary: 'The repair price list as CSV (UTF-8 with a BOM), filtered as the list is: q, model, repair, fix',
      importSummary:
        'Import repair prices from a CSV file (multipart, field file), matched on Model + Product Name + Repair. ?dryRun=1 answers what it would do and writes nothing; an import with any error writes nothing.',
      exportCsv: (filters) => repairs.exportCsv(filters),
      importCsv: (...args) => repairs.importCsv(...args),
    });
  };
}

/** The repair pages' data: /api/repairs/{brand} and /api/repairs/{brand}/{model}, by slug; anyone may read them. */
export function repairPageRoutes(repairs: PhoneRepairsService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { brand: string } }>(
      '/:brand',
      {
        config: PUBLIC_READ,
        schema: doc.read(
          'phone repairs',
          "A brand's repair page: the brand, its phone models and their prices (by the brand's slug)",
          {
            params: { brand: 'The brand’s slug' },
          },
        ),
      },
      async (request) => ({ success: true, ...(await repairs.brandPage(request.params.brand)) }),
    );

    app.get<{ Params: { brand: string; model: string } }>(
      '/:brand/:model',
      {
        config: PUBLIC_READ,
        schema: doc.read(
          'phone repairs',
          "A phone model's repair page: the brand, its phone models and this one's prices (by slugs)",
          {
            params: { brand: 'The brand’s slug', model: 'The phone model’s slug' },
          },
        ),
      },
      async (request) => ({ success: true, ...(await repairs.modelPage(request.params.brand, request.params.model)) }),
    );
  };
}
