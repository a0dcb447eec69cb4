import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const UNAVAILABLE = 'Service temporarily unavailable';

/** True for errors that mean the database cannot be reached right now (not a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'SQLITE_BUSY', '57P01', '57P03', '08006', '08001', '08003'].includes(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(message)
  );
}

/**
 * Node's error for a request whose client went away, or was cut off for being too slow, before sending all of it:
 * the connection is gone, so it is nobody's fault on the server, the database's least.
 */
function isCutOff(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === 'ECONNRESET' && e.message === 'aborted';
}

/** PostgreSQL refuses NUL and invalid UTF-8 in text: the request's fault, not the server's. */
function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

/** What a failure answers: its status, the `{ success: false, message }` body, and whether to ask for a retry. */
export interface ErrorAnswer {
  status: number;
  body: { success: false; message: string; fieldErrors?: Record<string, string[]> };
  retryAfter?: number;
}

/**
 * The answer to any failure, for the error handler and for reads answered in process (plugins/in-process-reads.ts):
 * a 500 says nothing of its cause, and is logged with the request's logger.
 */
export function errorAnswer(err: unknown, log: FastifyBaseLogger): ErrorAnswer {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: { success: false, message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) },
      ...(err.retryAfter ? { retryAfter: err.retryAfter } : {}),
    };
  }
  if (isCutOff(err)) {
    log.info('the client went away before sending the whole request');
    return { status: 400, body: { success: false, message: 'The request was cut off' } };
  }
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, 'database unavailable');
    return { status: 503, body: { success: false, message: UNAVAILABLE }, retryAfter: 5 };
  }
  if (isUnstorableText(err))
    return { status: 400, body: { success: false, message: 'Text contains characters that cannot be stored' } };
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { success: false, message: clientMessage(err as FastifyError) } };
  }
  log.error({ err }, 'request failed');
  return { status: 500, body: { success: false, message: 'Internal Server Error' } };
}

/** One error handler: every failure answers `{ success: false, message }`. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const answer = errorAnswer(err, request.log);
    if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
    return reply.status(answer.status).send(answer.body);
  });
});

/** Fastify's own 4xx messages, made plain where they would leak internals. */
function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Each image must be at most 8 MB';
    case 'FST_FILES_LIMIT':
      return 'Too many files';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Too many form fields';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'The request is not multipart form data';
    default:
      return err.message && err.message.length < 200 ? err.message : 'Bad request';
  }
}
