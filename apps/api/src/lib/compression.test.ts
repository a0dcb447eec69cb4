import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOnce, preferredEncoding } from './compression.ts';

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
    const br = compressOnce('br', page, 'W/"v1"');
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(compressOnce('br', page, 'W/"v1"')).toBe(br);
    const gzip = compressOnce('gzip', page, 'W/"v1"');
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(gzip).not.toBe(br);
    expect(compressOnce('br', page)).not.toBe(compressOnce('br', page));
  });
});
