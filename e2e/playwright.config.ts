import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The shop is started exactly as `npm start` starts it, on a fresh data directory and its own port. */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
export const ADMIN = { email: 'owner@e2e.test', password: 'e2e-admin-password' };

const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
  },
  webServer: {
    // CI and `npm test` start the shop as `npm start` does. While developing in parallel, E2E_WEB_DIST
    // serves an already built web app from elsewhere and runs the server from source.
    command: process.env.E2E_WEB_DIST ? 'node ../apps/api/src/server.ts' : 'node ../scripts/start.mjs',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? '1',
      LOG_LEVEL: 'warn',
      // Every journey signs in and sends enquiries from this one address, far more often than a visitor would.
      AUTH_RATE_LIMIT: '100000',
      ENQUIRY_RATE_LIMIT: '100000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
