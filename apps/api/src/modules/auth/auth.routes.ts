import { loginSchema, registerSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { clearSessionCookies, PUBLIC, setSessionCookies } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

/** Register, login, logout and check: the calls anyone may make. */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService; config: Config }> = async (app, { auth, config }) => {
  app.post('/register', { config: PUBLIC }, async (request, reply) => {
    await auth.register(parse(registerSchema, request.body));
    return reply.status(201).send({ success: true, message: 'Account created. Please sign in.' });
  });

  app.post('/login', { config: PUBLIC }, async (request, reply) => {
    const session = await auth.login(parse(loginSchema, request.body), request.sessionToken);
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
