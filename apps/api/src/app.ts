import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { healthRoutes } from './modules/health.routes.ts';
import authPlugin from './plugins/auth.ts';
import errors from './plugins/errors.ts';
import security from './plugins/security.ts';
import web from './plugins/web.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

export interface ShopApp extends FastifyInstance {
  closing: boolean;
}

/** Never logged: passwords, cookies and tokens. */
export const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  'body.password',
];

export async function buildApp({ config, db, logger }: AppOptions): Promise<ShopApp> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { maxParamLength: 200 },
  }) as unknown as ShopApp;
  app.closing = false;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errors);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(security, { config });

  const auth = createAuthService(db.db);
  await app.register(authPlugin, { config, auth });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, isClosing: () => app.closing });
      await api.register(authRoutes, { prefix: '/auth', auth, config });
    },
    { prefix: '/api' },
  );

  await app.register(web, { webDist: config.webDist });
  return app;
}
