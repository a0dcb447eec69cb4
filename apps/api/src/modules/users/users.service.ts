import { PRODUCT_LIST_PAGE_SIZE, type PageInfo, type Role, type User } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId, now } from '../../lib/ids.ts';
import * as repo from './users.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';

export const userMessages = {
  notFound: 'User not found',
  emailTaken: 'An account with this email already exists',
  deleteSelf: 'You cannot delete your own account',
  lastAdminDelete: 'The last admin cannot be deleted',
  lastAdminDemote: 'The last admin cannot be demoted',
} as const;

/** An account as the history shows it: never its password hash or its sessions. */
const snapshot = (r: { name: string; email: string; role: Role }) => ({ name: r.name, email: r.email, role: r.role });

const toUser = (r: repo.UserRow): User => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface UserQuery {
  page?: number | undefined;
  limit?: number | undefined;
  q?: string | undefined;
}

export function createUsersService(db: Kysely<Database>, deps: { auth: AuthService }) {
  return {
    /** Every account, newest first; with page, limit or q, one page of them. */
    async list(query: UserQuery): Promise<{ fetchUser: User[] } & Partial<PageInfo>> {
      if (query.page === undefined && query.limit === undefined && query.q === undefined) {
        return { fetchUser: (await repo.findUsers(db, undefined)).map(toUser) };
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? PRODUCT_LIST_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        repo.findUsers(db, query.q, { limit, offset: (page - 1) * limit }),
        repo.countUsers(db, query.q),
      ]);
      return { fetchUser: rows.map(toUser), page, limit, total, pages: Math.ceil(total / limit) };
    },

    count(): Promise<number> {
      return repo.countUsers(db);
    },

    /** Changes name, email or role; the last admin keeps the admin role; a role change ends the account's sessions. */
    async update(
      id: string,
      input: { name?: string | undefined; email?: string | undefined; role?: Role | undefined },
      actor: Actor,
    ): Promise<User> {
      const taken = () => new AppError(409, userMessages.emailTaken, { fieldErrors: { email: [userMessages.emailTaken] } });
      const change = db.transaction().execute(async (trx) => {
        const user = isId(id) ? await repo.findUserById(trx, id) : undefined;
        if (!user) throw notFound(userMessages.notFound);
        if (input.email !== undefined && input.email !== user.email) {
          if (await repo.findUserIdByEmail(trx, input.email)) throw taken();
        }
        if (user.role === 'admin' && input.role === 'user' && (await repo.countAdminsForChange(trx)) <= 1) {
          throw new AppError(409, userMessages.lastAdminDemote);
        }
        await repo.updateUser(trx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.role !== undefined ? { role: input.role } : {}),
          updated_at: now(),
        });
        // A session signed in with one role never carries another: a promoted customer's cookie is not an admin's.
        const roleChanged = input.role !== undefined && input.role !== user.role;
        if (roleChanged) await deps.auth.endSessionsOf(id, trx);
        const updated = (await repo.findUserById(trx, id))!;
        await recordAudit(trx, actor, {
          action: roleChanged ? 'role-change' : 'update',
          entity: 'user',
          entityId: id,
          label: updated.name,
          before: snapshot(user),
          after: snapshot(updated),
        });
        return toUser(updated);
      });
      return change.catch(async (err: unknown) => {
        // Two admins giving two accounts the same email at once: the unique index decides, as for sign-ups.
        const other = input.email !== undefined && !(err instanceof AppError) && (await repo.findUserIdByEmail(db, input.email));
        throw other && other.id !== id ? taken() : err;
      });
    },

    /** Deletes an account and ends its sessions; never one's own account, never the last admin. */
    async remove(id: string, actor: NonNullable<Actor>): Promise<void> {
      if (id === actor._id) throw new AppError(400, userMessages.deleteSelf);
      await db.transaction().execute(async (trx) => {
        const user = isId(id) ? await repo.findUserById(trx, id) : undefined;
        if (!user) throw notFound(userMessages.notFound);
        if (user.role === 'admin' && (await repo.countAdminsForChange(trx)) <= 1) {
          throw new AppError(409, userMessages.lastAdminDelete);
        }
        await repo.deleteUser(trx, id);
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'user',
          entityId: id,
          label: user.name,
          before: snapshot(user),
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
