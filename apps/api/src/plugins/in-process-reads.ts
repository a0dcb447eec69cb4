import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseQuery } from '../lib/query.ts';
import { errorAnswer } from './errors.ts';
import { readKey, weakTag, type CachedAnswer } from './etag.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A public API read answered in process, as a signed-out visitor gets it over HTTP: the same bytes, status and
     * ETag, through the same read cache. The server renderer reads its data this way.
     */
    readInProcess(method: 'GET' | 'POST', url: string, body?: string): Promise<CachedAnswer>;
  }
}

/** The parts of a request a public read's handler may use: it answers every visitor alike. */
export interface ReadRequest {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

interface PublicRead {
  method: string;
  /** The route's URL split at '/'; a segment starting with ':' is a parameter. */
  segments: string[];
  handler: (request: ReadRequest) => Promise<unknown>;
}

function paramsOf(segments: string[], path: string[]): Record<string, string> | undefined {
  if (segments.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const given = path[i]!;
    if (!segment.startsWith(':')) {
      if (segment !== given) return undefined;
    } else {
      try {
        if (!given) return undefined;
        params[segment.slice(1)] = decodeURIComponent(given);
      } catch {
        return undefined;
      }
    }
  }
  return params;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * As the route would answer over HTTP: JSON, with an ETag on a successful GET (a POST read gets none there either)
 * unless it was streamed (every record of a list, lib/every-record.ts).
 */
async function jsonAnswer(method: string, status: number, value: unknown): Promise<CachedAnswer> {
  const streamed = value instanceof Readable;
  const body = streamed ? Buffer.concat(await value.toArray()) : Buffer.from(JSON.stringify(value));
  const tagged = status === 200 && method === 'GET' && !streamed;
  return { status, body, headers: { 'content-type': JSON_TYPE, ...(tagged ? { etag: weakTag(body) } : {}) } };
}

/**
 * Public API reads (routes with `config: PUBLIC_READ`) answered without HTTP. `app.inject` would do the same, but
 * its stand-in request and response objects pass through Node's HTTP code, and once they have, V8 keeps that code
 * general for the life of the process: every real answer afterwards costs about a quarter more CPU
 * (docs/decisions/0017-in-process-reads.md). Registered before the routes, so it sees each one as it is added.
 */
export default fp(async function inProcessReads(app: FastifyInstance) {
  const reads: PublicRead[] = [];
  app.addHook('onRoute', (route) => {
    const method = String(route.method);
    if (!route.config?.publicCache || !route.url?.startsWith('/api/') || (method !== 'GET' && method !== 'POST')) return;
    // A public read's handler uses only the request's query, params and body (see PUBLIC_READ in etag.ts).
    reads.push({ method, segments: route.url.split('/'), handler: route.handler as unknown as PublicRead['handler'] });
  });

  async function answer(method: string, url: string, body: string | undefined): Promise<CachedAnswer> {
    const at = url.indexOf('?');
    const path = (at < 0 ? url : url.slice(0, at)).split('/');
    for (const read of reads) {
      const params = read.method === method ? paramsOf(read.segments, path) : undefined;
      if (!params) continue;
      try {
        const query = parseQuery(at < 0 ? '' : url.slice(at + 1));
        return await jsonAnswer(
          method,
          200,
          await read.handler({ query, params, body: body === undefined ? undefined : JSON.parse(body) }),
        );
      } catch (err) {
        const failure = errorAnswer(err, app.log);
        return jsonAnswer(method, failure.status, failure.body);
      }
    }
    return jsonAnswer(method, 404, { success: false, message: 'Not found' });
  }

  app.decorate('readInProcess', async (method: 'GET' | 'POST', url: string, body?: string) => {
    const cache = app.readCache;
    const key = readKey(method, url, body);
    // No await unless another read of this key is under way: reads begun together (one render's Promise.all) must
    // find each other's flight.
    const flight = cache.inFlight(key);
    const kept = cache.get(key) ?? (flight && (await flight));
    if (kept) return kept;
    const generation = cache.generation;
    const settle = cache.begin(key);
    let result: CachedAnswer | undefined;
    try {
      result = await answer(method, url, body);
      if (result.status === 200) cache.set(key, generation, result);
      return result;
    } finally {
      settle(result?.status === 200 ? result : undefined);
    }
  });
});
