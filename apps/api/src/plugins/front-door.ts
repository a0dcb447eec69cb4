import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { compressedFor } from '../lib/compression.ts';
import { SESSION_COOKIE } from './auth.ts';
import { JSON_TYPE, matchesTag, readKey, type CachedAnswer } from './etag.ts';
import { bufferedBody } from './json-body.ts';
import type { ShopSecurity } from './security.ts';
import { pageKey } from './web.ts';

/** A POST read's body is part of its key: only a small one is looked up (getgroupdata's is about 40 bytes). */
const MAX_KEYED_BODY = 4096;
/** The size from which a compressible answer is sent compressed, as @fastify/compress decides it (app.ts). */
const COMPRESS_FROM = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/json)/;

/** Whether Fastify writes a line per request: at `info` and finer (a logger turned off has no level). */
const logsRequests = (log: FastifyBaseLogger) => ['info', 'debug', 'trace'].includes(log.level);

export interface FrontDoorOptions {
  security: ShopSecurity;
  /** The request id Fastify would give the request (its genReqId). */
  requestId: (req: IncomingMessage) => string;
}

/**
 * Sends a kept public read from the HTTP server's request event, before Fastify sees the request: a repeated read
 * then costs what a bare `node:http` answer costs, plus the lookup and the shop's headers
 * (docs/decisions/0041-kept-answers-before-the-framework.md). Everything else goes to Fastify, whose read cache
 * (plugins/etag.ts) computes and keeps the answers this sends.
 *
 * It sends exactly what Fastify would: the request id, the security headers, the kept headers, 304 for a matching
 * If-None-Match, HEAD without a body, the answer compressed for the visitor (once per version, by its ETag). It
 * steps aside for a request Fastify has to see: any request while the server closes, an API request with a session
 * (its cookie may be renewed or cleared), a POST the cross-site rule refuses, or whose body is not a small JSON one
 * that arrived whole with its headers, and every request when the log level writes a line per request (`info` and
 * finer), so that every line stays Fastify's.
 */
export function answerKeptFirst(app: FastifyInstance, { security, requestId }: FrontDoorOptions): void {
  const server = app.server;
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error('The front door expects Fastify as the only request listener');
  const fastify = listeners[0]!;
  if (logsRequests(app.log)) return;
  let open = true;
  app.addHook('preClose', (done) => {
    open = false;
    done();
  });
  const session = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
  const keptFor = (req: IncomingMessage, url: string, key: string): CachedAnswer | undefined => {
    const api = url.startsWith('/api/');
    if (api && session.test(req.headers.cookie ?? '')) return undefined;
    const cache = app.readCache;
    return cache.get(key) ?? (api || url.startsWith('/media/') ? undefined : cache.get(pageKey(req.headers, url)));
  };

  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (!open) return fastify(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return answer(req, res, url, () => readKey('GET', url));
    if (!isKeyablePost(req)) return fastify(req, res);
    // Node reads a body that came with its headers right after this event: it is looked up once that packet is read.
    queueMicrotask(() =>
      answer(req, res, url, () => {
        const body = bufferedBody(req);
        return body === undefined ? undefined : readKey('POST', url, body);
      }),
    );
  });

  /** Sends the answer kept under the request's key, or hands the request to Fastify. */
  function answer(req: IncomingMessage, res: ServerResponse, url: string, keyOf: () => string | undefined): void {
    try {
      const key = keyOf();
      const kept = key === undefined ? undefined : keptFor(req, url, key);
      if (kept) return send(req, res, url, kept);
    } catch (err) {
      app.log.error({ err, url }, 'a kept answer could not be sent');
      if (res.headersSent) return void res.destroy();
    }
    fastify(req, res);
  }

  function isKeyablePost(req: IncomingMessage): boolean {
    const length = Number(req.headers['content-length']);
    return (
      req.method === 'POST' &&
      length > 0 &&
      length <= MAX_KEYED_BODY &&
      JSON_TYPE.test(req.headers['content-type'] ?? '') &&
      !security.refuses(req.method, req.headers)
    );
  }

  function send(req: IncomingMessage, res: ServerResponse, url: string, answer: CachedAnswer): void {
    const headers: OutgoingHttpHeaders = {
      'x-request-id': requestId(req),
      ...security.headersFor(answer.headers['content-type']),
      ...answer.headers,
    };
    const safe = req.method !== 'POST';
    // As plugins/etag.ts gives a read without a session.
    if (safe && url.startsWith('/api/') && headers['cache-control'] === undefined) headers['cache-control'] = 'no-cache';
    const tag = answer.headers.etag;
    if (safe && tag !== undefined && matchesTag(req.headers['if-none-match'], tag)) {
      headers['content-length'] = 0;
      res.writeHead(304, headers).end();
      return;
    }
    // A HEAD says what the uncompressed answer would be, as Fastify's does.
    const compressed =
      req.method !== 'HEAD' &&
      answer.body.length >= COMPRESS_FROM &&
      COMPRESSIBLE.test(answer.headers['content-type'] ?? '') &&
      compressedFor(req.headers['accept-encoding'], answer.body, tag, answer.headers.vary);
    const body = compressed ? compressed.body : answer.body;
    Object.assign(headers, compressed ? compressed.headers : { 'content-length': body.length });
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
