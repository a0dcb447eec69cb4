import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { clientOf, createRateLimiter } from './rate-limit.ts';

const HOUR = 60 * 60 * 1000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('createRateLimiter', () => {
  const at = (time: string) => Date.parse(`2025-06-02T${time}Z`);

  it('allows five an hour, not ten either side of the hour, and says when the next is allowed', async () => {
    let now = at('09:58:00');
    const limiter = createRateLimiter(t.db.db, () => now);
    const hit = () => limiter.hit('enquiry 203.0.113.7', { max: 5, windowMs: HOUR });
    for (let i = 0; i < 5; i++) expect((await hit()).allowed).toBe(true);
    expect(await hit()).toEqual({ allowed: false, retryAfter: 2 * 60 + 12 * 60 });
    // Past the hour, the five of two minutes ago still count.
    now = at('10:01:00');
    // One more is allowed once a fifth of the last hour's five has slipped out of it: 10:12.
    expect(await hit()).toEqual({ allowed: false, retryAfter: 11 * 60 });
    now = at('10:11:59');
    expect((await hit()).allowed).toBe(false);
    now = at('10:12:00');
    expect((await hit()).allowed).toBe(true);
    // Refused tries were not counted: by 11:00 the first five are out of the hour, and four more fit.
    now = at('11:00:00');
    for (let i = 0; i < 4; i++) expect((await hit()).allowed, `at 11:00, #${i + 1}`).toBe(true);
    // Five at the start of an hour count as spread across it: the next fits at 13:12, as Retry-After says.
    now = at('12:00:01');
    const another = () => limiter.hit('enquiry 203.0.113.9', { max: 5, windowMs: HOUR });
    for (let i = 0; i < 5; i++) expect((await another()).allowed).toBe(true);
    expect(await another()).toEqual({ allowed: false, retryAfter: 72 * 60 - 1 });
    now = at('13:11:59');
    expect((await another()).allowed).toBe(false);
    now = at('13:12:00');
    expect((await another()).allowed).toBe(true);
  });

  it('counts each key apart, and forgets a counter once no hit weighs it', async () => {
    let now = at('13:30:00');
    const limiter = createRateLimiter(t.db.db, () => now);
    const rule = { max: 1, windowMs: HOUR };
    expect((await limiter.hit('auth 198.51.100.1', rule)).allowed).toBe(true);
    expect((await limiter.hit('auth 198.51.100.2', rule)).allowed).toBe(true);
    expect((await limiter.hit('auth 198.51.100.1', rule)).allowed).toBe(false);
    const rows = () => t.db.db.selectFrom('rate_limits').select('key').where('key', 'like', 'auth %').execute();
    now = at('14:59:59');
    await limiter.purge();
    expect(await rows()).toHaveLength(2);
    now = at('15:00:00');
    await limiter.purge();
    expect(await rows()).toEqual([]);
  });
});

describe('clientOf', () => {
  it('counts an IPv4 address as itself, written either way', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 network as one client, however it is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::1',
      '2001:DB8:85A3:8D3::ABCD',
      '2001:db8:85a3:8d3::2%eth0',
    ])
      expect(clientOf(address), address).toBe(network);
    expect(clientOf('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(clientOf('1:2::4:5:6:1.2.3.4')).toBe('1:2:0:4::/64');
  });
});
