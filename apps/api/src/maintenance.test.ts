import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { runMaintenance } from './maintenance.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe('housekeeping', () => {
  it('deletes expired sessions, stale sign-in attempts and ended rate-limit windows, and keeps the rest', async () => {
    const live = await t.signIn('user', 'live@example.com');
    await t.signIn('user', 'gone@example.com');
    const gone = await t.db.db.selectFrom('users').select('id').where('email', '=', 'gone@example.com').executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', gone.id)
      .execute();
    const hourAgo = Date.now() - 60 * 60 * 1000;
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000 - 1000;
    await t.db.db
      .insertInto('login_attempts')
      .values([
        { key: 'client 203.0.113.1', attempts: 3, last_at: hourAgo, blocked_until: 0 },
        { key: 'client 203.0.113.2', attempts: 3, last_at: Date.now(), blocked_until: 0 },
        // An email's count from an address is kept for a quiet day.
        { key: 'email a@example.com 203.0.113.1', attempts: 3, last_at: hourAgo, blocked_until: 0 },
        { key: 'email b@example.com 203.0.113.1', attempts: 3, last_at: dayAgo, blocked_until: dayAgo },
      ])
      .execute();
    const limiter = createRateLimiter(t.db.db);
    await limiter.hit('test old', { max: 1, windowMs: 1000 });
    await t.db.db.updateTable('rate_limits').set({ expires_at: hourAgo }).execute();
    await limiter.hit('test new', { max: 1, windowMs: 60_000 });

    await runMaintenance(t.db, t.config);

    const sessions = await t.db.db.selectFrom('sessions').select('user_id').execute();
    expect(sessions.map((s) => s.user_id)).not.toContain(gone.id);
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: live })).statusCode).toBe(200);
    const attempts = (await t.db.db.selectFrom('login_attempts').select('key').execute()).map((r) => r.key);
    expect(attempts).toEqual(expect.arrayContaining(['client 203.0.113.2', 'email a@example.com 203.0.113.1']));
    expect(attempts).not.toContain('client 203.0.113.1');
    expect(attempts).not.toContain('email b@example.com 203.0.113.1');
    expect((await t.db.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['test new']);
  });

  it('deletes enquiries older than ENQUIRY_RETENTION_DAYS, with their unsent mail, and keeps the newer ones', async () => {
    const short = await createTestContext({ ENQUIRY_RETENTION_DAYS: '30' });
    try {
      const day = 86_400_000;
      const enquiry = (id: string, ageDays: number) => {
        const at = new Date(Date.now() - ageDays * day).toISOString();
        return {
          id,
          kind: 'enquiry' as const,
          status: 'new' as const,
          name: 'Jane',
          phone: '07700 900123',
          email: '',
          message: 'Hello',
          product_id: null,
          repair_id: null,
          subject: '',
          preferred_date: null,
          preferred_time: null,
          note: '',
          created_at: at,
          updated_at: at,
        };
      };
      await short.db.db.insertInto('enquiries').values([enquiry('old', 31), enquiry('recent', 29), enquiry('today', 0)]).execute();
      const mail = (id: string, enquiryId: string) => ({
        id,
        enquiry_id: enquiryId,
        to_address: 'shop@example.com',
        reply_to: '',
        subject: 'Enquiry',
        body: 'Hello',
        attempts: 3,
        next_attempt_at: Date.now(),
        last_error: 'down',
        created_at: new Date().toISOString(),
      });
      await short.db.db.insertInto('mail_outbox').values([mail('m-old', 'old'), mail('m-recent', 'recent')]).execute();

      await runMaintenance(short.db, short.config);

      const left = await short.db.db.selectFrom('enquiries').select('id').orderBy('id').execute();
      expect(left.map((r) => r.id)).toEqual(['recent', 'today']);
      expect((await short.db.db.selectFrom('mail_outbox').select('id').execute()).map((r) => r.id)).toEqual(['m-recent']);
      expect(t.config.enquiryRetentionDays).toBe(365);
    } finally {
      await short.close();
    }
  });

  it('deletes history entries older than two years and keeps the younger ones', async () => {
    const entry = (id: string, yearsAgo: number) => ({
      id,
      at: new Date(Date.now() - yearsAgo * 365.25 * 24 * 60 * 60 * 1000).toISOString(),
      actor_id: 'someone',
      actor_name: 'Someone',
      actor_email: 'someone@example.com',
      action: 'update',
      entity: 'product',
      entity_id: 'p1',
      label: 'A product',
      before: '{}',
      after: '{}',
    });
    await t.db.db
      .insertInto('audit_log')
      .values([entry('three-years', 3), entry('two-years-and-a-week', 2.02), entry('a-year-and-a-half', 1.5), entry('today', 0)])
      .execute();

    await runMaintenance(t.db, t.config);

    const left = (
      await t.db.db.selectFrom('audit_log').select('id').where('actor_id', '=', 'someone').orderBy('at').execute()
    ).map((r) => r.id);
    expect(left).toEqual(['a-year-and-a-half', 'today']);
  });

  it('counts hits atomically per window', async () => {
    // Half-way through a minute, with nothing counted in the minute before.
    const limiter = createRateLimiter(t.db.db, () => 29_000_000 * 60_000 + 30_000);
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => limiter.hit('burst', { max: 5, windowMs: 60_000 })));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    // Five hits weigh a fifth less 12 s into the next minute, 42 s from now; a refusal that counted hits refused
    // beside it at the same moment (up to seven) says later, never sooner.
    for (const v of verdicts.filter((v) => !v.allowed)) {
      expect(v.retryAfter).toBeGreaterThanOrEqual(42);
      expect(v.retryAfter).toBeLessThanOrEqual(56);
    }
  });
});
