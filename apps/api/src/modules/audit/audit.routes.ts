import { auditQuerySchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { ADMIN } from '../../plugins/auth.ts';
import { doc } from '../docs/docs.schemas.ts';
import type { AuditService } from './audit.service.ts';

/** The history of changes: admins only, read only (no call changes or deletes an entry). */
export function auditAdminRoutes(audit: AuditService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: ADMIN,
        schema: doc.read(
          'audit',
          'The history of changes, newest first: fetchAudit, one page at a time (page, limit), by user (account id), entity and days (from, to: YYYY-MM-DD, UK time, both included)',
          { query: auditQuerySchema },
        ),
      },
      async (request) => ({ success: true, ...(await audit.list(parse(auditQuerySchema, request.query))) }),
    );

    app.get(
      '/users',
      { config: ADMIN, schema: doc.read('audit', 'The accounts that appear in the history: users') },
      async () => ({
        success: true,
        users: await audit.users(),
      }),
    );
  };
}
