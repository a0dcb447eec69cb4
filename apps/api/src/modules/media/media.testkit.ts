import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test fixtures: images of every accepted type made with sharp, broken files, and multipart bodies. */

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export async function makeImage(kind: ImageKind, width = 1000, height = 750, colour = '#1d4ed8'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return base.toFormat(kind).toBuffer();
}

/** A valid PNG header claiming 20000 x 20000 pixels, a few bytes long. */
export function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const TEXT = Buffer.from('This is plain text pretending to be a photo.\n');

export interface FilePart {
  content: Buffer;
  filename?: string;
  field?: string;
  type?: string;
}

/** A multipart/form-data body: fields (repeated for arrays) and files (under `file` unless named). */
export function multipart(fields: Record<string, string | number | (string | number)[]>, files: FilePart[] = []) {
  const boundary = `----shoptest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  files.forEach((f, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename ?? `image${i}.jpg`}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
