import negotiate from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * The encoding to compress an answer in, by the request's Accept-Encoding and its q-values (`*` and `x-gzip` read as
 * gzip, as @fastify/compress reads them); undefined when the visitor accepts neither.
 */
export function preferredEncoding(accept: string | string[] | undefined): Encoding | undefined {
  if (typeof accept !== 'string' || accept === '') return undefined;
  return negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) ?? undefined;
}

/** Compressed copies kept, by encoding and ETag; the oldest go first. */
const COPIES_KEPT = 500;
const copies = new Map<string, Buffer>();

/**
 * A body compressed to be sent many times: brotli at quality 5, which a 140 KB page takes a few milliseconds to
 * reach and is within a few percent of the best size, or gzip at level 6. With the body's ETag (a hash of its bytes)
 * the copy is kept and reused for as long as the body has not changed: a kept answer expires after a second
 * (plugins/etag.ts), but a page is compressed once per version.
 */
function compressOnce(encoding: Encoding, body: Buffer | string, tag?: string): Buffer {
  const key = tag === undefined ? undefined : `${encoding} ${tag}`;
  const kept = key === undefined ? undefined : copies.get(key);
  if (kept) return kept;
  const copy =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  if (key !== undefined) {
    copies.set(key, copy);
    if (copies.size > COPIES_KEPT) copies.delete(copies.keys().next().value!);
  }
  return copy;
}

/**
 * An answer's body compressed for the request's Accept-Encoding (by `compressOnce`), with the headers that go with
 * it; undefined when the visitor accepts neither encoding. Vary adds Accept-Encoding to the answer's own (unless it
 * names it already), or is `accept-encoding` alone as @fastify/compress writes it.
 */
export function compressedFor(
  acceptEncoding: string | string[] | undefined,
  body: Buffer | string,
  tag: string | undefined,
  vary: string | undefined,
): { body: Buffer; headers: { 'content-encoding': Encoding; 'content-length': number; vary: string } } | undefined {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return undefined;
  const compressed = compressOnce(encoding, body, tag);
  return {
    body: compressed,
    headers: {
      'content-encoding': encoding,
      'content-length': compressed.length,
      vary: !vary ? 'accept-encoding' : /\baccept-encoding\b/i.test(vary) ? vary : `${vary}, Accept-Encoding`,
    },
  };
}
