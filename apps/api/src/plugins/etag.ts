import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { queryStart, withOnlyParams } from '../lib/query.ts';
import { bufferedBody } from './json-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every visitor gets the same answer: it is kept in memory (see ReadCache) and served from there. */
    publicCache?: boolean;
    /**
     * The key of a kept answer when it depends on more than the address (a page differs between phones and others);
     * undefined for a request whose answer is not to be kept (an admin's blog list).
     */
    cacheKey?: (request: FastifyRequest) => string | undefined;
  }
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyRequest {
    /** Set on a request whose answer may be kept: the key, the cache generation when it started, and how to hand
     * its answer to the requests waiting for it; the route sets `until` (epoch milliseconds) when its answer reads
     * true only until then (a page showing the shop's opening status). */
    cacheSlot: {
      key: string;
      generation: number;
      settle: (answer: CachedAnswer | undefined) => void;
      until?: number;
    } | null;
  }
}

/** A kept answer: the bytes as the route produced them (before compression) and the headers it set. */
export interface CachedAnswer {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Answers of public reads, kept in memory so a repeated read costs no query and no serialisation
 * (docs/decisions/0016-read-cache.md). An admin's write in this process empties it at once; an entry also
 * expires after TTL_MS, which bounds how long another process's write (several servers on PostgreSQL, or a
 * command-line tool) can go unseen here. While one request computes an expired entry's new answer, the others are
 * given the expired one rather than wait for it.
 */
export interface ReadCache {
  readonly generation: number;
  /** The kept answer; an expired one only while a request started since the last write is computing the next. */
  get(key: string): CachedAnswer | undefined;
  /**
   * Keeps the answer unless a write happened since `generation` (the request may have read older rows), for TTL_MS,
   * or for `lifetime` milliseconds when that is shorter: not at all when it is under one.
   */
  set(key: string, generation: number, answer: CachedAnswer, lifetime?: number): void;
  /** The answer a request started since the last write is computing for this key, when one is. */
  inFlight(key: string): Promise<CachedAnswer | undefined> | undefined;
  /** Marks the key as being computed, so concurrent misses wait instead of querying too; settle with the answer. */
  begin(key: string): (answer: CachedAnswer | undefined) => void;
  clear(): void;
}

/**
 * Route config of a public read: `{ config: PUBLIC_READ, ... }`. Its handler answers from the request's query, params
 * and body alone, as it is also called in process for the server renderer (plugins/in-process-reads.ts).
 */
export const PUBLIC_READ = { access: 'public', publicCache: true } as const;

export const TTL_MS = 1000;
const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A bigger answer (say every product, unpaginated) is not worth holding. */
const MAX_ENTRY_BYTES = 512 * 1024;

export function createReadCache(now: () => number = () => performance.now()): ReadCache {
  // Least recently used first; a key is held as long as its answer, and can be as long (a POST read's body): both
  // count towards the size.
  const entries = new LRUCache<string, CachedAnswer>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: (answer, key) => key.length + answer.body.length,
    ttl: TTL_MS,
    ttlResolution: 0,
    noDeleteOnStaleGet: true,
    perf: { now },
  });
  const flights = new Map<string, { generation: number; promise: Promise<CachedAnswer | undefined> }>();
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    get(key) {
      const fresh = entries.get(key);
      if (fresh !== undefined || flights.get(key)?.generation !== generation) return fresh;
      return entries.get(key, { allowStale: true });
    },
    set(key, gen, answer, lifetime = TTL_MS) {
      if (gen === generation && lifetime >= 1) entries.set(key, answer, { ttl: Math.min(TTL_MS, lifetime) });
    },
    inFlight(key) {
      const f = flights.get(key);
      return f && f.generation === generation ? f.promise : undefined;
    },
    begin(key) {
      let resolve!: (answer: CachedAnswer | undefined) => void;
      const flight = { generation, promise: new Promise<CachedAnswer | undefined>((r) => (resolve = r)) };
      flights.set(key, flight);
      return (answer) => {
        if (flights.get(key) === flight) flights.delete(key);
        resolve(answer);
      };
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

const SAFE = new Set(['GET', 'HEAD']);

/**
 * Whether a request may have changed what public reads show: an accepted (or failed) write of a route that is not
 * open to every visitor or customer. A refused write (4xx: signed out, cross-site, invalid, throttled, unknown
 * address) changed nothing, and what anyone may write (an enquiry, a sign-in, a sign-up) is never in a public read;
 * so neither can empty the cache and make every visitor's next read a cold one.
 */
function changesPublicReads(request: FastifyRequest, status: number): boolean {
  if (SAFE.has(request.method) || (status >= 400 && status < 500)) return false;
  const config = request.routeOptions.config;
  return !config?.publicCache && config?.access !== 'public' && config?.access !== 'user';
}
/** The headers a route sets that a kept answer repeats (the security headers are added to every answer as it is sent). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'vary', 'cross-origin-opener-policy'] as const;

export const weakTag = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether a request's If-None-Match names this ETag (or any), so the browser's copy is current: 304. */
export function matchesTag(given: string | undefined, tag: string): boolean {
  return given !== undefined && given.split(',').some((t) => t.trim() === tag || t.trim() === '*');
}

/** The key of a public read: a HEAD is answered from what GET keeps; a POST read (getgroupdata) is keyed by its body's text. */
export function readKey(method: string, url: string, body?: string): string {
  return method === 'POST' ? `POST ${url} ${body}` : `GET ${url}`;
}

/**
 * The key of a public GET read: its address with only the query parameters its route reads, those its querystring
 * schema names (a public read's handler parses its query with that schema, which drops any other).
 */
export function getKey(request: FastifyRequest): string {
  const url = request.url;
  if (queryStart(url) < 0) return readKey('GET', url);
  const properties = (request.routeOptions.schema?.querystring as { properties?: object } | undefined)?.properties;
  return readKey('GET', withOnlyParams(url, properties ? Object.keys(properties) : []));
}

/** JSON as browsers and the shop's app send it. A POST read with any other type is answered, but not kept. */
export const JSON_TYPE = /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i;

/**
 * The key of a request to a `publicCache` route, or undefined when its answer is not to be kept: a POST read whose
 * body has not all arrived yet (bufferedBody), or is not JSON. The same text always parses to the same body, so an
 * answer kept for it is the answer the route would give.
 */
function cacheKeyOf(request: FastifyRequest): string | undefined {
  const own = request.routeOptions.config.cacheKey;
  if (own) return own(request);
  if (request.method !== 'POST') return getKey(request);
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) return undefined;
  const body = bufferedBody(request.raw);
  return body === undefined ? undefined : readKey('POST', request.url, body);
}

/** An API read is checked with the server before each use, and kept only by the visitor's browser when signed in. */
function revalidated(request: FastifyRequest, reply: FastifyReply): void {
  if (request.url.startsWith('/api/') && !reply.getHeader('cache-control')) {
    reply.header('cache-control', request.user ? 'private, no-cache' : 'no-cache');
  }
}

/**
 * HTTP caching: ETags on successful API reads and on kept answers, 304 for a matching If-None-Match (so a browser
 * revalidating what it has downloads nothing), and the in-memory ReadCache for routes marked `publicCache`.
 * Runs before compression, on the answer's own bytes.
 *
 * A kept answer is sent from the last onRequest hook, so register this plugin after those that every answer needs
 * (security headers, the cross-site refusal, the session): a hit then skips body parsing, validation and the
 * handler's hooks, which for a POST read cost more than the rest of its answer (docs/decisions/0016-read-cache.md).
 */
export default fp(async function etag(app: FastifyInstance) {
  const cache = createReadCache();
  app.decorate('readCache', cache);
  app.decorateRequest('cacheSlot', null);

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config?.publicCache) return done();
    // A POST read's body arrives in the packet of its headers, but Node reads it after this hook: its key is taken
    // once the packet is read.
    if (request.method === 'POST') Promise.resolve().then(() => answerKept(request, reply, done)).catch(done);
    else answerKept(request, reply, done);
  });

  /** Sends the kept answer to the request when there is one, or marks the request as one whose answer to keep. */
  function answerKept(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    const key = cacheKeyOf(request);
    if (key === undefined) return done();
    const answer = (hit: CachedAnswer | undefined) => {
      if (hit) return void reply.code(hit.status).headers(hit.headers).send(hit.body);
      if (request.method !== 'HEAD') request.cacheSlot = { key, generation: cache.generation, settle: cache.begin(key) };
      done();
    };
    const hit = cache.get(key);
    if (hit) return answer(hit);
    // After a write, the many requests that miss at once wait for the first one instead of all querying.
    const flight = cache.inFlight(key);
    if (flight) flight.then(answer).catch(done);
    else answer(undefined);
  }

  app.addHook('onSend', (request, reply, payload, done) => done(null, tagAndKeep(request, reply, payload)));

  function tagAndKeep(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const slot = request.cacheSlot;
    if (changesPublicReads(request, reply.statusCode)) cache.clear();
    const bytes = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    const safe = SAFE.has(request.method);
    if (bytes === undefined || reply.statusCode !== 200) {
      // A streamed answer (every record of a list, lib/every-record.ts) is neither tagged nor kept.
      if (safe && reply.statusCode === 200) revalidated(request, reply);
      slot?.settle(undefined);
      return payload;
    }
    // A HEAD of a kept read is tagged as its GET is (it keeps no answer: a HEAD has no body to keep).
    const kept = slot !== undefined || (request.method === 'HEAD' && request.routeOptions.config?.publicCache);
    if (safe && !reply.getHeader('etag') && (request.url.startsWith('/api/') || kept)) reply.header('etag', weakTag(bytes));
    if (slot) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const answer = { status: 200, body: Buffer.from(bytes), headers };
      cache.set(slot.key, slot.generation, answer, slot.until === undefined ? undefined : slot.until - Date.now());
      slot.settle(answer);
    }
    const tag = reply.getHeader('etag');
    if (!safe || typeof tag !== 'string') return payload;
    revalidated(request, reply);
    if (matchesTag(request.headers['if-none-match'], tag)) {
      reply.code(304);
      return '';
    }
    return payload;
  }

  // A write whose answer never reached onSend (the client went away) still empties the cache, and requests
  // waiting for an answer that was never produced compute their own.
  app.addHook('onResponse', (request, reply, done) => {
    if (changesPublicReads(request, reply.statusCode)) cache.clear();
    request.cacheSlot?.settle(undefined);
    done();
  });
  app.addHook('onRequestAbort', async (request) => {
    request.cacheSlot?.settle(undefined);
  });
});
