import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC } from '../../plugins/auth.ts';

/**
 * OpenAPI 3.1 at /api/openapi.json and a reference at /api/docs (served from local files, so the
 * shop's CSP holds). Registered before the routes so it sees them all. Schemas on routes document
 * only: validation is zod's, in each route, and responses are serialised as they are.
 */
export default fp(async function docs(app: FastifyInstance) {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mobile Shop UK API',
        version: '1.0.0',
        description:
          'Every answer is `{ success, message?, ...data }`; failures are `{ success: false, message, fieldErrors? }`. ' +
          'Lists called with no query return every record; with page, limit, sort, q or a filter they also return page, limit, total and pages. ' +
          'Prices are pounds. Images are `{ secure_url, width, height, srcset }`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  app.get('/api/openapi.json', { config: PUBLIC, schema: { hide: true } }, async () => app.swagger());
});
