import type { AuditActor, SessionUser } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call an API route: anyone, a signed-in account, or an admin. Every /api route declares it, and this
     * one declaration both enforces it (the hook added below) and documents it (the OpenAPI document).
     */
    access?: Access;
  }
}

export type Access = 'public' | 'user' | 'admin';
/** Route config of a call anyone may make. */
export const PUBLIC = { access: 'public' } as const satisfies { access: Access };
/** Route config of a call only a signed-in account may make: 401 when signed out. */
export const SIGNED_IN = { access: 'user' } as const satisfies { access: Access };
/** Route config of an admin-only call: 401 when signed out, 403 for a customer. */
export const ADMIN = { access: 'admin' } as const satisfies { access: Access };

/** The API reference pages (@fastify/swagger-ui's own routes) are public documentation with no route config of ours. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const SESSION_COOKIE = 'sid';
/**
 * A readable companion of the session cookie that says only "signed in", so the web app asks
 * /api/auth/check only when there is a session to check. It grants nothing: the server trusts `sid` alone.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** Sets the session cookie (HttpOnly, SameSite=Lax, Secure under https) and its hint, both until `expires`. */
export function setSessionCookies(
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
  token: string,
  expires: Date,
): void {
  const options = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies, expires };
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

const ACCESS_DOCS: Record<Exclude<Access, 'public'>, string> = {
  user: 'Signed in: 401 when signed out.',
  admin: 'Admin only: 401 when signed out, 403 for a customer.',
};

/**
 * Reads the session cookie on every API request and sets `request.user`; renews the cookies as the session slides.
 * Enforces and documents each API route's declared `access`; a route that declares none is refused at start-up,
 * so no route can forget it. Register before the routes (and the API reference) so it sees each one.
 */
export default fp(async function auth(app: FastifyInstance, opts: { config: Config; auth: AuthService }) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    if (access === 'public') return;
    route.onRequest = [...[route.onRequest ?? []].flat(), access === 'admin' ? requireAdmin : requireUser];
    route.schema = { ...route.schema, security: [{ session: [] }], description: ACCESS_DOCS[access] };
  });
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return done();
    opts.auth
      .resolveSession(token)
      .then((found) => {
        if (!found) {
          // An ended or expired session: the browser forgets it, so the app stops asking.
          clearSessionCookies(reply);
        } else {
          request.user = found.user;
          request.sessionToken = token;
          if (found.renewedUntil) setSessionCookies(reply, opts.config, token, found.renewedUntil);
        }
        done();
      })
      .catch(done);
  });
});

/**
 * The signed-in account making a call, as the history of changes records it (docs/decisions/0032-audit-history.md):
 * routes hand it to the service that makes the change. Only for routes that require a session (ADMIN, SIGNED_IN).
 */
export function actorOf(request: FastifyRequest): AuditActor {
  if (!request.user) throw new AppError(401, 'Please sign in', { code: 'UNAUTHENTICATED' });
  const { _id, name, email } = request.user;
  return { _id, name, email };
}

async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, 'Please sign in', { code: 'UNAUTHENTICATED' });
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user!.role !== 'admin') throw new AppError(403, 'Admin access only', { code: 'FORBIDDEN' });
}
