import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/index.ts';

/** Liveness and readiness for load balancers and process managers. */
export const healthRoutes: FastifyPluginAsync<{ db: Db; isClosing: () => boolean }> = async (app, { db, isClosing }) => {
  app.get('/health', async () => ({ success: true, message: 'ok' }));

  app.get('/ready', async (_request, reply) => {
    if (isClosing()) return reply.status(503).send({ success: false, message: 'Shutting down' });
    try {
      await db.ping();
      return { success: true, message: 'ready' };
    } catch {
      return reply.status(503).send({ success: false, message: 'Service temporarily unavailable' });
    }
  });
};
