import { enquiryMessages, messages } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { SHOP_EMAIL, enquiry, setUpShop, type TestShop } from '../enquiries/enquiries.testkit.ts';
import { claimNext } from './mail.repository.ts';
import { MAIL_TIMING, createMailService, retryDelay } from './mail.service.ts';
import { freePort, startSmtp, until, type TestSmtp } from './smtp.testkit.ts';

const PUBLIC_URL = 'https://www.highstreetphones.example';
const FROM = 'High Street Phones <shop@highstreetphones.example>';

let t: TestContext | undefined;
let smtp: TestSmtp | undefined;
let admin: string;
let shop: TestShop;

/** A shop whose mail goes to `smtpUrl`; bookings are checked at `clock`. */
async function open(smtpUrl: string | undefined, clock?: () => number) {
  t = await createTestContext(
    { PUBLIC_URL, ENQUIRY_RATE_LIMIT: '1000', ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: FROM } : {}) },
    clock ? { clock } : {},
  );
  admin = await t.signIn('admin');
  shop = await setUpShop(t, admin);
  return t;
}

const send = (body: object) => t!.request({ method: 'POST', url: '/api/enquiry/create', payload: body });
const outbox = () => t!.db.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
const newest = async () =>
  (await t!.request({ method: 'GET', url: '/api/enquiry/getall?limit=1', cookie: admin })).json().fetchEnquiry[0] as {
    _id: string;
  };

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

describe('mail settings', () => {
  it('are read from SMTP_URL and MAIL_FROM, and a bad one stops the start naming it', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', PUBLIC_URL })).toMatchObject({
      mail: { smtpUrl: 'smtp://user:pass@mail.example.com:587', from: 'no-reply@www.highstreetphones.example' },
      enquiryRetentionDays: 365,
      enquiryRateLimit: 5,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: FROM }).mail?.from).toBe(FROM);
    try {
      loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'nobody', ENQUIRY_RETENTION_DAYS: '0' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'ENQUIRY_RETENTION_DAYS: must be at least 1 day',
        'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
        'MAIL_FROM: must be an email address, e.g. Shop <shop@example.com>',
      ]);
    }
  });
});

describe('mail to the shop', () => {
  it('is off without SMTP_URL: the inbox alone keeps the enquiry and no mail is queued', async () => {
    await open(undefined);
    expect(t!.app.mailer).toBeUndefined();
    expect((await send(enquiry())).statusCode).toBe(201);
    expect(await outbox()).toEqual([]);
    expect((await newest())._id).toEqual(expect.any(String));
  });

  it('emails each new enquiry to the shop in plain text, with a link to it in the console and the visitor to reply to', async () => {
    smtp = await startSmtp();
    await open(smtp.url, () => Date.parse('2025-06-02T20:45:00Z'));
    const markup = 'Hello <b>shop</b>, <script>alert(1)</script> is my phone safe?\nSecond line.';
    // A line break in the name (a header injection in a mail's subject) is refused before anything is stored.
    const injected = await send({ ...enquiry({ name: 'Jane\r\nBcc: victim@example.com' }) });
    expect([injected.statusCode, injected.json().fieldErrors]).toEqual([400, { name: [messages.hiddenCharacters] }]);
    expect(await outbox()).toEqual([]);
    const res = await send({
      ...enquiry({ name: 'Jane', message: markup }),
      kind: 'booking',
      repairId: shop.repairId,
      preferredDate: '2025-06-03',
      preferredTime: '10:30',
    });
    expect(res.json()).toEqual({ success: true, message: enquiryMessages.booked });
    const id = (await newest())._id;
    expect(await outbox()).toHaveLength(1);

    expect(await t!.app.mailer!.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelope).toEqual({ from: 'shop@highstreetphones.example', to: [SHOP_EMAIL] });
    expect(mail.headers.from).toBe('High Street Phones <shop@highstreetphones.example>');
    expect(mail.headers.to).toBe(SHOP_EMAIL);
    expect(mail.headers['reply-to']).toBe('jane@example.com');
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.headers.subject).toBe(
      'Repair booking from Jane: Pixel 8 – Screen Repair, Tue 3 Jun 2025 at 10:30',
    );
    expect(mail.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(mail.raw).not.toMatch(/text\/html/i);
    expect(mail.text).toContain('A new repair booking request for High Street Phones.');
    expect(mail.text).toContain('Phone:     07700 900789');
    expect(mail.text).toContain('About:     Pixel 8 – Screen Repair');
    expect(mail.text).toContain('Asked for: Tue 3 Jun 2025 at 10:30 (UK time)');
    // 20:45 UTC in June is 21:45 in the UK.
    expect(mail.text).toContain('Received:  Mon 2 Jun 2025 at 21:45 (UK time)');
    expect(mail.text).toContain(`Message:\n${markup}\n`);
    expect(mail.text).toContain(`Open it in the console:\n${PUBLIC_URL}/admin/enquiries/${id}\n`);
    expect(await outbox()).toEqual([]);
  });

  it('never slows or fails the visitor: with the mail server down the answer is the same, and the mail waits', async () => {
    await open(`smtp://127.0.0.1:${await freePort()}`);
    t!.app.mailer!.start();
    const res = await send(enquiry());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: enquiryMessages.sent });
    await until(async () => Boolean((await outbox())[0]?.last_error));
    const [waiting] = await outbox();
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting!.next_attempt_at).toBeGreaterThan(Date.now() + 20_000);
  });

  it('retries with growing waits while the mail server is down or refuses, and sends once it is back', async () => {
    const port = await freePort();
    let now = Date.parse('2025-06-02T21:00:00Z');
    await open(`smtp://127.0.0.1:${port}`, () => now);
    const sender = createMailService(t!.db.db, { mail: t!.config.mail!, log: t!.app.log, clock: () => now });
    expect((await send(enquiry({ productId: shop.productId }))).statusCode).toBe(201);

    expect(await sender.runOnce()).toBe(0);
    let [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: now + retryDelay(1) });
    expect(retryDelay(1)).toBe(MAIL_TIMING.firstRetryMs);
    now += retryDelay(1) - 1000;
    expect(await sender.runOnce()).toBe(0);
    expect((await outbox())[0]!.attempts).toBe(1);

    // Back, but refusing for now (451): the next wait is twice as long.
    smtp = await startSmtp(port);
    smtp.refuse = true;
    now += 1000;
    expect(await sender.runOnce()).toBe(0);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: now + 2 * MAIL_TIMING.firstRetryMs });
    expect(row!.last_error).toContain('451');
    expect(retryDelay(20)).toBe(MAIL_TIMING.maxRetryMs);

    smtp.refuse = false;
    now += 2 * MAIL_TIMING.firstRetryMs;
    expect(await sender.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.headers.subject).toBe('Enquiry from Jane Smith: Pixel 9');
    expect(await outbox()).toEqual([]);
    expect(await sender.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    await sender.stop();
  });

  it('sends in the background as soon as an enquiry arrives, and goes on trying until the mail server comes back', async () => {
    const port = await freePort();
    await open(`smtp://127.0.0.1:${port}`);
    const sender = createMailService(t!.db.db, {
      mail: t!.config.mail!,
      log: t!.app.log,
      timing: { pollMs: 50, firstRetryMs: 100, maxRetryMs: 200 },
    });
    const stop = sender.start();
    try {
      expect((await send(enquiry())).statusCode).toBe(201);
      await until(async () => ((await outbox())[0]?.attempts ?? 0) >= 2 && Boolean((await outbox())[0]?.last_error));
      smtp = await startSmtp(port);
      await until(() => smtp!.received.length === 1);
      await until(async () => (await outbox()).length === 0);
      expect(smtp.received[0]!.text).toContain('A new enquiry for High Street Phones.');
    } finally {
      await stop();
    }
  });

  it('resumes the outbox after a restart: a new app on the same database sends what the last one left', async () => {
    const down = `smtp://127.0.0.1:${await freePort()}`;
    await open(down);
    for (const name of ['Ann Before', 'Bob Before', 'Cat Before']) expect((await send(enquiry({ name }))).statusCode).toBe(201);
    // The first process tried once while the server was down, then took one mail and died before sending it.
    expect(await t!.app.mailer!.runOnce()).toBe(0);
    const held = await claimNext(t!.db.db, Date.now() + retryDelay(1), Date.now() + retryDelay(1) + MAIL_TIMING.holdMs);
    expect(held).toBeDefined();

    smtp = await startSmtp();
    const later = () => Date.now() + retryDelay(1) + MAIL_TIMING.holdMs + 1000;
    const restarted = await buildApp({
      config: { ...t!.config, mail: { smtpUrl: smtp.url, from: FROM } },
      db: t!.db,
      logger: false,
      clock: later,
    });
    try {
      const stop = restarted.mailer!.start();
      await until(() => smtp!.received.length === 3);
      await stop();
    } finally {
      await restarted.close();
    }
    expect(smtp.received.map((m) => m.headers.subject).sort()).toEqual([
      'Enquiry from Ann Before',
      'Enquiry from Bob Before',
      'Enquiry from Cat Before',
    ]);
    expect(await outbox()).toEqual([]);
  });

  it('sends each mail once when the senders of several processes work at once', async () => {
    smtp = await startSmtp();
    await open(smtp.url);
    for (let i = 0; i < 12; i++) expect((await send(enquiry({ name: `Visitor ${i}` }))).statusCode).toBe(201);
    const senders = [t!.db, await t!.openAnother(), await t!.openAnother()].map((db) =>
      createMailService(db.db, { mail: t!.config.mail!, log: t!.app.log }),
    );
    const sent = await Promise.all(senders.map((s) => s.runOnce()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(12);
    const subjects = smtp.received.map((m) => m.headers.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    expect(await outbox()).toEqual([]);
    await Promise.all(senders.map((s) => s.stop()));
  });

  it('sends each mail once behind a slow mail server, though another sender looks for due mail meanwhile', async () => {
    smtp = await startSmtp();
    smtp.delayMs = 150;
    await open(smtp.url);
    for (let i = 0; i < 5; i++) expect((await send(enquiry({ name: `Visitor ${i}` }))).statusCode).toBe(201);
    const timing = { holdMs: 400 };
    const first = createMailService(t!.db.db, { mail: t!.config.mail!, log: t!.app.log, timing });
    const second = createMailService((await t!.openAnother()).db, { mail: t!.config.mail!, log: t!.app.log, timing });
    // The second sender looks once the first has held its first mails for longer than a hold.
    const running = first.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 450));
    await Promise.all([running, second.runOnce()]);
    const subjects = smtp.received.map((m) => m.headers.subject);
    expect(new Set(subjects).size).toBe(5);
    expect(subjects).toHaveLength(5);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('drops the unsent mail of a deleted enquiry, and queues none when the shop has no email address', async () => {
    await open(`smtp://127.0.0.1:${await freePort()}`);
    expect((await send(enquiry())).statusCode).toBe(201);
    expect(await outbox()).toHaveLength(1);
    const id = (await newest())._id;
    expect((await t!.request({ method: 'DELETE', url: `/api/enquiry/delete/${id}`, cookie: admin })).statusCode).toBe(200);
    expect(await outbox()).toEqual([]);

    await t!.db.db.deleteFrom('app_details').execute();
    expect((await send(enquiry())).statusCode).toBe(201);
    expect(await outbox()).toEqual([]);
  });
});
