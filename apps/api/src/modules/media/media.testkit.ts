import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** Test fixtures: images of every accepted type made with sharp, broken files, and multipart bodies. */

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export async function makeImage(kind: ImageKind, width = 1000, height = 750, colour = '#1d4ed8'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return base.toFormat(kind).toBuffer();
}

/** A valid PNG header claiming 20000 x 20000 pixels, a few bytes long (from the attack corpus). */
export function pixelBomb(): Buffer {
  return fs.readFileSync(fileURLToPath(new URL('../../../test/fixtures/attack-corpus/pixel-bomb-20000x20000.png', import.meta.url)));
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
