import type { SessionUser } from '@shop/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export const SESSION_COOKIE = 'sid';

export function sessionCookieOptions(config: Pick<Config, 'secureCookies'>, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, expires };
}

/** Reads the session cookie on every request and sets `request.user`; renews the cookie as the session slides. */
export default fp(async function auth(app: FastifyInstance, opts: { config: Config; auth: AuthService }) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const found = await opts.auth.resolveSession(token);
    if (!found) return;
    request.user = found.user;
    request.sessionToken = token;
    if (found.renewedUntil) {
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(opts.config, found.renewedUntil));
    }
  });
});

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError(401, 'Please sign in', { code: 'UNAUTHENTICATED' });
  if (request.user.role !== 'admin') throw new AppError(403, 'Admin access only', { code: 'FORBIDDEN' });
}

/**
 * Registers routes that only an admin may call: the hook guards everything inside,
 * so no admin route can forget its check.
 */
export function adminOnly(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    await app.register(routes);
  };
}
