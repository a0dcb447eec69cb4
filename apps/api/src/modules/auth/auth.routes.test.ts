import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { shopOrigins } from '../../plugins/security.ts';
import { createTestContext, sessionCookie, type TestContext } from '../../../test/helpers.ts';
import { bootstrap } from '../../bootstrap.ts';
import { createAuthService, CustomerAccountError, MAX_SESSIONS_PER_USER, THROTTLE } from './auth.service.ts';

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const register = (payload: object) => t.request({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload, headers });

describe('register', () => {
  it('creates a user account and answers the envelope', async () => {
    const res = await register({ name: 'Sam', email: ' Sam@Example.com ', password: 'longenough' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Account created. Please sign in.' });
    const row = await t.db.db.selectFrom('users').selectAll().where('email', '=', 'sam@example.com').executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('gives every validation message of the spec', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Name is required',
      fieldErrors: { name: ['Name is required'], email: ['Email is required'], password: ['Password is required'] },
    });
    expect((await register({ name: 'A', email: 'nope', password: 'longenough' })).json().message).toBe('Invalid email');
    expect((await register({ name: 'A', email: 'a@b.com', password: 'short' })).json().message).toBe(
      'Password must be at least 8 characters',
    );
    expect((await register({ name: 'A', email: 'a@b.com', password: 'x'.repeat(129) })).json().message).toBe(
      'Password must be at most 128 characters',
    );
  });

  it('refuses a second account for the same email in any letter case', async () => {
    await register({ name: 'A', email: 'dup@example.com', password: 'longenough' });
    const res = await register({ name: 'B', email: 'DUP@example.com', password: 'longenough' });
    expect(res.statusCode).toBe(409);
    expect(res.json().success).toBe(false);
  });

  it('always creates a customer, whatever role is sent', async () => {
    await register({ name: 'A', email: 'sneaky@example.com', password: 'longenough', role: 'admin' });
    const row = await t.db.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'sneaky@example.com')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

describe('login, check and logout', () => {
  beforeEach(async () => {
    await register({ name: 'Sam', email: 'sam@example.com', password: 'longenough' });
  });

  it('signs in, sets a safe session cookie, and check names the user', async () => {
    const res = await login({ email: 'SAM@example.com', password: 'longenough' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { name: 'Sam', email: 'sam@example.com', role: 'user' },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The readable hint says only "signed in", with the same lifetime; it grants nothing.
    const hint = res.cookies.find((c) => c.name === 'signed_in')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.expires?.getTime()).toBe(cookie.expires?.getTime());
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: 'signed_in=1' })).statusCode).toBe(401);
    const stored = await t.db.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie.value);

    const check = await t.request({ method: 'GET', url: '/api/auth/check', cookie: sessionCookie(res) });
    expect(check.json()).toEqual({
      success: true,
      user: { _id: body.user._id, name: 'Sam', email: 'sam@example.com', role: 'user' },
    });
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const wrong = await login({ email: 'sam@example.com', password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'longenough' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('gives the sign-in validation messages', async () => {
    expect((await login({})).json()).toMatchObject({
      message: 'Email is required',
      fieldErrors: { password: ['Password is required'] },
    });
    expect((await login({ email: 'x', password: 'y' })).json().message).toBe('Invalid email');
  });

  it('check answers 401 when signed out', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/check' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Not signed in' });
  });

  it('rotates the token at sign-in and ends the session at logout', async () => {
    const first = sessionCookie(await login({ email: 'sam@example.com', password: 'longenough' }));
    const second = sessionCookie(await login({ email: 'sam@example.com', password: 'longenough' }, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: first })).statusCode).toBe(401);

    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie: second });
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const cleared = Object.fromEntries(out.cookies.map((c) => [c.name, c.value]));
    expect(cleared).toEqual({ sid: '', signed_in: '' });
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: second })).statusCode).toBe(401);
  });

  it('refuses an expired session and slides a live one', async () => {
    const cookie = sessionCookie(await login({ email: 'sam@example.com', password: 'longenough' }));
    const old = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    await t.db.db.updateTable('sessions').set({ expires_at: old }).execute();
    const slid = await t.request({ method: 'GET', url: '/api/auth/check', cookie });
    expect(slid.statusCode).toBe(200);
    const renewed = slid.cookies.find((c) => c.name === 'sid');
    expect(renewed?.expires && renewed.expires.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    await t.db.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await t.request({ method: 'GET', url: '/api/auth/check', cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.cookies.map((c) => [c.name, c.value])).toEqual([
      ['sid', ''],
      ['signed_in', ''],
    ]);
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const secure = await createTestContext({ PUBLIC_URL: 'https://shop.example.co.uk' });
    try {
      await secure.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'S', email: 's@example.com', password: 'longenough' },
      });
      const res = await secure.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 's@example.com', password: 'longenough' },
      });
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('admin accounts', () => {
  const checkAs = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/check', cookie });

  it('promotes a customer only when asked, and ends every session the customer had, in the same change', async () => {
    const auth = createAuthService(t.db.db);
    const customer = await t.signIn('user', 'owner@example.com');
    await expect(auth.upsertAdmin('owner@example.com', 'a-new-admin-password', 'Owner')).rejects.toThrow(CustomerAccountError);
    expect((await checkAs(customer)).json().user.role).toBe('user');
    expect(await auth.upsertAdmin('Owner@Example.com', 'a-new-admin-password', 'Owner', { promote: true })).toBe('promoted');
    expect((await checkAs(customer)).statusCode).toBe(401);
  });

  it("ends an admin's sessions when their password is set, and keeps them when it is unchanged", async () => {
    const auth = createAuthService(t.db.db);
    const admin = await t.signIn('admin', 'boss@example.com');
    expect(await auth.upsertAdmin('boss@example.com', 'correct-horse-battery', 'Boss')).toBe('unchanged');
    expect((await checkAs(admin)).statusCode).toBe(200);
    expect(await auth.upsertAdmin('boss@example.com', 'another-password', 'Boss')).toBe('password set');
    expect((await checkAs(admin)).statusCode).toBe(401);
  });

  it('starts without promoting a customer account ADMIN_EMAIL names, saying how to promote it', async () => {
    await t.signIn('user', 'shopper@example.com');
    const config = { ...t.config, admin: { email: 'shopper@example.com', password: 'an-admin-password' } };
    const said: string[] = [];
    const log = {
      ...t.app.log,
      info: () => undefined,
      error: (message: string) => said.push(message),
    } as unknown as typeof t.app.log;
    await bootstrap(config, t.db, log);
    expect(said).toEqual([
      'ADMIN_EMAIL not applied: shopper@example.com is a customer account. To make it an admin, run: npm run create-admin -- --email shopper@example.com --password <password> --promote',
    ]);
    const row = await t.db.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'shopper@example.com')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

describe('sessions per account', () => {
  it("keeps an account's newest sessions and ends the oldest beyond the cap", async () => {
    await register({ name: 'Sam', email: 'sam@example.com', password: 'longenough' });
    const cookies: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      cookies.push(sessionCookie(await login({ email: 'sam@example.com', password: 'longenough' })));
      // Distinct creation times, as sign-ins on several devices have.
      await t.db.db
        .updateTable('sessions')
        .set({ created_at: new Date(Date.now() - 60_000 * (100 - i)).toISOString() })
        .where('created_at', '>', new Date(Date.now() - 5000).toISOString())
        .execute();
    }
    expect(await t.db.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(MAX_SESSIONS_PER_USER);
    const statuses = await Promise.all(
      cookies.map(async (c) => (await t.request({ method: 'GET', url: '/api/auth/check', cookie: c })).statusCode),
    );
    expect(statuses).toEqual([401, 401, ...Array(MAX_SESSIONS_PER_USER).fill(200)]);
  });
});

describe('sign-in throttle', () => {
  const from = (remoteAddress: string) => (payload: object) =>
    t.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  const attempts = () => t.db.db.selectFrom('login_attempts').selectAll().orderBy('key').execute();
  /** Lets every key try again now, as if its wait had passed. */
  const waitOut = () => t.db.db.updateTable('login_attempts').set({ blocked_until: 0 }).execute();

  beforeEach(async () => {
    await register({ name: 'Owner', email: 'owner@example.com', password: 'longenough' });
  });

  it('makes guesses for one email from one address wait longer and longer, with Retry-After, whatever the password', async () => {
    const attacker = from('203.0.113.7');
    for (let i = 0; i < THROTTLE.account.free - 1; i++) {
      expect((await attacker({ email: 'owner@example.com', password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await attacker({ email: 'owner@example.com', password: 'still-wrong' })).statusCode).toBe(401);
      const refused = await attacker({ email: 'owner@example.com', password: 'longenough' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: 'Too many sign-in attempts. Please try again later.' });
      waits.push(Number(refused.headers['retry-after']));
      const row = (await attempts()).find((a) => a.key.startsWith('email '))!;
      expect(Number(row.blocked_until) - Number(row.last_at)).toBe(1000 * 2 ** i);
      await waitOut();
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // Once the wait is over, the right password works and the account's attempts from that address are forgotten.
    expect((await attacker({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(200);
    expect((await attempts()).map((a) => a.key)).toEqual(['client 203.0.113.7']);
  });

  it('never locks the owner out from another address', async () => {
    const attacker = from('203.0.113.7');
    for (let i = 0; i < 12; i++) await attacker({ email: 'owner@example.com', password: `wrong-${i}` });
    expect((await attacker({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(429);
    expect((await from('198.51.100.20')({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(200);
  });

  it('counts each attempt before checking the password, so parallel guesses cannot all be checked', async () => {
    const attacker = from('203.0.113.9');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker({ email: 'owner@example.com', password: `parallel-${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.account.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - THROTTLE.account.free);
  });

  it('counts the addresses of one IPv6 /64 network, which one home or server holds, as one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= THROTTLE.account.free; i++) {
      const guess = from(`2001:db8:7:1::${(i + 1).toString(16)}`);
      statuses.push((await guess({ email: 'owner@example.com', password: `wrong-${i}` })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(THROTTLE.account.free).fill(401), 429]);
    expect((await from('2001:db8:7:2::1')({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(200);
  });

  it('limits one address guessing across many emails', async () => {
    const sprayer = from('203.0.113.50');
    for (let i = 0; i < THROTTLE.client.free; i++) {
      expect((await sprayer({ email: `victim${i}@example.com`, password: 'Password1' })).statusCode).toBe(401);
    }
    expect((await sprayer({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(429);
    expect((await from('198.51.100.21')({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(200);
  });

  it('keeps the longest wait for a guesser who sits each one out, rather than starting afresh', async () => {
    const attacker = from('203.0.113.8');
    // Enough attempts to reach the longest wait (5 free, then 10 doublings), sitting out each wait.
    for (let i = 0; i < 16; i++) {
      await attacker({ email: 'owner@example.com', password: `wrong-${i}` });
      await waitOut();
    }
    // The longest wait, just sat out: the wait ended a moment ago, the attempt before it was 15 minutes ago.
    const justNow = Date.now() - 1;
    await t.db.db
      .updateTable('login_attempts')
      .set({ last_at: justNow - THROTTLE.account.maxDelayMs, blocked_until: justNow })
      .execute();
    expect((await attacker({ email: 'owner@example.com', password: 'one-more' })).statusCode).toBe(401);
    const refused = await attacker({ email: 'owner@example.com', password: 'longenough' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(THROTTLE.account.maxDelayMs / 1000);
    // Nor after a further quiet while: an account's count starts afresh after a quiet day, not fifteen minutes.
    const hourAgo = Date.now() - 60 * 60 * 1000;
    await t.db.db.updateTable('login_attempts').set({ last_at: hourAgo, blocked_until: hourAgo }).execute();
    expect((await attacker({ email: 'owner@example.com', password: 'and-another' })).statusCode).toBe(401);
    expect((await attacker({ email: 'owner@example.com', password: 'longenough' })).statusCode).toBe(429);
  });

  it('starts counting afresh after a quiet window, and purges what is no longer waited on', async () => {
    const attacker = from('203.0.113.7');
    for (let i = 0; i < THROTTLE.account.free; i++) await attacker({ email: 'owner@example.com', password: `wrong-${i}` });
    const longAgo = Date.now() - THROTTLE.account.windowMs - 1000;
    await t.db.db.updateTable('login_attempts').set({ last_at: longAgo, blocked_until: longAgo }).execute();
    expect((await attacker({ email: 'owner@example.com', password: 'wrong-again' })).statusCode).toBe(401);
    expect((await attempts()).find((a) => a.key.startsWith('email '))?.attempts).toBe(1);
    await t.db.db.updateTable('login_attempts').set({ last_at: longAgo, blocked_until: longAgo }).execute();
    await createAuthService(t.db.db).purgeExpired();
    expect(await attempts()).toEqual([]);
  });
});

describe('sign-ups and sign-ins per address', () => {
  it('answers 429 with Retry-After past AUTH_RATE_LIMIT in ten minutes, per address', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT: '3' });
    try {
      const send = (remoteAddress: string) =>
        limited.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.com', password: 'x' },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await send('203.0.113.1')).statusCode).toBe(401);
      const refused = await send('203.0.113.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: 'Too many requests. Please wait a few minutes and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const signUp = await limited.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'A', email: 'new@example.com', password: 'longenough' },
        remoteAddress: '203.0.113.1',
      });
      expect(signUp.statusCode).toBe(429);
      expect((await send('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    // The address the sign-in throttle counted the attempt against.
    const ipOf = async (ctx: TestContext) => {
      await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: 'wrong' },
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      const row = await ctx.db.db
        .selectFrom('login_attempts')
        .select('key')
        .where('key', 'like', 'client %')
        .executeTakeFirstOrThrow();
      return row.key.slice('client '.length);
    };
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    for (const [env, ip] of [
      [{}, '10.0.0.5'],
      [{ TRUST_PROXY: '10.0.0.0/8' }, '203.0.113.99'],
      [{ TRUST_PROXY: '192.168.0.1' }, '10.0.0.5'],
      [{ TRUST_PROXY: '1' }, '203.0.113.99'],
    ] as const) {
      const ctx = await createTestContext(env);
      try {
        expect([env, await ipOf(ctx)]).toEqual([env, ip]);
      } finally {
        await ctx.close();
      }
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another Origin or a cross-site fetch, and allows same-site and scripts', async () => {
    const payload = { name: 'X', email: 'x@example.com', password: 'longenough' };
    const evil = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ success: false, message: 'Cross-site request refused' });
    const fetchSite = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    const same = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(201);
    const script = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(script.statusCode).toBe(200);
  });

  it('compares the whole Origin with PUBLIC_URL and never trusts the Host header (DNS rebinding)', async () => {
    const shop = await createTestContext({ PUBLIC_URL: 'https://www.myphoneshop.co.uk' });
    try {
      const logout = (headers: Record<string, string>) => shop.request({ method: 'POST', url: '/api/auth/logout', headers });
      for (const [origin, host, status] of [
        ['https://www.myphoneshop.co.uk', 'www.myphoneshop.co.uk', 200],
        ['https://www.myphoneshop.co.uk', 'internal:3000', 200],
        // A page on the attacker's domain, resolved to the shop's address, sends its own Origin and the same Host.
        ['http://rebound.evil.example:3000', 'rebound.evil.example:3000', 403],
        ['http://www.myphoneshop.co.uk', 'www.myphoneshop.co.uk', 403],
        ['https://www.myphoneshop.co.uk:8443', 'www.myphoneshop.co.uk:8443', 403],
        ['https://shop.myphoneshop.co.uk', 'shop.myphoneshop.co.uk', 403],
        ['http://localhost:3000', 'localhost:3000', 403],
      ] as const) {
        expect([origin, host, (await logout({ origin, host })).statusCode]).toEqual([origin, host, status]);
      }
    } finally {
      await shop.close();
    }
    // A shop at a loopback address answers its loopback spellings on its own port and scheme only.
    expect([...shopOrigins('http://localhost:3000')]).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });
});
