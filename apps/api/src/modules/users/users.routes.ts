import { listQuerySchema, userUpdateSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../../lib/validate.ts';
import { doc } from '../docs/docs.schemas.ts';
import type { UsersService } from './users.service.ts';
import { ADMIN, actorOf } from '../../plugins/auth.ts';

const userQuerySchema = listQuerySchema.pick({ page: true, limit: true, q: true });

/** User administration under /api/auth: admins only (each declares `config: ADMIN`). */
export function userAdminRoutes(users: UsersService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      { config: ADMIN, schema: doc.read('users', 'Accounts, newest first: fetchUser', { query: userQuerySchema }) },
      async (request) => ({
        success: true,
        ...(await users.list(parse(userQuerySchema, request.query))),
      }),
    );

    app.get('/countuser', { config: ADMIN, schema: doc.action('users', 'Number of accounts: userCount') }, async () => ({
      success: true,
      userCount: await users.count(),
    }));

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      { config: ADMIN, schema: doc.json('users', 'Change name, email or role', userUpdateSchema, { id: true }) },
      async (request) => {
        const user = await users.update(request.params.id, parse(userUpdateSchema, request.body), actorOf(request));
        return { success: true, message: 'User updated', data: user };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('users', 'Delete an account and end its sessions', { id: true }) },
      async (request) => {
        await users.remove(request.params.id, actorOf(request));
        return { success: true, message: 'User deleted' };
      },
    );
  };
}
