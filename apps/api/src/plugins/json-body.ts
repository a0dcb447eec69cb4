import type { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as text once bufferedBody() has taken it from the stream; null until then. */
    bodyText: string | null;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The request's whole body as text when Node has already buffered all of it, taken from the stream in one call and
 * kept on the request; undefined when it has not all arrived (or is chunked), in which case the stream is left alone.
 *
 * A small body, such as getgroupdata's `{ "id": ... }`, usually arrives in the same packet as the request's headers,
 * and Node has buffered it before the first hook runs. The read cache keys a POST read by this text
 * (plugins/etag.ts), and the JSON parser below parses it without stream events.
 */
export function bufferedBody(request: FastifyRequest): string | undefined {
  if (request.bodyText !== null) return request.bodyText;
  const raw = request.raw;
  const length = Number(raw.headers['content-length']);
  if (raw.readableFlowing || !(length > 0) || raw.readableLength !== length) return undefined;
  request.bodyText = (raw.read() as Buffer).toString('utf8');
  return request.bodyText;
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
  const tooLarge = (done: Done) => done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  app.decorateRequest('bodyText', null);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) => {
    if (Number(request.raw.headers['content-length']) > limit) return tooLarge(done);
    const text = payload === request.raw ? bufferedBody(request) : undefined;
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
      tooLarge(done);
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
