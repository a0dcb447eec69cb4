import type { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type Done = (err: Error | null, body?: unknown) => void;

/**
 * JSON request bodies, parsed by Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype`
 * are refused, an empty body is an error), within the server's body limit.
 *
 * A small body, such as getgroupdata's `{ "id": ... }`, usually arrives in the same packet as the request's
 * headers: Node has then buffered all of it before the route runs, and it is taken in one call. Reading it through
 * stream events instead, as Fastify does for every body, cost such a POST read about a quarter of its time
 * (docs/decisions/json-bodies.md). Any other body is read as a stream.
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  const limit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  const tooLarge = (done: Done) => done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) => {
    const raw = request.raw;
    const length = Number(raw.headers['content-length']);
    if (length > limit) return tooLarge(done);
    if (payload === raw && !raw.readableFlowing && length > 0 && raw.readableLength === length) {
      return parse(request, (raw.read() as Buffer).toString('utf8'), done);
    }
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
