import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedFor, preferredEncoding } from './compression.ts';

describe('compression of pages and kept answers', () => {
  it('picks brotli or gzip by Accept-Encoding and its q-values, and nothing a visitor refuses', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('compresses a version once: the copy is kept by encoding and ETag, and only with one', () => {
    const page = Buffer.from('<p>A page of the shop.</p>'.repeat(100));
    const br = compressedFor('br', page, 'W/"v1"', 'Sec-CH-UA-Mobile, User-Agent')!;
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    expect(br.headers).toEqual({
      'content-encoding': 'br',
      'content-length': br.body.length,
      vary: 'Sec-CH-UA-Mobile, User-Agent, Accept-Encoding',
    });
    expect(compressedFor('gzip;q=0.5, br', page, 'W/"v1"', undefined)!.body).toBe(br.body);
    const gzip = compressedFor('gzip', page, 'W/"v1"', undefined)!;
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(compressedFor('br', page, undefined, undefined)!.body).not.toBe(compressedFor('br', page, undefined, undefined)!.body);
    expect(compressedFor('identity', page, 'W/"v1"', undefined)).toBeUndefined();
  });
});
