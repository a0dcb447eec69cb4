import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { newId, now as isoNow } from '../../lib/ids.ts';
import * as repo from './mail.repository.ts';

/** A plain-text mail to the shop about one enquiry. */
export interface OutgoingMail {
  enquiryId: string;
  to: string;
  /** The visitor's email, so the shop can answer with Reply; '' for none. */
  replyTo: string;
  subject: string;
  text: string;
}

export const MAIL_TIMING = {
  /** How often an idle sender looks for mail that has fallen due (a new enquiry wakes it at once). */
  pollMs: 10_000,
  /**
   * How long a sender holds the mail it took; one that dies meanwhile leaves it to be taken again after it. Longer
   * than one send can take (the transport's timeouts: 10 s to connect, 10 s to greet, 30 s of silence).
   */
  holdMs: 2 * 60_000,
  /** The wait after a first failed attempt; it doubles after each failure, up to maxRetryMs. */
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
};
export type MailTiming = typeof MAIL_TIMING;

/** The wait before the next attempt of a mail that has failed `attempts` times. */
export function retryDelay(attempts: number, timing: MailTiming = MAIL_TIMING): number {
  return Math.min(timing.firstRetryMs * 2 ** Math.max(0, attempts - 1), timing.maxRetryMs);
}

/**
 * Mail to the shop through an outbox (docs/decisions/0026-enquiry-mail-outbox.md): `queue` writes a mail in the
 * caller's transaction, so it exists exactly when the enquiry does; the sender (`start`, run by the server process)
 * sends what is due in the background, retrying with growing waits while the mail server is down or refuses, and
 * deletes each mail once the server has accepted it. What is left in the outbox when the process stops is sent by
 * the next one.
 */
export function createMailService(
  db: Kysely<Database>,
  options: {
    mail: NonNullable<Config['mail']>;
    log: FastifyBaseLogger;
    clock?: () => number;
    timing?: Partial<MailTiming>;
  },
) {
  const { log, clock = Date.now } = options;
  const timing = { ...MAIL_TIMING, ...options.timing };
  const transport = nodemailer.createTransport({
    url: options.mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  let started = false;
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** Sends one mail it holds; true once the mail server has accepted it. */
  async function send(row: repo.OutboxRow): Promise<boolean> {
    try {
      await transport.sendMail({
        from: options.mail.from,
        to: row.to_address,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        subject: row.subject,
        text: row.body,
      });
    } catch (err) {
      const at = clock() + retryDelay(row.attempts, timing);
      log.warn(
        { err, mail: row.id, attempts: row.attempts, retryAt: new Date(at).toISOString() },
        'mail to the shop not sent; will try again',
      );
      await repo.retryLater(db, row.id, at, String((err as Error)?.message ?? err).slice(0, 500));
      return false;
    }
    await repo.deleteMail(db, row.id);
    return true;
  }

  /** Sends every mail that is due now (taking turns with other senders); resolves with how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const at = clock();
      if (!(await repo.anyDue(db, at))) break;
      // One at a time: a hold outlasts one send, where mails held together could wait past theirs behind a slow
      // server and be taken again by another sender.
      const row = await repo.claimNext(db, at, at + timing.holdMs);
      if (!row) break;
      if (await send(row)) sent++;
    }
    return sent;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(tick, timing.pollMs);
    timer.unref();
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runOnce()
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'mail outbox not read; trying again later'),
      )
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else schedule();
      });
  }

  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
  }

  return {
    /** Puts a mail in the outbox, in the caller's transaction. */
    async queue(trx: Kysely<Database>, mail: OutgoingMail): Promise<void> {
      await repo.insertMail(trx, {
        id: newId(),
        enquiry_id: mail.enquiryId,
        to_address: mail.to,
        reply_to: mail.replyTo,
        subject: mail.subject,
        body: mail.text,
        attempts: 0,
        next_attempt_at: clock(),
        last_error: '',
        created_at: isoNow(),
      });
    },

    /** Tells a started sender that a mail was queued, so it is sent now rather than at the next poll. */
    wake(): void {
      if (started) tick();
    },

    runOnce,

    /** Starts sending in the background (the server process does, once listening); resolves stop. */
    start(): () => Promise<void> {
      started = true;
      tick();
      return stop;
    },

    stop,
  };
}

export type MailService = ReturnType<typeof createMailService>;
