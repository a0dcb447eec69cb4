import type { FastifyPluginAsync } from 'fastify';
import { ADMIN } from '../../plugins/auth.ts';
import { doc } from '../docs/docs.schemas.ts';
import { findFixes, type FixSources } from './fixes.ts';

/** The dashboard's data beyond the spec's counts: admins only. */
export function dashboardAdminRoutes(sources: FixSources): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/fixes',
      {
        config: ADMIN,
        schema: doc.read(
          'dashboard',
          'Things to fix: fetchFixes, each problem the shop has with its count and the console list filtered to it',
        ),
      },
      async () => ({ success: true, fetchFixes: await findFixes(sources) }),
    );
  };
}
