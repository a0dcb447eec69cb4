// Draws the shop's icon, apps/web/favicon.svg, as the PNGs the pages link to: a 32 px favicon and the 180 px icon a
// phone puts on its home screen. Run after changing the drawing: node scripts/favicons.mjs. A page does not link
// the SVG itself: Chromium draws an SVG favicon in a document of its own, one long task on a slow phone's main
// thread as the page loads (docs/decisions/0014-storefront-pages.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const source = path.join(web, 'favicon.svg');
for (const [size, name] of [
  [32, 'favicon.png'],
  [180, 'apple-touch-icon.png'],
]) {
  await sharp(source, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(web, 'public', name));
}
