import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { createTestContext, sessionCookie, type TestContext } from './helpers.ts';

const contexts: TestContext[] = [];
async function context(env: Record<string, string> = {}) {
  const t = await createTestContext(env);
  contexts.push(t);
  return t;
}
afterEach(async () => {
  for (const t of contexts.splice(0)) await t.close().catch(() => {});
});

describe('config', () => {
  it('refuses to start, naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' });
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
      expect(problems).toContain('PUBLIC_URL');
    }
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS: must be at least 1 second/);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, seedDemo: true, logLevel: 'info', secureCookies: false });
    expect(config.requestTimeoutSeconds).toBe(120);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.co.uk/' })).toMatchObject({ publicUrl: 'https://shop.example.co.uk', secureCookies: true });
    // However the scheme and host are written: an https address always gets Secure cookies (and HSTS).
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://Shop.Example.co.uk' })).toMatchObject({ publicUrl: 'https://shop.example.co.uk', secureCookies: true });
  });
});

describe('health and readiness', () => {
  it('answers health while alive and ready while the database answers', async () => {
    const t = await context();
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ success: true, message: 'ok' });
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    t.app.closing = true;
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    t.app.closing = false;
    await t.db.close();
    const down = await t.request({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ success: false, message: 'Service temporarily unavailable' });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers an unknown /api path with 404 and the envelope', async () => {
    const t = await context();
    const res = await t.request({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
    const bad = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
    // Request bodies are never inflated: a compressed one is just not JSON.
    const gzipped = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    expect(gzipped.statusCode).toBe(400);
    expect(gzipped.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });
});

describe('web app serving', () => {
  it('serves hashed assets for a year, index.html never cached, and the app for every other path', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);'.repeat(200));
    fs.writeFileSync(path.join(dist, 'favicon.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const t = await context({ WEB_DIST: dist });

    const asset = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    for (const url of ['/shop/home', '/admin/dashboard', '/no/such/page']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    expect((await t.request({ method: 'GET', url: '/favicon.png' })).headers['cache-control']).toBe('no-cache');
    expect((await t.request({ method: 'GET', url: '/media/nothing.webp' })).statusCode).toBe(404);
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('logs', () => {
  it('carry a request id and never a password, cookie or token', async () => {
    const t = await context();
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await buildApp({ config: { ...t.config, logLevel: 'trace' }, db: t.db, logger: { stream } });
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Lee', email: 'lee@example.com', password: 'very-secret-pass' } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lee@example.com', password: 'very-secret-pass' } });
    const cookie = sessionCookie(login);
    const check = await app.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie, 'x-request-id': 'req-123' } });
    expect(check.headers['x-request-id']).toBe('req-123');
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"reqId":"req-123"');
    expect(log).not.toContain('very-secret-pass');
    expect(log).not.toContain(cookie.slice(4));
  });
});

describe('several server processes on one database', () => {
  it('accept each other\'s session cookie', async () => {
    const t = await context();
    const cookie = await t.signIn('user');
    const db2 = await openDb(t.config, { schema: await currentSchema(t) });
    const other = await buildApp({ config: t.config, db: db2, logger: false });
    const res = await other.inject({ method: 'GET', url: '/api/auth/check', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await other.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await t.request({ method: 'GET', url: '/api/auth/check', cookie })).statusCode).toBe(401);
    await other.close();
    await db2.close();
  });
});

/** The PostgreSQL schema the context runs in (undefined on SQLite, where both open the same file). */
async function currentSchema(t: TestContext): Promise<string | undefined> {
  if (t.db.dialect !== 'postgres') return undefined;
  const { sql } = await import('kysely');
  const row = await sql<{ s: string }>`select current_schema() as s`.execute(t.db.db);
  return row.rows[0]?.s;
}

describe('HTTP caching of API reads', () => {
  it('answers public reads with an ETag and 304 for a matching If-None-Match', async () => {
    const t = await context();
    const first = await t.request({ method: 'GET', url: '/api/model/getall' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.request({ method: 'GET', url: '/api/model/getall', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const compressed = await t.request({ method: 'GET', url: '/api/model/getall', headers: { 'if-none-match': tag, 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(304);

    const admin = await t.signIn('admin');
    await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cases' } });
    const categories = await t.request({ method: 'GET', url: '/api/category/getall' });
    const changed = await t.request({ method: 'GET', url: '/api/category/getall', headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().fetchCategory).toHaveLength(1);
    expect(categories.headers.etag).not.toBe(tag);
  });

  it('keeps signed-in answers out of shared caches', async () => {
    const t = await context();
    const cookie = await t.signIn('user');
    const res = await t.request({ method: 'GET', url: '/api/auth/check', cookie });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});
