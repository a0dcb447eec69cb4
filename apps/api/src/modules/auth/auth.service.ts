import { createHash, randomBytes } from 'node:crypto';
import {
  LOGIN_THROTTLE_MAX_FAILURES,
  LOGIN_THROTTLE_WINDOW_MS,
  SESSION_TTL_MS,
  messages,
  type Role,
  type SessionUser,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, now } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './auth.repository.ts';

/** A session is written again only when it has slid by more than this, so reads stay reads. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export interface NewSession {
  token: string;
  expires: Date;
  user: SessionUser;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const toSessionUser = (u: { id: string; name: string; email: string; role: Role }): SessionUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
});

export function createAuthService(db: Kysely<Database>) {
  async function startSession(user: SessionUser): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + SESSION_TTL_MS);
    await repo.insertSession(db, {
      token_hash: sha256(token),
      user_id: user._id,
      expires_at: expires.toISOString(),
      created_at: now(),
    });
    return { token, expires, user };
  }

  async function upsertAdmin(email: string, password: string, name: string): Promise<'created' | 'updated'> {
    const normalised = email.trim().toLowerCase();
    const hashed = await hashPassword(password);
    const existed = (await repo.findUserByEmail(db, normalised)) !== undefined;
    // One statement, so several processes starting together with ADMIN_EMAIL cannot collide.
    await repo.upsertAdmin(db, { id: newId(), name, email: normalised, password_hash: hashed, role: 'admin', created_at: now(), updated_at: now() });
    return existed ? 'updated' : 'created';
  }

  return {
    async register(input: { name: string; email: string; password: string }): Promise<void> {
      if (await repo.findUserByEmail(db, input.email)) {
        throw new AppError(409, 'An account with this email already exists', { fieldErrors: { email: ['An account with this email already exists'] } });
      }
      const at = now();
      try {
        await repo.insertUser(db, {
          id: newId(),
          name: input.name,
          email: input.email,
          password_hash: await hashPassword(input.password),
          role: 'user',
          created_at: at,
          updated_at: at,
        });
      } catch (err) {
        // Two sign-ups racing for one email: the unique index decides.
        if (await repo.findUserByEmail(db, input.email)) throw new AppError(409, 'An account with this email already exists');
        throw err;
      }
    },

    /** Checks the throttle, then the password; a success starts a new session and ends the one it replaces. */
    async login(input: { email: string; password: string }, previousToken: string | null): Promise<NewSession> {
      const since = new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS).toISOString();
      if ((await repo.countFailuresSince(db, input.email, since)) >= LOGIN_THROTTLE_MAX_FAILURES) {
        throw new AppError(429, messages.tooManyAttempts, { code: 'THROTTLED' });
      }
      const user = await repo.findUserByEmail(db, input.email);
      const ok = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) {
        await repo.insertFailure(db, input.email, now());
        throw new AppError(401, messages.invalidCredentials, { code: 'INVALID_CREDENTIALS' });
      }
      await repo.clearFailures(db, input.email);
      if (previousToken) await repo.deleteSession(db, sha256(previousToken));
      return startSession(toSessionUser(user));
    },

    async logout(token: string | null): Promise<void> {
      if (token) await repo.deleteSession(db, sha256(token));
    },

    /** The user behind a session token, or null when it is unknown or expired. */
    async resolveSession(token: string): Promise<{ user: SessionUser; renewedUntil?: Date } | null> {
      if (token.length > 100) return null;
      const hashed = sha256(token);
      const row = await repo.findSession(db, hashed);
      if (!row) return null;
      const expiresAt = Date.parse(row.expires_at);
      const nowMs = Date.now();
      if (expiresAt <= nowMs) {
        await repo.deleteSession(db, hashed);
        return null;
      }
      const user = toSessionUser(row);
      if (nowMs + SESSION_TTL_MS - expiresAt < RENEW_AFTER_MS) return { user };
      const renewedUntil = new Date(nowMs + SESSION_TTL_MS);
      await repo.extendSession(db, hashed, renewedUntil.toISOString());
      return { user, renewedUntil };
    },

    /** Creates the admin, or promotes the account with that email and sets its password. */
    upsertAdmin,

    /** On an empty database with no admin configured: an admin with a random password, shown once. */
    async createFirstAdminIfNoUsers(): Promise<{ email: string; password: string } | null> {
      const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      if (any) return null;
      const credentials = { email: 'admin@shop.local', password: randomBytes(12).toString('base64url') };
      await upsertAdmin(credentials.email, credentials.password, 'Admin');
      return credentials;
    },

    async purgeExpired(): Promise<void> {
      const at = now();
      await repo.deleteExpiredSessions(db, at);
      await db
        .deleteFrom('login_failures')
        .where('failed_at', '<', new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS).toISOString())
        .execute();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
