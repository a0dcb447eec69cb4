import { loginSchema, registerSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { clientOf, limitPerClient, type RateLimiter } from '../../lib/rate-limit.ts';
import { parse } from '../../lib/validate.ts';
import { clearSessionCookies, PUBLIC, setSessionCookies } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

/**
 * Sign-ups and sign-ins are limited per client address (AUTH_RATE_LIMIT per ten minutes): each costs an argon2 hash,
 * so a client cannot make the server spend more than that on them. The sign-in throttle of auth.service.ts also
 * limits guesses per account.
 */
export const AUTH_RATE_WINDOW_MS = 10 * 60 * 1000;
export const AUTH_RATE_MESSAGE = 'Too many requests. Please wait a few minutes and try again.';

/** Register, login, logout and check: the calls anyone may make. */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService; config: Config; limiter: RateLimiter }> = async (
  app,
  { auth, config, limiter },
) => {
  const costly = { config: PUBLIC, onRequest: limitPerClient(limiter, 'auth', { max: config.authRateLimit, windowMs: AUTH_RATE_WINDOW_MS }, AUTH_RATE_MESSAGE) };
  app.post('/register', costly, async (request, reply) => {
    await auth.register(parse(registerSchema, request.body));
    return reply.status(201).send({ success: true, message: 'Account created. Please sign in.' });
  });

  app.post('/login', costly, async (request, reply) => {
    const session = await auth.login(parse(loginSchema, request.body), request.sessionToken, clientOf(request.ip));
    setSessionCookies(reply, config, session.token, session.expires);
    return { success: true, message: 'Login successful', user: session.user };
  });

  app.post('/logout', { config: PUBLIC }, async (request, reply) => {
    await auth.logout(request.sessionToken);
    clearSessionCookies(reply);
    return { success: true, message: 'Logged out successfully' };
  });

  // Public: it answers 401 'Not signed in' itself, which is how the app learns that nobody is signed in.
  app.get('/check', { config: PUBLIC }, async (request) => {
    if (!request.user) throw new AppError(401, 'Not signed in', { code: 'UNAUTHENTICATED' });
    return { success: true, user: request.user };
  });
};
