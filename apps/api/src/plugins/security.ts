import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers, and the refusal of state-changing requests sent from another site. */
export default fp(async function security(app: FastifyInstance, opts: { config: Config }) {
  const https = opts.config.secureCookies;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const allowedOrigins = new Set([new URL(opts.config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowedOrigins.has(origin)) return;
    if (!sameHost(origin, request.headers.host)) throw crossSite();
  });
});

/** Whether an Origin names the host the request was sent to (ports normalised, so :80 equals no port). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

const crossSite = () => new AppError(403, 'Cross-site request refused', { code: 'CROSS_SITE' });
