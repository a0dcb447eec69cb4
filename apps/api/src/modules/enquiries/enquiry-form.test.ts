import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enquiryMessages, type EnquiryFormState } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { setUpShop, type TestShop } from './enquiries.testkit.ts';

/**
 * POST /contact: the contact page's form as the browser sends it itself, without the app. The web build here is a
 * stand-in whose server renderer writes out the form state it is given, so the tests read what the page would show.
 */
let dist: string;
let t: TestContext;
let admin: string;
let shop: TestShop;
const clock = Date.parse('2025-06-02T12:00:00Z');

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-form-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Shop</title><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>',
  );
  // The islands' entry, which a rendered page is started with (plugins/web.ts).
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'islands-manifest.json'),
    JSON.stringify({ 'src/islands.tsx': { file: 'assets/islands/islands-i1.js' } }),
  );
  fs.mkdirSync(path.join(dir, '.server'));
  fs.writeFileSync(path.join(dir, '.server', 'package.json'), '{"type":"module"}');
  fs.writeFileSync(
    path.join(dir, '.server', 'entry-server.js'),
    `const script = (id, value) => '<script type="application/json" id="' + id + '">' + JSON.stringify(value).replace(/</g, '\\\\u003c') + '</script>';
    export async function render(url, options) {
      if (options.enquiry?.values.name === 'Break the page') throw new Error('the renderer broke');
      return { html: '<p id="url">' + url + '</p>', state: script('form', options.enquiry ?? null) };
    }
    export const hintsOnly = (hints) => script('hints', hints);`,
  );
  return dir;
}

/** The form state the page was rendered with. */
const formOf = (html: string): EnquiryFormState | null =>
  JSON.parse(/<script type="application\/json" id="form">(.*?)<\/script>/s.exec(html)![1]!) as EnquiryFormState | null;

const post = (fields: Record<string, string>, context = t, remoteAddress = '198.51.100.1', url = '/contact') =>
  context.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: context.config.publicUrl },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

const complete = (over: Record<string, string> = {}) => ({
  kind: 'enquiry',
  name: 'Jane Smith',
  phone: '',
  email: 'jane@example.com',
  message: 'Do you have the Pixel 9 in stock?',
  consent: 'on',
  website: '',
  ...over,
});

const stored = async (context = t) =>
  (await context.db.db.selectFrom('enquiries').selectAll().orderBy('created_at').execute()) as {
    kind: string;
    name: string;
    product_id: string | null;
    repair_id: string | null;
    preferred_time: string | null;
  }[];

beforeAll(async () => {
  dist = fakeWebBuild();
  let ticks = 0;
  t = await createTestContext({ WEB_DIST: dist, ENQUIRY_RATE_LIMIT: '1000' }, { clock: () => clock + ++ticks });
  admin = await t.signIn('admin');
  shop = await setUpShop(t, admin);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the contact form sent without the app', () => {
  it('keeps a complete enquiry and sends the visitor to the contact page saying so, which a reload cannot send again', async () => {
    const before = (await stored()).length;
    const res = await post(complete({ productId: shop.productId }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=enquiry');
    const kept = (await stored()).slice(before);
    expect(kept).toMatchObject([{ kind: 'enquiry', name: 'Jane Smith', product_id: shop.productId }]);

    const booked = await post(
      complete({ kind: 'booking', repairId: shop.repairId, preferredDate: '2025-06-03', preferredTime: '10:30' }),
    );
    expect([booked.statusCode, booked.headers.location]).toEqual([303, '/contact?sent=booking']);
    expect((await stored()).at(-1)).toMatchObject({ kind: 'booking', repair_id: shop.repairId, preferred_time: '10:30' });
  });

  it("counts a message's line breaks as its box does, one each, though the browser sends them as CR LF", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${String(i).padStart(2, '0')} of the message`).join('\r\n');
    const message = `${'x'.repeat(2000 - lines.replace(/\r\n/g, '\n').length)}${lines}`;
    const res = await post(complete({ message }), t, '198.51.100.77');
    expect([res.statusCode, res.headers.location]).toEqual([303, '/contact?sent=enquiry']);
    const kept = await t.db.db.selectFrom('enquiries').select('message').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(kept.message).toBe(message.replace(/\r\n/g, '\n'));
  });

  it("heads a refused form with the message of its first field in the form's order, where the app's focus would go", async () => {
    const typed = { kind: 'booking', name: 'Jane Smith', phone: '07700 900123', message: 'Screen', preferredDate: '2025-06-03' };
    const res = await post({ ...typed, website: '' }, t, '198.51.100.78');
    expect(res.statusCode).toBe(400);
    const form = formOf(res.body)!;
    expect(Object.keys(form.fieldErrors).sort()).toEqual(['consent', 'preferredTime']);
    expect(form.message).toBe(form.fieldErrors.preferredTime![0]);
  });

  it('answers a refused form with the contact page again: what was typed, every message, and no cache may keep it', async () => {
    const before = (await stored()).length;
    const typed = {
      kind: 'booking',
      name: '',
      phone: '',
      email: 'jane@example',
      message: 'Hi <b>there</b>',
      preferredDate: '2025-06-03',
    };
    const res = await post({ ...typed, website: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    // Unlike the contact page anyone is sent, this one holds the visitor's details.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.body).toContain('<p id="url">/contact</p>');
    expect(formOf(res.body)).toEqual({
      // Never the robots' trap.
      values: { ...typed, consent: false },
      message: enquiryMessages.nameRequired,
      fieldErrors: {
        name: [enquiryMessages.nameRequired],
        email: [enquiryMessages.email],
        consent: [enquiryMessages.consent],
        preferredTime: [enquiryMessages.timeRequired],
      },
    });
    // Written into the page as data a script cannot be closed from.
    expect(res.body).not.toContain('<b>there');
    expect((await stored()).length).toBe(before);
  });

  it("sends a refused form's values and messages with the page even when the server cannot render it, for the browser to draw", async () => {
    const before = (await stored()).length;
    const res = await post(complete({ name: 'Break the page', email: 'jane@example', message: 'Hi <b>there</b>' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('<p id="url">');
    const hints = JSON.parse(
      /<div id="root"><\/div><script type="application\/json" id="hints">(.*?)<\/script>/s.exec(res.body)![1]!,
    ) as {
      enquiry: EnquiryFormState;
    };
    expect(hints.enquiry).toEqual({
      values: {
        kind: 'enquiry',
        name: 'Break the page',
        phone: '',
        email: 'jane@example',
        message: 'Hi <b>there</b>',
        consent: true,
      },
      message: enquiryMessages.email,
      fieldErrors: { email: [enquiryMessages.email] },
    });
    expect(res.body).not.toContain('<b>there');
    expect((await stored()).length).toBe(before);
  });

  it('draws a refused form about a repair price or a product on the contact page about it, where it was sent', async () => {
    const url = `/contact?repair=${shop.repairId}`;
    const booking = await post(complete({ kind: 'booking', repairId: shop.repairId, name: '' }), t, undefined, url);
    expect(booking.statusCode).toBe(400);
    expect(booking.body).toContain(`<p id="url">${url}</p>`);
    const sent = await post(
      complete({ kind: 'booking', repairId: shop.repairId, preferredDate: '2025-06-03', preferredTime: '11:00' }),
      t,
      undefined,
      url,
    );
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/contact?sent=booking']);
    expect((await stored()).at(-1)).toMatchObject({ repair_id: shop.repairId });
  });

  it('answers a filled honeypot as sent and keeps nothing', async () => {
    const before = (await stored()).length;
    const res = await post(complete({ website: 'https://spam.example' }));
    expect([res.statusCode, res.headers.location]).toEqual([303, '/contact?sent=enquiry']);
    expect((await stored()).length).toBe(before);
  });

  it('takes only what a browser sends for a form: JSON belongs to the API', async () => {
    const before = (await stored()).length;
    const res = await t.request({
      method: 'POST',
      url: '/contact',
      headers: { origin: t.config.publicUrl },
      payload: { ...complete(), consent: false },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false });
    expect((await stored()).length).toBe(before);
  });

  it('is refused from another site', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams(complete()).toString(),
    });
    expect([res.statusCode, res.json()]).toEqual([403, { success: false, message: 'Cross-site request refused' }]);
  });
});

describe('the per-visitor limit, shared with the app’s form', () => {
  it('counts only what is kept, and answers past it with the page and the message, keeping what was typed', async () => {
    let ticks = 0;
    const limited = await createTestContext({ WEB_DIST: dist, ENQUIRY_RATE_LIMIT: '2' }, { clock: () => clock + ++ticks });
    try {
      const owner = await limited.signIn('admin');
      await setUpShop(limited, owner);
      // Mistakes a visitor learns of only from the server do not count.
      for (let i = 0; i < 3; i++) expect((await post(complete({ name: '' }), limited)).statusCode).toBe(400);
      expect((await post(complete(), limited)).statusCode).toBe(303);
      const api = await limited.request({
        method: 'POST',
        url: '/api/enquiry/create',
        payload: { ...complete(), consent: true },
        remoteAddress: '198.51.100.1',
      });
      expect(api.statusCode).toBe(201);
      const refused = await post(complete({ name: 'Third Try' }), limited);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(formOf(refused.body)).toMatchObject({
        values: { name: 'Third Try', consent: true },
        message: enquiryMessages.tooMany,
      });
      // Another visitor is not held back.
      expect((await post(complete(), limited, '198.51.100.2')).statusCode).toBe(303);
      expect(await stored(limited)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('refused forms in a loop', () => {
  it('are answered as the API answers, with no page rendered, past ten an hour per enquiry allowed; a good form still goes', async () => {
    let ticks = 0;
    const limited = await createTestContext({ WEB_DIST: dist, ENQUIRY_RATE_LIMIT: '1' }, { clock: () => clock + ++ticks });
    try {
      const owner = await limited.signIn('admin');
      await setUpShop(limited, owner);
      for (let i = 0; i < 10; i++) {
        const refused = await post(complete({ name: '' }), limited);
        expect(refused.statusCode).toBe(400);
        expect(formOf(refused.body)).toMatchObject({ values: { name: '' } });
      }
      const stopped = await post(complete({ name: '' }), limited);
      expect(stopped.statusCode).toBe(429);
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
      expect(stopped.json()).toMatchObject({ success: false, message: enquiryMessages.tooMany });
      // Another visitor is not held back, and a complete form from this one is still kept.
      expect((await post(complete({ name: '' }), limited, '198.51.100.2')).statusCode).toBe(400);
      expect((await post(complete(), limited)).statusCode).toBe(303);
      expect(await stored(limited)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('a server without the web build', () => {
  it('refuses as the API does, in JSON', async () => {
    const bare = await createTestContext();
    try {
      const res = await post(complete({ name: '' }), bare);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: enquiryMessages.nameRequired });
    } finally {
      await bare.close();
    }
  });
});
