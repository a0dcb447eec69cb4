// npm test: the whole suite — unit and API tests and the browser journeys on SQLite, and all of them again on
// PostgreSQL when TEST_DATABASE_URL is set, plus the fault suite when TEST_FAULTS=1 (CI) — then one line with the
// real counts of every runner: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');
const faultsJson = path.join(reports, 'faults.json');
const withFaults = process.env.TEST_FAULTS === '1';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

buildIfStale();

const vitest = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  cwd: root,
  stdio: 'inherit',
});
const faults = withFaults
  ? spawnSync(bin('vitest'), ['run', '--config', 'vitest.faults.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${faultsJson}`], {
      cwd: root,
      stdio: 'inherit',
    })
  : undefined;
const playwright = spawnSync(bin('playwright'), ['test'], {
  cwd: path.join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON: playwrightJson },
});
const playwrightPgJson = path.join(reports, 'playwright-postgres.json');
const playwrightPg = process.env.TEST_DATABASE_URL ? await journeysOnPostgres(process.env.TEST_DATABASE_URL) : undefined;

/** The browser journeys again, against a shop on a PostgreSQL database made for this run and dropped after it. */
async function journeysOnPostgres(base) {
  const name = `e2e_${Date.now().toString(36)}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return spawnSync(bin('playwright'), ['test'], {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON: playwrightPgJson, E2E_DATABASE_URL: url.toString(), E2E_PORT: '3101' },
    });
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Adds a Vitest run's counts; a run that crashed before reporting counts as a failure, never as zero tests. */
function addVitest(file, status) {
  const v = read(file);
  if (v) {
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  }
  if (!v || (status !== 0 && v.numFailedTests === 0)) failed += 1;
}
addVitest(vitestJson, vitest.status);
if (faults) addVitest(faultsJson, faults.status);
/** Adds a Playwright run's counts, with the same rule. */
function addPlaywright(file, status) {
  const p = read(file);
  if (p) {
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
    skipped += p.stats.skipped;
  }
  if (!p || (status !== 0 && p.stats.unexpected === 0)) failed += 1;
}
addPlaywright(playwrightJson, playwright.status);
if (playwrightPg) addPlaywright(playwrightPgJson, playwrightPg.status);

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
