import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** About `max` hits per key in any `windowMs`, estimated from two fixed windows (below). */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until a hit would be allowed again (at least 1). */
  retryAfter: number;
}

/**
 * Request counters kept in the database, so a limit holds across every server process of the shop. The hits of the
 * last `windowMs` are estimated from the counts of the fixed window now under way and the one before, weighted by
 * how much of it is still within `windowMs` of now, as if its hits were spread across it: five an hour can no longer
 * be ten within two minutes either side of the hour. The estimate is not exact: five at the very end of an hour let
 * one more through every twelve minutes of the next, so at worst nearly twice `max` in an hour, spread out, never
 * at once. Each hit is one atomic upsert that returns the window's count, so parallel requests cannot all slip under
 * the limit; a refused hit is taken back, so a client that keeps trying still gets its share.
 */
export function createRateLimiter(db: Kysely<Database>, clock: () => number = Date.now) {
  return {
    async hit(key: string, rule: RateRule): Promise<RateVerdict> {
      const now = clock();
      const windowMs = rule.windowMs;
      const windowStart = now - (now % windowMs);
      const row = await db
        .insertInto('rate_limits')
        // Kept a window longer than it runs: the next window weighs it.
        .values({ key, window_start: windowStart, hits: 1, expires_at: windowStart + 2 * windowMs })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })))
        .returning('hits')
        .executeTakeFirstOrThrow();
      const before = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_start', '=', windowStart - windowMs)
        .executeTakeFirst();
      const current = Number(row.hits);
      const previous = Number(before?.hits ?? 0);
      // How much of the previous window still lies within windowMs of a moment `at` of the current one.
      const weight = (at: number) => 1 - (at - windowStart) / windowMs;
      if (current + previous * weight(now) <= rule.max) return { allowed: true, retryAfter: 1 };
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .execute();
      // When one more hit fits: later in this window as the previous one weighs less, or else in the next, as this
      // one's hits weigh less there.
      const kept = current - 1;
      const retryAt =
        kept < rule.max
          ? windowStart + windowMs * (1 - (rule.max - kept - 1) / previous)
          : windowStart + windowMs + windowMs * (1 - (rule.max - 1) / kept);
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
    },

    /** Deletes the counters no hit weighs any more: a window after theirs ended. */
    async purge(): Promise<void> {
      await db.deleteFrom('rate_limits').where('expires_at', '<=', clock()).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The client a limit or the sign-in throttle counts for an address (request.ip, which follows TRUST_PROXY): an IPv4
 * address as it is (an IPv4-mapped IPv6 one as the IPv4 address it maps, however written), an IPv6 address by its /64
 * network, which one home or one server is given whole: counted per address, its holder would have 2^64 fresh budgets.
 */
export function clientOf(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return ip;
  // A dotted IPv4 tail (::ffff:203.0.113.7) stands for the last two groups.
  const hex = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after].map((g) => parseInt(g, 16));
  if (all.slice(0, 5).every((g) => g === 0) && all[5] === 0xffff) {
    const [high = 0, low = 0] = all.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${all
    .slice(0, 4)
    .map((g) => g.toString(16))
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
