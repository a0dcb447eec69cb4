import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';

const run = promisify(execFile);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/cli/create-admin.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs `create-admin` as `npm run create-admin` does, on a SQLite shop of its own. */
async function createAdmin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: e.stderr };
  }
}

describe('npm run create-admin', () => {
  it('creates an admin, then promotes an existing account and sets its password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
    dirs.push(dataDir);
    const created = await createAdmin(dataDir, '--email', 'Owner@Example.com', '--password', 'first-password', '--name', 'Sam Owner');
    expect(created).toEqual({ code: 0, out: 'Admin owner@example.com created.\n' });

    const db = await openDb(loadConfig({ DATA_DIR: dataDir }));
    const now = new Date().toISOString();
    await db.db.insertInto('users').values({ id: 'customer1', name: 'Cat', email: 'cat@example.com', password_hash: 'x', role: 'user', created_at: now, updated_at: now }).execute();
    await db.close();

    const refused = await createAdmin(dataDir, '--email', 'cat@example.com', '--password', 'second-password');
    expect(refused).toEqual({
      code: 1,
      out: 'cat@example.com is a customer account. To make it an admin, run: npm run create-admin -- --email cat@example.com --password <password> --promote\n',
    });
    const promoted = await createAdmin(dataDir, '--email', 'cat@example.com', '--password', 'second-password', '--promote');
    expect(promoted).toEqual({ code: 0, out: 'Admin cat@example.com promoted and password set.\n' });
    expect(await createAdmin(dataDir, '--email', 'cat@example.com', '--password', 'second-password')).toEqual({
      code: 0,
      out: 'Admin cat@example.com already has this password.\n',
    });
    expect(await createAdmin(dataDir, '--email', 'cat@example.com', '--password', 'third-password')).toEqual({
      code: 0,
      out: 'Admin cat@example.com password set.\n',
    });

    const check = await openDb(loadConfig({ DATA_DIR: dataDir }));
    const users = await check.db.selectFrom('users').select(['email', 'name', 'role']).orderBy('email').execute();
    await check.close();
    expect(users).toEqual([
      { email: 'cat@example.com', name: 'Cat', role: 'admin' },
      { email: 'owner@example.com', name: 'Sam Owner', role: 'admin' },
    ]);
  });

  it('refuses bad arguments with the usage line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
    dirs.push(dataDir);
    const res = await createAdmin(dataDir, '--email', 'not-an-email', '--password', 'short');
    expect(res.code).toBe(2);
    expect(res.out).toContain('--email must be an email address');
    expect(res.out).toContain('--password must be at least 8 characters');
    expect(res.out).toContain('Usage: npm run create-admin -- --email E --password P [--name N] [--promote]');
  });
});
