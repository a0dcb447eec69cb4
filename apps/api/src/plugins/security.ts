import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers helmet sets for these options, worked out once: they are the same on every answer, and building
 * helmet's middleware per request (as @fastify/helmet does) cost about a tenth of the server's CPU under load.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Security headers, and the refusal of state-changing requests sent from another site. */
export default fp(async function security(app: FastifyInstance, opts: { config: Config }) {
  const https = opts.config.secureCookies;
  const headers = helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowedOrigins = shopOrigins(opts.config.publicUrl);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(crossSite());
    const origin = request.headers.origin;
    // No Origin: not a browser's cross-site request (scripts, the command line).
    done(origin === undefined || allowedOrigins.has(origin) ? undefined : crossSite());
  });
});

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may change state: the shop's own (PUBLIC_URL, scheme and port included) and nothing
 * else. The Host header is never trusted for this: a page on an attacker's domain that resolves to the shop (DNS
 * rebinding) sends its own Origin with the shop's address as Host. A shop at a loopback address also answers its
 * other loopback spellings (localhost, 127.0.0.1, [::1]), which no other site can take.
 */
export function shopOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK.includes(url.hostname)) {
    for (const host of LOOPBACK) origins.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin);
  }
  return origins;
}

const crossSite = () => new AppError(403, 'Cross-site request refused', { code: 'CROSS_SITE' });
