import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnswer, postHead, send as sendTo } from '../../test/raw-http.ts';
import errors from './errors.ts';
import jsonBody from './json-body.ts';

/** The bodies are sent over a real socket: `inject` never has a body buffered before the route runs. */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 200 });
  await app.register(errors);
  await app.register(jsonBody);
  // The shop's onRequest hooks are asynchronous, so a body sent with the headers is buffered by the time it is parsed.
  app.addHook('onRequest', async () => {});
  // `flowing` says how the body was read: null when it was taken at once, true when it was read as a stream.
  app.post('/echo', async (request) => ({ body: request.body, flowing: request.raw.readableFlowing }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(() => app.close());

const send = (pieces: string[], pauseMs?: number) => sendTo(port, pieces, pauseMs);
const head = (length: number | 'chunked', close = true) => postHead('/echo', length, { close });
const parse = (answer: string) => {
  const { status, json } = parseAnswer(answer);
  return { status, json };
};

const chunked = (...parts: string[]) =>
  parts.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join('') + '0\r\n\r\n';

describe('JSON request bodies', () => {
  it('takes a body that arrived with the headers at once', async () => {
    const body = JSON.stringify({ id: 'abc', name: 'Screen £49' });
    const { status, json } = parse(await send([head(Buffer.byteLength(body)) + body]));
    expect(status).toBe(200);
    expect(json).toEqual({ body: { id: 'abc', name: 'Screen £49' }, flowing: null });
  });

  it('reads a body that arrives after the headers, or in chunks, as a stream', async () => {
    const body = JSON.stringify({ id: 'abc' });
    const late = parse(await send([head(body.length), body.slice(0, 4), body.slice(4)]));
    expect(late).toEqual({ status: 200, json: { body: { id: 'abc' }, flowing: true } });
    const inChunks = parse(await send([head('chunked') + chunked('{"id":', '"abc"}')]));
    expect(inChunks).toEqual({ status: 200, json: { body: { id: 'abc' }, flowing: true } });
  });

  it('answers two requests on one connection, each with its own body', async () => {
    const one = '{"n":1}';
    const two = '{"n":2}';
    const answer = await send([head(one.length, false) + one + head(two.length) + two]);
    const bodies = answer
      .split('HTTP/1.1 ')
      .slice(1)
      .map((a) => parse(`HTTP/1.1 ${a}`).json.body);
    expect(bodies).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('refuses malformed JSON, an empty body and prototype poisoning, either way the body arrives', async () => {
    const refused = { status: 400, json: { success: false, message: 'The request body is not valid JSON' } };
    for (const body of ['{"id":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      expect(parse(await send([head(body.length) + body]))).toEqual(refused);
      expect(parse(await send([head(body.length), body]))).toEqual(refused);
    }
    expect(parse(await send([head(0)]))).toEqual(refused);
  });

  it('refuses a body over the limit, whether its length is declared or not', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(300) });
    const tooLarge = { status: 413, json: { success: false, message: 'The request body is too large' } };
    expect(parse(await send([head(big.length) + big]))).toEqual(tooLarge);
    expect(parse(await send([head('chunked'), chunked(big.slice(0, 150), big.slice(150))]))).toEqual(tooLarge);
  });
});
