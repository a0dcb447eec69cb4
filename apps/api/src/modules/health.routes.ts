import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/index.ts';
import { PUBLIC } from '../plugins/auth.ts';

/** Liveness and readiness for load balancers and process managers. */
export const healthRoutes: FastifyPluginAsync<{ db: Db; isClosing: () => boolean }> = async (app, { db, isClosing }) => {
  app.get('/health', { config: PUBLIC }, async () => ({ success: true, message: 'ok' }));

  app.get('/ready', { config: PUBLIC }, async (_request, reply) => {
    if (isClosing()) return reply.status(503).send({ success: false, message: 'Shutting down' });
    try {
      await db.ping();
      return { success: true, message: 'ready' };
    } catch {
      return reply.status(503).send({ success: false, message: 'Service temporarily unavailable' });
    }
  });
};
