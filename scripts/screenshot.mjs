// Screenshots of shop pages at phone and desktop widths, for looking at what a change did.
// Usage: node scripts/screenshot.mjs http://localhost:3000/shop/home [more URLs...] [--out dir] [--cookie 'sid=...; signed_in=1']
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const out = flag('--out') ?? 'screenshots';
const cookie = flag('--cookie');
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  if (cookie) {
    const { hostname } = new URL(args[0]);
    const pairs = cookie.split(';').map((c) => c.trim().split('='));
    await context.addCookies(pairs.map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
  }
  const page = await context.newPage();
  for (const url of args) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    // A whole page in one picture: what is below the first screen (the `below-fold` utility) is drawn first, as it
    // would be once scrolled to.
    await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
    const name = new URL(url).pathname.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root';
    const file = path.join(out, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    process.stdout.write(`${file}\n`);
  }
  await context.close();
}
await browser.close();
