import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sessionCookie, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let admin: string;
let adminId: string;
let customer: string;

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const me = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/auth/check', cookie })).json().user;
const users = async () => (await t.request({ method: 'GET', url: '/api/auth/getall', cookie: admin })).json().fetchUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin', 'boss@example.com');
  adminId = (await me(admin))._id;
  customer = await t.signIn('user', 'cust@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('user administration', () => {
  it('lists accounts newest first, without passwords, and counts them', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/getall', cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      fetchUser: [
        { _id: expect.any(String), name: 'Test User', email: 'cust@example.com', role: 'user', createdAt: ISO, updatedAt: ISO },
        { _id: adminId, name: 'Test Admin', email: 'boss@example.com', role: 'admin', createdAt: ISO, updatedAt: ISO },
      ],
    });
    expect((await t.request({ method: 'GET', url: '/api/auth/countuser', cookie: admin })).json()).toEqual({
      success: true,
      userCount: 2,
    });
    const paged = (await t.request({ method: 'GET', url: '/api/auth/getall?page=1&limit=1&q=BOSS', cookie: admin })).json();
    expect(paged).toMatchObject({ page: 1, limit: 1, total: 1, pages: 1 });
    expect(paged.fetchUser.map((u: { email: string }) => u.email)).toEqual(['boss@example.com']);
  });

  it('is admin-only', async () => {
    for (const [cookie, status, message] of [
      [undefined, 401, 'Please sign in'],
      [customer, 403, 'Admin access only'],
    ] as const) {
      for (const res of [
        await t.request({ method: 'GET', url: '/api/auth/getall', cookie }),
        await t.request({ method: 'GET', url: '/api/auth/countuser', cookie }),
        await t.request({ method: 'PUT', url: `/api/auth/update/${adminId}`, cookie, payload: { role: 'user' } }),
        await t.request({ method: 'DELETE', url: `/api/auth/delete/${adminId}`, cookie }),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
      }
    }
  });

  it('updates name, email and role, with validation', async () => {
    const cust = (await users()).find((u: { email: string }) => u.email === 'cust@example.com');
    const res = await t.request({
      method: 'PUT',
      url: `/api/auth/update/${cust._id}`,
      cookie: admin,
      payload: { name: 'Casey', email: ' CASEY@Example.com ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'User updated',
      data: { _id: cust._id, name: 'Casey', email: 'casey@example.com', role: 'user', createdAt: cust.createdAt, updatedAt: ISO },
    });
    const bad = async (payload: object) =>
      (await t.request({ method: 'PUT', url: `/api/auth/update/${cust._id}`, cookie: admin, payload })).json();
    expect(await bad({})).toMatchObject({ success: false, message: 'Nothing to update' });
    expect(await bad({ email: 'nope' })).toMatchObject({ success: false, message: 'Invalid email' });
    expect(await bad({ role: 'owner' })).toMatchObject({ success: false, message: 'Role must be admin or user' });
    expect(await bad({ name: '' })).toMatchObject({ success: false, message: 'Name is required' });
    const taken = await t.request({
      method: 'PUT',
      url: `/api/auth/update/${cust._id}`,
      cookie: admin,
      payload: { email: 'BOSS@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, message: 'An account with this email already exists' });
    expect(
      (await t.request({ method: 'PUT', url: '/api/auth/update/AAAAAAAAAAAAAAAA', cookie: admin, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(404);

    const promoted = await t.request({
      method: 'PUT',
      url: `/api/auth/update/${cust._id}`,
      cookie: admin,
      payload: { role: 'admin' },
    });
    expect(promoted.json().data.role).toBe('admin');
    // The session signed in as a customer ends: it never becomes an admin's.
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: customer })).statusCode).toBe(401);
    const asAdmin = sessionCookie(
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'casey@example.com', password: 'correct-horse-battery' },
      }),
    );
    expect((await me(asAdmin)).role).toBe('admin');
    await t.request({ method: 'PUT', url: `/api/auth/update/${cust._id}`, cookie: admin, payload: { role: 'user' } });
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: asAdmin })).statusCode).toBe(401);
  });

  it('never demotes or deletes the last admin, nor lets an admin delete themselves', async () => {
    const demote = await t.request({
      method: 'PUT',
      url: `/api/auth/update/${adminId}`,
      cookie: admin,
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ success: false, message: 'The last admin cannot be demoted' });
    const self = await t.request({ method: 'DELETE', url: `/api/auth/delete/${adminId}`, cookie: admin });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: 'You cannot delete your own account' });

    const second = await t.signIn('admin', 'second@example.com');
    const viaSecond = await t.request({ method: 'DELETE', url: `/api/auth/delete/${adminId}`, cookie: second });
    expect(viaSecond.json()).toEqual({ success: true, message: 'User deleted' });
    const secondId = (await me(second))._id;
    // With one admin left, that admin can be neither demoted nor deleted.
    expect(
      (await t.request({ method: 'PUT', url: `/api/auth/update/${secondId}`, cookie: second, payload: { role: 'user' } }))
        .statusCode,
    ).toBe(409);
    admin = second;
  });

  it('keeps one admin when two admins remove each other at the same moment', async () => {
    const adminIdNow = (await me(admin))._id;
    // While another admin's demotion is under way (not yet committed), the signed-in admin demotes themselves,
    // or that other admin deletes them: either must wait for the demotion and then find them the last admin.
    const attempts = [
      () => t.request({ method: 'PUT', url: `/api/auth/update/${adminIdNow}`, cookie: admin, payload: { role: 'user' } }),
      (other: string) => t.request({ method: 'DELETE', url: `/api/auth/delete/${adminIdNow}`, cookie: other }),
    ];
    const refusals = ['The last admin cannot be demoted', 'The last admin cannot be deleted'];
    for (const [i, attempt] of attempts.entries()) {
      const other = await t.signIn('admin');
      const otherId = (await me(other))._id;
      let answer: ReturnType<typeof attempt> | undefined;
      await t.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ role: 'user' }).where('id', '=', otherId).execute();
        answer = attempt(other);
        await new Promise((r) => setTimeout(r, 300));
      });
      const res = await answer!;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: refusals[i] });
      expect((await me(admin)).role).toBe('admin');
    }
  });

  it('answers 409, never a failure, when two accounts are given one email at the same moment', async () => {
    const first = (await me(await t.signIn('user', 'race-one@example.com')))._id;
    const second = (await me(await t.signIn('user', 'race-two@example.com')))._id;
    // While another admin's change of the first account's email is under way (not yet committed), the second account
    // is given the same email. On PostgreSQL its check cannot see that change, and the unique index refuses it; on
    // SQLite, whose writes take turns, the request waits and its check answers.
    let answer: ReturnType<typeof t.request> | undefined;
    await t.db.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: 'same@example.com' }).where('id', '=', first).execute();
      answer = t.request({
        method: 'PUT',
        url: `/api/auth/update/${second}`,
        cookie: admin,
        payload: { email: 'same@example.com' },
      });
      await new Promise((r) => setTimeout(r, 300));
    });
    const res = await answer!;
    expect(res.json()).toEqual({
      success: false,
      message: 'An account with this email already exists',
      fieldErrors: { email: ['An account with this email already exists'] },
    });
    expect(res.statusCode).toBe(409);
  });

  it('deletes an account and ends its sessions', async () => {
    const victim = await t.signIn('user', 'leaving@example.com');
    const id = (await me(victim))._id;
    const del = await t.request({ method: 'DELETE', url: `/api/auth/delete/${id}`, cookie: admin });
    expect(del.json()).toEqual({ success: true, message: 'User deleted' });
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie: victim })).statusCode).toBe(401);
    expect(await t.db.db.selectFrom('sessions').select('token_hash').where('user_id', '=', id).execute()).toEqual([]);
    const again = await t.request({ method: 'DELETE', url: `/api/auth/delete/${id}`, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'User not found' });
  });
});
