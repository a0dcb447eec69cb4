import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS, messages, type Role, type SessionUser } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, now } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './auth.repository.ts';

/** A session is written again only when it has slid by more than this, so reads stay reads. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** An account's newest sessions kept; signing in on another device ends the oldest beyond these. */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * The sign-in throttle (docs/decisions/0002): attempts for one email from one client address, and attempts from one
 * client address whatever the email. Each key has a few free attempts, then waits that double from one second.
 * Keyed on the client too, so guesses from elsewhere never lock the owner out of their own account. An account's
 * count starts afresh only after a quiet day, so a guesser who sits out each wait keeps the longest one: four
 * guesses an hour.
 */
export const THROTTLE = {
  account: { free: 5, windowMs: 24 * 60 * 60 * 1000, maxDelayMs: 15 * 60 * 1000 },
  client: { free: 20, windowMs: 15 * 60 * 1000, maxDelayMs: 15 * 60 * 1000 },
} satisfies Record<string, repo.ThrottleRule>;

/** The throttle's keys: an email from a client, and a client whatever the email. */
const ACCOUNT = 'email ';
const CLIENT = 'client ';
const accountKey = (email: string, client: string) => `${ACCOUNT}${email} ${client}`;
const clientKey = (client: string) => `${CLIENT}${client}`;

export type AdminOutcome = 'created' | 'promoted' | 'password set' | 'unchanged';

/** ADMIN_EMAIL or create-admin named a customer's account and promotion was not asked for. */
export class CustomerAccountError extends Error {
  constructor(email: string) {
    super(
      `${email} is a customer account. To make it an admin, run: npm run create-admin -- --email ${email} --password <password> --promote`,
    );
  }
}

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
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, { token_hash: sha256(token), user_id: user._id, expires_at: expires.toISOString(), created_at: now() });
      await repo.trimSessions(trx, user._id, MAX_SESSIONS_PER_USER);
      // An admin's sign-in is in the history of changes (never the session itself).
      if (user.role === 'admin') {
        await recordAudit(trx, user, { action: 'sign-in as admin', entity: 'user', entityId: user._id, label: user.name });
      }
    });
    return { token, expires, user };
  }

  /**
   * Makes sure an admin with this email and password exists: creates it, or sets a new password (ending the
   * account's sessions). An existing customer becomes an admin only with `promote`, and then loses every session it
   * had as a customer, in the same transaction.
   */
  async function upsertAdmin(email: string, password: string, name: string, options: { promote?: boolean } = {}): Promise<AdminOutcome> {
    const normalised = email.trim().toLowerCase();
    const existing = await repo.findUserByEmail(db, normalised);
    if (existing?.role === 'admin' && (await verifyPassword(existing.password_hash, password))) return 'unchanged';
    if (existing && existing.role !== 'admin' && !options.promote) throw new CustomerAccountError(normalised);
    const hashed = await hashPassword(password);
    const at = now();
    return db.transaction().execute(async (trx) => {
      // Several processes starting together with ADMIN_EMAIL: the unique email decides which one creates it.
      if (await repo.insertUserIfNew(trx, { id: newId(), name, email: normalised, password_hash: hashed, role: 'admin', created_at: at, updated_at: at })) {
        return 'created';
      }
      const user = (await repo.findUserByEmail(trx, normalised))!;
      if (user.role !== 'admin' && !options.promote) throw new CustomerAccountError(normalised);
      await repo.setRoleAndPassword(trx, user.id, 'admin', hashed, at);
      await repo.deleteSessionsOf(trx, user.id);
      return user.role === 'admin' ? 'password set' : 'promoted';
    });
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

    /**
     * Counts the attempt against the throttle first (refused with 429 and the wait, without checking the password,
     * when a key must still wait), then checks the password; a success starts a new session, ends the one it
     * replaces, and forgets the attempts for this email from this client.
     */
    async login(input: { email: string; password: string }, previousToken: string | null, client: string): Promise<NewSession> {
      const at = Date.now();
      for (const [key, rule] of [
        [clientKey(client), THROTTLE.client],
        [accountKey(input.email, client), THROTTLE.account],
      ] as const) {
        const wait = await repo.countAttempt(db, key, rule, at);
        if (wait > 0) throw new AppError(429, messages.tooManyAttempts, { code: 'THROTTLED', retryAfter: Math.ceil(wait / 1000) });
      }
      const user = await repo.findUserByEmail(db, input.email);
      const ok = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) throw new AppError(401, messages.invalidCredentials, { code: 'INVALID_CREDENTIALS' });
      await repo.clearAttempts(db, accountKey(input.email, client));
      await repo.uncountAttempt(db, clientKey(client));
      if (previousToken) await repo.deleteSession(db, sha256(previousToken));
      return startSession(toSessionUser(user));
    },

    /** Ends every session of an account, inside the caller's transaction when given one (a role change). */
    async endSessionsOf(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await repo.deleteSessionsOf(trx, userId);
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

    upsertAdmin,

    /** On an empty database with no admin configured: an admin with a random password, shown once. */
    async createFirstAdminIfNoUsers(): Promise<{ email: string; password: string } | null> {
      const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      if (any) return null;
      const credentials = { email: 'admin@shop.local', password: randomBytes(12).toString('base64url') };
      await upsertAdmin(credentials.email, credentials.password, 'Admin');
      return credentials;
    },

    /** Deletes expired sessions and sign-in attempts no longer waited on (at start-up and then on a timer). */
    async purgeExpired(): Promise<void> {
      await repo.deleteExpiredSessions(db, now());
      // Each kind of key once its own quiet time is over.
      await repo.deleteStaleAttempts(db, ACCOUNT, Date.now() - THROTTLE.account.windowMs);
      await repo.deleteStaleAttempts(db, CLIENT, Date.now() - THROTTLE.client.windowMs);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
