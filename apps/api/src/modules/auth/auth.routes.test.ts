import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, sessionCookie, type TestContext } from '../../../test/helpers.ts';

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
    const row = await t.db.db.selectFrom('users').select('role').where('email', '=', 'sneaky@example.com').executeTakeFirstOrThrow();
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
    expect(body).toMatchObject({ success: true, message: 'Login successful', user: { name: 'Sam', email: 'sam@example.com', role: 'user' } });
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
    expect(check.json()).toEqual({ success: true, user: { _id: body.user._id, name: 'Sam', email: 'sam@example.com', role: 'user' } });
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
    expect((await login({})).json()).toMatchObject({ message: 'Email is required', fieldErrors: { password: ['Password is required'] } });
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

    await t.db.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
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
      await secure.request({ method: 'POST', url: '/api/auth/register', payload: { name: 'S', email: 's@example.com', password: 'longenough' } });
      const res = await secure.request({ method: 'POST', url: '/api/auth/login', payload: { email: 's@example.com', password: 'longenough' } });
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('login throttle', () => {
  it('answers 429 on the 11th failure for one email, and leaves other emails alone', async () => {
    await register({ name: 'Sam', email: 'sam@example.com', password: 'longenough' });
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: 'sam@example.com', password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const blocked = await login({ email: 'sam@example.com', password: 'longenough' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: 'Too many sign-in attempts. Please try again later.' });

    await register({ name: 'Other', email: 'other@example.com', password: 'longenough' });
    expect((await login({ email: 'other@example.com', password: 'longenough' })).statusCode).toBe(200);

    // Once the window has passed, the account can sign in again.
    const past = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.db.db.updateTable('login_failures').set({ failed_at: past }).execute();
    expect((await login({ email: 'sam@example.com', password: 'longenough' })).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another Origin or a cross-site fetch, and allows same-site and scripts', async () => {
    const payload = { name: 'X', email: 'x@example.com', password: 'longenough' };
    const evil = await t.request({ method: 'POST', url: '/api/auth/register', payload, headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ success: false, message: 'Cross-site request refused' });
    const fetchSite = await t.request({ method: 'POST', url: '/api/auth/register', payload, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const same = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(201);
    const script = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(script.statusCode).toBe(200);
  });
});
