import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Locator } from '@playwright/test';
import { expect, type Page } from '../test.ts';

/** A mail server for the journeys (the smtp-server package): it keeps the raw text of every message it accepts. */
export interface Mailbox {
  port: number;
  messages: string[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: string[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Fills in the enquiry form's contact fields and the consent, as a visitor would. */
export async function fillContact(form: Locator, who: { name: string; phone?: string; email?: string }): Promise<void> {
  await form.getByLabel('Your name').fill(who.name);
  if (who.phone) await form.getByLabel('Phone', { exact: true }).fill(who.phone);
  if (who.email) await form.getByLabel('Email', { exact: true }).fill(who.email);
  await form.getByRole('checkbox', { name: /I agree to/ }).check();
}

/** Picks the first day, from two days ahead, on which the booking form offers times, and its first time. */
export async function chooseBookingTime(form: Locator): Promise<{ date: string; time: string }> {
  const day = form.getByLabel('Preferred day');
  const time = form.getByLabel('Preferred time');
  for (let ahead = 2; ahead < 30; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    await day.fill(date);
    if ((await time.locator('option').count()) > 1) {
      const first = (await time.locator('option').nth(1).getAttribute('value'))!;
      await time.selectOption(first);
      return { date, time: first };
    }
  }
  throw new Error('no day with booking times in the next month');
}

export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
}
