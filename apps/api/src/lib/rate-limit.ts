import { isIPv6 } from 'node:net';
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
 * The client a limit or the sign-in throttle counts for an address (request.ip, which follows TRUST_PROXY): an IPv4
 * address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its /64 network, which one home or one server is
 * given whole: counted per address, its holder would have 2^64 fresh budgets.
 */
export function clientOf(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // The network is the first four groups; an IPv4 form at the end (64:ff9b::1.2.3.4) is never among them.
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * An onRequest hook that counts the request against `rule` per client (clientOf) under `name`, and refuses it with
 * 429, `message` and Retry-After once the limit is passed.
 */
export function limitPerClient(limiter: RateLimiter, name: string, rule: RateRule, message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const verdict = await limiter.hit(`${name} ${clientOf(request.ip)}`, rule);
    if (!verdict.allowed) throw new AppError(429, message, { code: 'RATE_LIMITED', retryAfter: verdict.retryAfter });
  };
}
