import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER = path.join(root, 'apps/api/dist/server.js');
export const ADMIN = { email: 'faults@example.com', password: 'fault-suite-password' };

/** 'sqlite' or 'postgres', per Vitest project. */
export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Store {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** A fresh data folder, and on PostgreSQL a fresh database of its own. */
export async function createStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-faults-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') {
    if (!base) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL fault suite');
    dbName = `faults_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`create database ${dbName}`);
    await client.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName && base) {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${dbName} with (force)`);
        await client.end();
      }
    },
  };
}

export interface RunningServer {
  port: number;
  url: string;
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** Starts the built server as `npm start` runs it, and waits until it is ready. */
export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  const chosen = port ?? (await freePort());
  const proc = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(
        `server ${proc.signalCode ? `killed by ${proc.signalCode}` : `exited with ${proc.exitCode}`} during start-up:\n${out}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return { port: chosen, url, proc, exited, output: () => out };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server not ready within 30 s:\n${out}`);
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!res.ok || !cookie) throw new Error(`admin sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

export async function getJson<T = any>(url: string, cookie?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as T };
}
