import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type Done = (err: Error | null, body?: unknown) => void;

/**
 * A body taken from its request's stream, kept on the request for whoever asks next (the read cache, then the JSON
 * parser): a property, as a WeakMap entry per request cost a kept POST read about 2 µs and more garbage collection.
 */
const TAKEN = Symbol('taken body');
type WithBody = IncomingMessage & { [TAKEN]?: string };

/**
 * The request's whole body as text when Node has already buffered all of it, taken from the stream in one call and
 * kept for the request's next reader; undefined when it has not all arrived (or is chunked), in which case the stream
 * is left alone.
 *
 * A small body, such as getgroupdata's `{ "id": ... }`, usually arrives in the same packet as the request's headers,
 * and Node has buffered it once that packet is read (a microtask after the request event, and after the first
 * hooks). The read cache keys a POST read by this text (plugins/etag.ts, plugins/front-door.ts), and the JSON parser
 * below parses it without stream events.
 */
export function bufferedBody(raw: WithBody): string | undefined {
  const known = raw[TAKEN];
  if (known !== undefined) return known;
  const length = Number(raw.headers['content-length']);
  if (raw.readableFlowing || !(length > 0) || raw.readableLength !== length) return undefined;
  const text = (raw.read() as Buffer).toString('utf8');
  raw[TAKEN] = text;
  return text;
}

/** A body past the limit is still read (and thrown away) up to this size, so the client gets to read the 413. */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * Answers 413 for a body past the limit once the client has sent all of it, reading and discarding the rest. A
 * client is still sending when a server that refused at once closes the connection, so it sees a broken pipe
 * instead of the answer (a browser shows a network error for a photo that is too large). Past DRAIN_LIMIT the
 * refusal is immediate and the connection closes: nobody's honest request is that large.
 */
function refuseTooLarge(payload: Readable, declared: number, alreadyRead: number, done: Done): void {
  const refuse = () => done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  if (declared > DRAIN_LIMIT) return refuse();
  let read = alreadyRead;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT) finish();
  };
  const finish = () => {
    payload.off('data', onData);
    payload.off('end', finish);
    payload.off('error', finish);
    refuse();
  };
  payload.on('data', onData);
  payload.on('end', finish);
  payload.on('error', finish);
  payload.resume();
}

/**
 * JSON request bodies, parsed by Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype`
 * are refused, an empty body is an error), within the server's body limit. A body already buffered is taken at once
 * (bufferedBody); reading it through stream events instead, as Fastify does for every body, cost such a POST read
 * about a quarter of its time (docs/decisions/0018-json-bodies.md). Any other body is read as a stream.
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  const limit = app.initialConfig.bodyLimit ?? 1024 * 1024;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) => {
    const declared = Number(request.raw.headers['content-length']);
    if (declared > limit) return refuseTooLarge(payload, declared, 0, done);
    const text = payload === request.raw ? bufferedBody(request.raw) : undefined;
    if (text !== undefined) return parse(request, text, done);
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onEnd);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      refuseTooLarge(payload, 0, size, done);
    };
    const onEnd = (err?: Error) => {
      stop();
      if (err) return done(Object.assign(err, { statusCode: 400 }));
      parse(request, Buffer.concat(chunks, size).toString('utf8'), done);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
  });
});
