import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** At most `max` hits per key in each fixed window of `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Request counters kept in the database, so a limit holds across every server process of the shop. Each hit is one
 * atomic upsert that returns the window's count, so parallel requests cannot all slip under the limit.
 */
export function createRateLimiter(db: Kysely<Database>, clock: () => number = Date.now) {
  return {
    async hit(key: string, rule: RateRule): Promise<RateVerdict> {
      const now = clock();
      const windowStart = now - (now % rule.windowMs);
      const expiresAt = windowStart + rule.windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return { allowed: Number(row.hits) <= rule.max, retryAfter: Math.max(1, Math.ceil((expiresAt - now) / 1000)) };
    },

    /** Deletes the counters of windows that have ended. */
    async purge(): Promise<void> {
      await db.deleteFrom('rate_limits').where('expires_at', '<=', clock()).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * An onRequest hook that counts the request against `rule` per client address (request.ip, which follows
 * TRUST_PROXY) under `name`, and refuses it with 429, `message` and Retry-After once the limit is passed.
 */
export function limitPerClient(limiter: RateLimiter, name: string, rule: RateRule, message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const verdict = await limiter.hit(`${name} ${request.ip}`, rule);
    if (!verdict.allowed) throw new AppError(429, message, { code: 'RATE_LIMITED', retryAfter: verdict.retryAfter });
  };
}
