import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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

export interface ShopSecurity {
  /** The security headers of a page, an image, a file: every answer but JSON. */
  headers: Record<string, string>;
  /** Those of a JSON answer. */
  jsonHeaders: Record<string, string>;
  /** The security headers of an answer of this content type. */
  headersFor(contentType: unknown): Record<string, string>;
  /** Whether a request is a state-changing one sent from another site, which is refused. */
  refuses(method: string | undefined, headers: IncomingHttpHeaders): boolean;
}

/** The shop's security headers and cross-site refusal, for this configuration. */
export function shopSecurity(config: Pick<Config, 'secureCookies' | 'publicUrl'>): ShopSecurity {
  const https = config.secureCookies;
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
  const json = jsonHeaders(headers);
  const headersFor = (contentType: unknown) => (isJson(contentType) ? json : headers);
  const allowedOrigins = shopOrigins(config.publicUrl);
  const refuses = (method: string | undefined, request: IncomingHttpHeaders) => {
    if (!UNSAFE_METHODS.has(method ?? '')) return false;
    if (request['sec-fetch-site'] === 'cross-site') return true;
    // No Origin: not a browser's cross-site request (scripts, the command line).
    const origin = request.origin;
    return origin !== undefined && !allowedOrigins.has(origin);
  };
  return { headers, jsonHeaders: json, headersFor, refuses };
}

const isJson = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * A JSON answer's security headers: those that protect data a script reads (nosniff, the resource policy, framing,
 * the referrer policy, HSTS) and a CSP that lets nothing load, as OWASP's REST Security Cheat Sheet gives them. A
 * document's own headers (its opener policy and agent cluster, DNS prefetching, and those only Internet Explorer,
 * Flash or an XSS auditor read) do nothing for JSON, and cost every kept API read 2–5 µs of the server's
 * time, of about 80 (docs/decisions/0041-kept-answers-before-the-framework.md).
 */
function jsonHeaders(page: Record<string, string>): Record<string, string> {
  const kept = [
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none';frame-ancestors 'none'" };
  for (const name of kept) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

/** Security headers, and the refusal of state-changing requests sent from another site. */
export default fp(async function security(app: FastifyInstance, { security }: { security: ShopSecurity }) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security.headers);
    done();
  });
  // Set before a route or hook sends anything, then trimmed to a JSON answer's once the answer's type is known.
  const documentOnly = Object.keys(security.headers).filter((name) => !(name in security.jsonHeaders));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isJson(reply.getHeader('content-type'))) {
      for (const name of documentOnly) reply.removeHeader(name);
      reply.headers(security.jsonHeaders);
    }
    done(null, payload);
  });
  app.addHook('onRequest', (request, _reply, done) =>
    done(security.refuses(request.method, request.headers) ? crossSite() : undefined),
  );
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
