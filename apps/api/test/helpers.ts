import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type ShopApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { serialise } from '../src/db/locks.ts';
import type { Database } from '../src/db/schema.ts';
import { createAuthService } from '../src/modules/auth/auth.service.ts';

/** 'sqlite' or 'postgres': set per Vitest project, so the same API suite runs on both databases. */
export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

export interface TestContext {
  app: ShopApp;
  db: Db;
  config: Config;
  /** app.inject with JSON bodies and an optional session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Another connection to the same database, as another server process would have; closed with the context. */
  openAnother(): Promise<Db>;
  /** Creates an account with that role and signs in; returns the session cookie header value. */
  signIn(role: 'admin' | 'user', email?: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh database (a temporary SQLite file, or a PostgreSQL schema of its own) and an app on it (at `clock`'s time). */
export async function createTestContext(env: Record<string, string> = {}, options: { clock?: () => number } = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suite');
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb(config, { schema });
  const app = await buildApp({ config, db, logger: false, ...options });
  await bootstrap({ ...config, admin: undefined }, db, app.log, { quiet: true });
  await app.ready();
  const auth = createAuthService(db.db);
  let counter = 0;
  const others: Db[] = [];

  const ctx: TestContext = {
    app,
    db,
    config,
    request({ cookie, ...options }) {
      return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    },
    async openAnother() {
      const other = await openDb(config, { schema });
      others.push(other);
      return other;
    },
    async signIn(role, email) {
      const address = email ?? `${role}${++counter}-${randomBytes(3).toString('hex')}@example.com`;
      const password = 'correct-horse-battery';
      if (role === 'admin') await auth.upsertAdmin(address, password, 'Test Admin');
      else await auth.register({ name: 'Test User', email: address, password });
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return sessionCookie(res);
    },
    async close() {
      await app.close();
      for (const other of others) await other.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
    },
  };
  return ctx;
}

/** 'sid=...' from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie in the response');
  return `sid=${cookie.value}`;
}

/**
 * Another writer at work: once this resolves, a transaction holds `key`'s lock (serialise) and has run `write`; it
 * stays open, uncommitted, until the function it resolves to is called, which commits it.
 */
export async function holdLock(
  db: Db,
  key: string,
  write: (trx: Kysely<Database>) => Promise<unknown> = async () => undefined,
): Promise<() => Promise<void>> {
  let held!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.db.transaction().execute(async (trx) => {
    await serialise(trx, key);
    await write(trx);
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return async () => {
    release();
    await done;
  };
}

/** Whether the promise settles within `ms` milliseconds. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([settled, late]);
  clearTimeout(timer);
  return result;
}
