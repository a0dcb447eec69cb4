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
/**
 * A readable companion of the session cookie that says only "signed in", so the web app asks
 * /api/auth/check only when there is a session to check. It grants nothing: the server trusts `sid` alone.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** Sets the session cookie (HttpOnly, SameSite=Lax, Secure under https) and its hint, both until `expires`. */
export function setSessionCookies(reply: FastifyReply, config: Pick<Config, 'secureCookies'>, token: string, expires: Date): void {
  const options = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies, expires };
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

/** Reads the session cookie on every API request and sets `request.user`; renews the cookies as the session slides. */
export default fp(async function auth(app: FastifyInstance, opts: { config: Config; auth: AuthService }) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const found = await opts.auth.resolveSession(token);
    if (!found) {
      // An ended or expired session: the browser forgets it, so the app stops asking.
      clearSessionCookies(reply);
      return;
    }
    request.user = found.user;
    request.sessionToken = token;
    if (found.renewedUntil) setSessionCookies(reply, opts.config, token, found.renewedUntil);
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
