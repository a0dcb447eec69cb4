import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { csvFileName, isDryRun, readCsvUpload } from '../lib/csv.ts';
import type { ImportResult } from '../lib/import.ts';
import { parse } from '../lib/validate.ts';
import { ADMIN, actorOf } from '../plugins/auth.ts';
import type { Actor } from './audit/audit.service.ts';
import { doc } from './docs/docs.schemas.ts';

/** An admin list that goes out and comes back as CSV (docs/decisions/0034-csv-export-and-import.md). */
export interface CsvList<Q extends { page?: unknown; limit?: unknown; sort?: unknown }> {
  /** The API reference's tag. */
  tag: string;
  /** The download's name before its date, e.g. 'repair-prices'. */
  fileName: string;
  /** The list's query: the export is filtered as the list is, without its page, size and order. */
  query: z.ZodType<Q>;
  exportSummary: string;
  importSummary: string;
  exportCsv(filters: Omit<Q, 'page' | 'limit' | 'sort'>): Promise<Readable>;
  importCsv(bytes: Buffer, filename: string, dryRun: boolean, actor: Actor): Promise<ImportResult>;
}

/** GET /export.csv (the list as a download) and POST /import (a CSV upload, ?dryRun=1 to check it) of an admin list. */
export function csvRoutes<Q extends { page?: unknown; limit?: unknown; sort?: unknown }>(app: FastifyInstance, list: CsvList<Q>) {
  app.get(
    '/export.csv',
    { config: ADMIN, schema: doc.read(list.tag, list.exportSummary, { query: list.query }) },
    async (request, reply) => {
      const { page: _p, limit: _l, sort: _s, ...filters } = parse(list.query, request.query);
      // A HEAD gets the download's headers and reads no row: Fastify would read the whole export for it, as fast as
      // the database goes, and throw it away.
      const stream = request.method === 'HEAD' ? Readable.from([]) : await list.exportCsv(filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(list.fileName)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/import',
    { config: ADMIN, schema: { ...doc.action(list.tag, list.importSummary), consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const { bytes, filename } = await readCsvUpload(request);
      const result = await list.importCsv(bytes, filename, isDryRun(request.query), actorOf(request));
      return reply.status(result.statusCode).send(result.body);
    },
  );
}
