import { searchQuerySchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { doc } from '../docs/docs.schemas.ts';
import type { SearchService } from './search.service.ts';

/** GET /api/search: anyone; the same answer for every visitor, so it is kept like any public read. */
export function searchRoutes(search: SearchService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '',
      {
        config: PUBLIC_READ,
        schema: doc.read(
          'search',
          'Products, phone models’ repair pages and brands matching q, best first: results [{ kind, title, url, price?, repair?, image? }]',
          { query: searchQuerySchema },
        ),
      },
      async (request) => ({ success: true, results: await search.search(parse(searchQuerySchema, request.query)) }),
    );
  };
}
