import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { enquiryMessages } from '@shop/shared';
import { expect, test, untilLive } from '../test.ts';
import { ADMIN } from '../helpers.ts';
import { expectToast, fillContact, freePort, startMailbox, type Mailbox } from './support.ts';

/**
 * Tried as a new visitor would, at night: a phone-sized browser whose clock says 22:15 UTC (after closing time in
 * both GMT and BST) sends an enquiry, and it reaches the inbox and the shop's mailbox. This journey starts a mail
 * server and a shop of its own that sends mail to it (SMTP_URL), started as `npm start` starts the shop, on a fresh
 * SQLite file, or on a PostgreSQL database of its own beside E2E_DATABASE_URL's.
 */
let mailbox: Mailbox;
let shop: ChildProcess;
let base: string;
let dataDir: string;
let database: { admin: string; name: string; url: string } | undefined;

/** Runs one statement on the PostgreSQL server of `url`. */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  mailbox = await startMailbox();
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-night-'));
  if (process.env.E2E_DATABASE_URL) {
    const name = `e2e_night_${randomBytes(4).toString('hex')}`;
    const url = new URL(process.env.E2E_DATABASE_URL);
    url.pathname = `/${name}`;
    database = { admin: process.env.E2E_DATABASE_URL, name, url: url.toString() };
    await onServer(database.admin, `create database ${name}`);
  }
  const fromSource = Boolean(process.env.E2E_WEB_DIST);
  const script = fromSource ? '../../apps/api/src/server.ts' : '../../scripts/start.mjs';
  shop = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'error',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'Shop <shop@e2e.test>',
      ...(fromSource ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.status, { timeout: 120_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop.once('exit', resolve));
    shop.kill('SIGINT');
    await exited;
  }
  await mailbox?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) await onServer(database.admin, `drop database if exists ${database.name}`);
});

test('an enquiry sent at night from a phone reaches the inbox and the mail server', async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Nina Night ${randomBytes(3).toString('hex')}`;
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const night = new Date();
  night.setUTCHours(22, 15, 0, 0);
  await visitor.clock.setFixedTime(night);
  const page = await visitor.newPage();

  await page.goto(`${base}/shop/home`);
  await untilLive(page);
  await expect(page.getByTestId('open-status').first()).toContainText(/^Closed now · opens /);
  // The call-to-buy buttons keep dialling, and gain an enquiry, whose form offers WhatsApp with the product named.
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: /^Send an enquiry about / }) })
    .first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('link', { name: 'Call For Purchase' })).toHaveAttribute('href', /^tel:/);
  const product = (await card.getByRole('heading').textContent())!;
  await card.getByRole('link', { name: `Send an enquiry about ${product}` }).tap();
  const dialog = page.getByRole('dialog', { name: 'Send an enquiry' });
  await expect(dialog.getByRole('link', { name: 'Message us on WhatsApp instead (opens in a new tab)' })).toHaveAttribute(
    'href',
    `https://wa.me/447700900123?text=${encodeURIComponent(`Hello, I'm interested in the ${product}. Is it available?`)}`,
  );
  await fillContact(dialog, { name, phone: '07700 900777' });
  await dialog.getByLabel('Your message').fill('Is this still in stock? I can come in tomorrow morning.');
  await dialog.getByRole('button', { name: 'Send enquiry' }).tap();
  await expectToast(page, enquiryMessages.sent);
  await visitor.close();

  // The mail: to the shop, plain text, naming the visitor and the product, with a link to the enquiry.
  await expect.poll(() => mailbox.messages.some((m) => m.includes(name)), { timeout: 30_000 }).toBe(true);
  const mail = mailbox.messages.find((m) => m.includes(name))!;
  expect(mail).toMatch(/^To: hello@kingsway-mobiles\.example$/m);
  expect(mail).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
  expect(mail).toContain('Is this still in stock? I can come in tomorrow morning.');
  const link = new RegExp(`${base}/admin/enquiries/([\\w-]+)`).exec(mail);
  expect(link, 'a link to the enquiry in the console').not.toBeNull();

  // The inbox, from the link in the mail, on the owner's phone.
  const owner = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const admin = await owner.newPage();
  await admin.goto(`${base}/auth/login`);
  await untilLive(admin);
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel('Password').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Sign In' }).click();
  await admin.waitForURL('**/admin/dashboard');
  await admin.goto(link![0]);
  await expect(admin.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible();
  await expect(admin.getByText(product, { exact: true })).toBeVisible();
  await expect(admin.getByText('Is this still in stock? I can come in tomorrow morning.')).toBeVisible();
  await admin.goto(`${base}/admin/enquiries?status=new`);
  await expect(admin.getByRole('table', { name: 'Enquiries, newest first' })).toContainText(name);
  await owner.close();
});
