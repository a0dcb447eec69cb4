// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the workspace, without type declarations
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';

/** Issue 6: the JavaScript the first shop page downloads, gzipped. A size, not a time. */
const BUDGET = 120 * 1024;
/**
 * Issue 22: the JavaScript a shop page runs before the visitor's first touch, gzipped: public/boot.js alone, which
 * starts the app at that touch and moves the home page's slider until then (a signed-in visitor's page starts its app
 * once loaded, for their account links).
 */
const BEFORE_TOUCH_BUDGET = 40 * 1024;
/**
 * Chunks that only the admin console, the account pages, the forms (zod, react-hook-form), the enquiry form (loaded
 * when opened), the selects, toasts, the blog editor's Markdown preview (packages/markdown) or the product form's drag
 * and drop (dnd-kit) need.
 */
const HEAVY =
  /^(AdminApp|react-select|forms|LoginPage|RegisterPage|AuthLayout|toaster|markdown|dnd-kit|EnquiryForm|EnquiryDialog)-/;
const SHOP_PAGES = [
  'HomePage',
  'ProductListPage',
  'ProductPage',
  'PhoneRepairPage',
  'PhoneRepairDetailPage',
  'BlogPage',
  'BlogPostPage',
  'ContactPage',
  'PrivacyPage',
  'RepairBrandPage',
  'RepairModelPage',
  'SearchPage',
  // The search box's suggestions, loaded on every shop page once the box is used.
  'SearchSuggestions',
];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const assets = path.join(dist, 'assets');

/** Every chunk a chunk imports statically (what the browser must fetch before running it), itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) closure(m[1]!, seen);
  return seen;
}

const gzipped = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let entry: Set<string>;

beforeAll(() => {
  buildIfStale();
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([\w.-]+\.js)"/g),
  ].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  entry = new Set<string>();
  for (const s of scripts) closure(s, entry);
}, 120_000);

const pageChunk = (name: string) => fs.readdirSync(assets).find((c) => c.startsWith(`${name}-`) && c.endsWith('.js'));

describe('front-end budget (gzip -9 of the built app)', () => {
  it.each(SHOP_PAGES)(`%s, opened first, downloads at most ${kb(BUDGET)} of JavaScript`, (name) => {
    const page = pageChunk(name);
    expect(page, `${name} chunk`).toBeDefined();
    const files = closure(page!, new Set(entry));
    const size = gzipped(files);
    expect(size, `${kb(size)} in ${[...files].join(', ')}`).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps the admin console, react-select, the form libraries, drag and drop and the account pages out of the first download and the shop pages', () => {
    const pages = SHOP_PAGES.map(pageChunk);
    expect(pages.every(Boolean), 'a shop page chunk is missing').toBe(true);
    for (const file of [...entry, ...pages.flatMap((p) => [...closure(p!)])]) expect(file).not.toMatch(HEAVY);
  });

  it('marks for compiling at load what a shop page runs as its app starts, and neither the admin console nor what is loaded at its first use', () => {
    const hinted = (file: string) =>
      fs.readFileSync(path.join(assets, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    const started = [...entry, ...SHOP_PAGES.filter((name) => name !== 'SearchSuggestions').map((name) => pageChunk(name)!)];
    for (const file of started) expect(hinted(file), file).toBe(true);
    for (const name of ['AdminApp', 'SearchSuggestions', 'EnquiryDialog', 'carousel', 'markdown']) {
      expect(hinted(pageChunk(name)!), name).toBe(false);
    }
    // The compressed files the server sends are those of the marked files.
    const react = [...entry].find((file) => file.startsWith('react-'))!;
    expect(gunzipSync(fs.readFileSync(path.join(assets, `${react}.gz`))).toString('utf8')).toBe(
      fs.readFileSync(path.join(assets, react), 'utf8'),
    );
  });

  it(`runs at most ${kb(BEFORE_TOUCH_BUDGET)} of JavaScript on a shop page before the first touch`, () => {
    const size = gzipSync(fs.readFileSync(path.join(dist, 'boot.js')), { level: 9 }).length;
    expect(size, kb(size)).toBeLessThanOrEqual(BEFORE_TOUCH_BUDGET);
  });
});
