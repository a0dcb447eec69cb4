import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DRAIN_LIMIT } from '../src/plugins/json-body.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { parseAnswer, postHead, send, trickle } from './raw-http.ts';

/** Requests a client sends that the server cannot take, over a real socket: each answer is the usual envelope, readable. */
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** A body sent the way a slow upload arrives: in pieces, while the server may already have decided. */
function slowBody(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= size) return controller.close();
      await new Promise((r) => setTimeout(r, 2));
      const n = Math.min(100_000, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(32));
    },
  });
}

describe('an oversized body', () => {
  it('answers 413 with the envelope that fetch can read, once the client has sent it', async () => {
    const size = 5_000_000;
    for (const headers of [{ 'content-length': String(size) }, {}]) {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: slowBody(size),
        duplex: 'half',
      } as RequestInit);
      expect([headers, res.status, await res.json()]).toEqual([
        headers,
        413,
        { success: false, message: 'The request body is too large' },
      ]);
    }
    expect(await t.db.db.selectFrom('users').select('id').where('role', '=', 'user').execute()).toEqual([]);
  });

  it('is refused at once, without reading it, past the size any honest request has', async () => {
    const head = `POST /api/auth/register HTTP/1.1\r\nhost: shop\r\ncontent-type: application/json\r\ncontent-length: ${DRAIN_LIMIT * 4}\r\n\r\n{`;
    const answer = parseAnswer(await send(port, [head]));
    expect([answer.status, answer.json]).toEqual([413, { success: false, message: 'The request body is too large' }]);
  });
});

describe('a request Node cannot parse', () => {
  it('answers 431 with the envelope for headers or an address too large', async () => {
    const answer = parseAnswer(
      await send(port, [`GET /api/product/getall?q=${'x'.repeat(60_000)} HTTP/1.1\r\nhost: shop\r\n\r\n`]),
    );
    expect([answer.status, answer.json]).toEqual([
      431,
      { success: false, message: 'The request headers or address are too large' },
    ]);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers 400 with the envelope for both Content-Length and Transfer-Encoding, and for garbage', async () => {
    const smuggled =
      'POST /api/auth/logout HTTP/1.1\r\nhost: shop\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n';
    for (const request of [smuggled, 'NOT HTTP AT ALL\r\n\r\n']) {
      const answer = parseAnswer(await send(port, [request]));
      expect([answer.status, answer.json]).toEqual([400, { success: false, message: 'The request is not valid HTTP' }]);
    }
  });
});

describe('a request that arrives too slowly', () => {
  it('is answered 408 with the envelope and its connection closed, a trickled body or trickled headers alike', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const slow = await buildApp({
      config: { ...t.config, requestTimeoutSeconds: 1, logLevel: 'info' },
      db: t.db,
      logger: { stream },
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const slowPort = (slow.server.address() as { port: number }).port;
    try {
      const answers = [
        await trickle(slowPort, postHead('/api/auth/register', 1000, { close: false }), ' '),
        await trickle(slowPort, 'POST /api/auth/register HTTP/1.1\r\nhost: shop\r\n', 'x-padding: 1\r\n'),
      ].map(parseAnswer);
      for (const answer of answers) {
        expect([answer.status, answer.json]).toEqual([408, { success: false, message: 'The request took too long to arrive' }]);
        expect(answer.headers.connection).toBe('close');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
      // The body's reader hears the connection go: a client's doing, logged as such, never as a database outage.
      await vi.waitFor(() => expect(lines.join('\n')).toContain('the client went away before sending the whole request'));
      const levels = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(levels.filter((entry) => entry.level >= 40)).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
