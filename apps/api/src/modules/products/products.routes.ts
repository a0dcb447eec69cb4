import { MAX_IMAGES, messages, productQuerySchema, productSchema, productUpdateSchema, undoSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { asksForEveryRecord, everyRecord, LIST_ROUTE } from '../../lib/every-record.ts';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import { readForm } from '../media/media.upload.ts';
import type { ProductsService } from './products.service.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';
import { csvRoutes } from '../csv.routes.ts';

const IMAGES = { maxFiles: MAX_IMAGES, tooManyFiles: messages.imagesMax };

/** The product list and product pages: anyone. */
export function productReadRoutes(products: ProductsService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: PUBLIC_READ,
        ...LIST_ROUTE,
        schema: doc.read(
          'products',
          'Products, newest first: fetchProducts (every record with no query; one page with any query, with total and pages unless count=no)',
          {
            query: productQuerySchema,
          },
        ),
      },
      async (request) => {
        const query = parse(productQuerySchema, request.query);
        if (asksForEveryRecord(query)) return everyRecord('fetchProducts', request, () => products.every());
        return { success: true, ...(await products.list(query)) };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/getbyid/:id',
      { config: PUBLIC_READ, schema: doc.read('products', 'One product: fetchProduct', { id: true }) },
      async (request) => ({
        success: true,
        fetchProduct: await products.get(request.params.id),
      }),
    );
  };
}

export function productAdminRoutes(products: ProductsService): FastifyPluginAsync {
  return async (app) => {
    app.get('/countproduct', { config: ADMIN, schema: doc.action('products', 'Number of products: productCount') }, async () => ({
      success: true,
      productCount: await products.count(),
    }));

    app.post(
      '/create',
      {
        config: ADMIN,
        schema: doc.form('products', 'Create a product (multipart; 2 to 5 images under file)', productSchema, {
          files: 'many',
        }),
      },
      async (request, reply) => {
        const form = await readForm(request, IMAGES);
        const product = await products.create(parse(productSchema, form.fields), form.files, actorOf(request));
        return reply.status(201).send({ success: true, message: 'Product created', data: product });
      },
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN,
        schema: doc.form(
          'products',
          'Update a product: keepImages (existing secure_urls) plus new files, 2 to 5 in all; imageOrder orders them (secure_urls and file:N), imageAlt gives their alt texts in that order; updatedAt, the product\'s as the form loaded it, refuses (409) a save over a change made since',
          productUpdateSchema,
          {
            files: 'many',
            id: true,
          },
        ),
      },
      async (request) => {
        const form = await readForm(request, IMAGES);
        const product = await products.update(request.params.id, parse(productUpdateSchema, form.fields), form.files, actorOf(request));
        return { success: true, message: 'Product updated', data: product };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('products', 'Delete a product and its images', { id: true }) },
      async (request) => {
        await products.remove(request.params.id, actorOf(request));
        return { success: true, message: 'Product deleted' };
      },
    );

    csvRoutes(app, {
      tag: 'products',
      fileName: 'products',
      query: productQuerySchema,
      exportSummary:
        'The product list as CSV (UTF-8 with a BOM), names rather than ids, filtered as the list is: q, model, type, category, availability, fix',
      importSummary:
        'Import products without pictures from a CSV file (multipart, field file), matched on Product Name + Model. ?dryRun=1 answers what it would do and writes nothing; an import with any error writes nothing.',
      exportCsv: (filters) => products.exportCsv(filters),
      importCsv: (...args) => products.importCsv(...args),
    });

    app.get(
      '/import/last',
      {
        config: ADMIN,
        schema: doc.read(
          'products',
          'The last product import while it can still be undone: lastChange (changeId, kind, label, at, and undoRefused: why an undo would be refused now, or null), or null',
        ),
      },
      async () => ({ success: true, lastChange: await products.lastImport() }),
    );

    app.post(
      '/import/undo',
      {
        config: ADMIN,
        schema: doc.json(
          'products',
          'Undo the last product import (its new products deleted, the products it updated given back what it changed), unless one of them was changed or deleted since. With change (the changeId the import answered), only while that import is still the last.',
          undoSchema,
        ),
      },
      async (request) => {
        const { change } = parse(undoSchema, request.body ?? {});
        const { message } = await products.undoImport(actorOf(request), change);
        return { success: true, message };
      },
    );
  };
}
