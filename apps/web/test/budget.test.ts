// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { enquiryMessages, hoursMessages, messages, type ShopPage } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the workspace, without type declarations
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';

/** Issue 6: the JavaScript the first shop page downloads, gzipped. A size, not a time. */
const BUDGET = 120 * 1024;
/** Issue 22: the same for a shop page the server rendered, sent as islands (src/islands.tsx): no page chunk. */
const ISLANDS_BUDGET = 80 * 1024;
/**
 * Issue 22: the JavaScript a shop page runs before the visitor's first touch, gzipped: public/boot.js alone, which
 * starts the app at that touch and moves the home page's slider until then (a signed-in visitor's page starts its app
 * once loaded, for their account links).
 */
const BEFORE_TOUCH_BUDGET = 40 * 1024;
/**
 * The JavaScript a shop page loads at the enquiry form's first use (a tap on "Book this repair" waits for it), beyond
 * what the page has loaded by then: the form, its rules and the form libraries, with zod/mini (zod's full API brings
 * 16 KB more).
 */
const ENQUIRY_FORM_BUDGET = 30 * 1024;
/**
 * Chunks that only the admin console, the account pages, the forms (zod, react-hook-form), the enquiry form (loaded
 * when opened), the selects, toasts, the blog editor's Markdown preview (packages/markdown) or the product form's drag
 * and drop (dnd-kit) need.
 */
const HEAVY =
  /^(AdminApp|react-select|forms|LoginPage|RegisterPage|AuthLayout|toaster|markdown|dnd-kit|EnquiryForm|EnquiryDialog)-/;
/** Each shop page's chunk, as the app loads it (src/app/App.tsx). */
const PAGE_CHUNKS: Record<ShopPage, string> = {
  home: 'HomePage',
  listing: 'ProductListPage',
  product: 'ProductPage',
  repairBrands: 'PhoneRepairPage',
  repairTable: 'PhoneRepairDetailPage',
  blog: 'BlogPage',
  blogPost: 'BlogPostPage',
  contact: 'ContactPage',
  privacy: 'PrivacyPage',
  repairBrand: 'RepairBrandPage',
  repairModel: 'RepairModelPage',
  search: 'SearchPage',
};
const SHOP_PAGES = [
  ...Object.values(PAGE_CHUNKS),
  // The search box's suggestions, loaded on every shop page once the box is used.
  'SearchSuggestions',
];
/** What a page sent as islands must not load before the visitor uses it: the data library among them. */
const NOT_IN_ISLANDS =
  /^(query|forms|carousel|SearchSuggestions|EnquiryDialog|live-parts|home-islands|product-islands|listing-islands|product-cards)-/;
/** The chunk of the parts only one page has, which the islands' entry loads as that page starts (src/app/islands.ts). */
const OWN_ISLANDS: Partial<Record<ShopPage, string>> = {
  home: 'home-islands',
  product: 'product-islands',
  listing: 'listing-islands',
};

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
/** The app's build, and the islands', built apart beside it (vite.config.ts): file names are relative to these. */
const assets = path.join(dist, 'assets');
const islandAssets = path.join(assets, 'islands');

/** Every chunk of `dir` a chunk imports statically (what the browser must fetch before running it), itself included. */
function closure(file: string, seen = new Set<string>(), dir = assets): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) closure(m[1]!, seen, dir);
  return seen;
}
const islandsClosure = (file: string, seen = new Set<string>()) => closure(file, seen, islandAssets);

const gzipped = (files: Iterable<string>, dir = assets) =>
  [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let entry: Set<string>;
let islands: Set<string>;

beforeAll(() => {
  buildIfStale();
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([\w.-]+\.js)"/g),
  ].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  entry = new Set<string>();
  for (const s of scripts) closure(s, entry);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'islands-manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  islands = islandsClosure(path.basename(manifest['src/islands.tsx']!.file));
}, 120_000);

/** The last build's chunk of this name: the files of the build before it are kept beside it (apps/web/build.mjs). */
const pageChunk = (name: string, dir = assets) =>
  fs
    .readdirSync(dir)
    .filter((c) => c.startsWith(`${name}-`) && c.endsWith('.js'))
    .sort((a, b) => fs.statSync(path.join(dir, b)).mtimeMs - fs.statSync(path.join(dir, a)).mtimeMs)[0];
const islandsChunk = (name: string) => pageChunk(name, islandAssets);

describe('front-end budget (gzip -9 of the built app)', () => {
  it.each(Object.keys(PAGE_CHUNKS) as ShopPage[])(
    `a shop page the server rendered (%s), opened first, downloads at most ${kb(ISLANDS_BUDGET)} of JavaScript`,
    (page) => {
      const own = OWN_ISLANDS[page];
      const files = own ? islandsClosure(islandsChunk(own)!, new Set(islands)) : islands;
      const size = gzipped(files, islandAssets);
      expect(size, `${kb(size)} in ${[...files].join(', ')}`).toBeLessThanOrEqual(ISLANDS_BUDGET);
    },
  );

  it('keeps the router, the data library and what the islands load at their first use out of their first download', () => {
    for (const file of islands) expect(file).not.toMatch(NOT_IN_ISLANDS);
    // The router has no chunk of its own: it is found by the message its hooks fail with outside a router.
    for (const file of islands) expect(fs.readFileSync(path.join(islandAssets, file), 'utf8'), file).not.toContain('<Router>');
    expect(fs.readFileSync(path.join(assets, pageChunk('shop')!), 'utf8')).toContain('<Router>');
    // What they load later is of their own build too: neither the app's router nor its shared chunk.
    const later = [...islands].flatMap((file) =>
      [...fs.readFileSync(path.join(islandAssets, file), 'utf8').matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((m) => m[1]!),
    );
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) expect(fs.existsSync(path.join(islandAssets, file)), file).toBe(true);
    // A page's own parts bring nothing but the islands' chunk beside them, and the product cards.
    for (const own of Object.values(OWN_ISLANDS)) {
      const files = islandsClosure(islandsChunk(own)!);
      for (const file of files) if (!islands.has(file)) expect(file, own).toMatch(new RegExp(`^(${own}|product-cards)-`));
    }
  });

  it.each(SHOP_PAGES)(
    `%s, drawn by the app where the server could not render it, downloads at most ${kb(BUDGET)} of JavaScript`,
    (name) => {
      const page = pageChunk(name);
      expect(page, `${name} chunk`).toBeDefined();
      const files = closure(page!, new Set(entry));
      const size = gzipped(files);
      expect(size, `${kb(size)} in ${[...files].join(', ')}`).toBeLessThanOrEqual(BUDGET);
    },
  );

  it('keeps the admin console, react-select, the form libraries, drag and drop and the account pages out of the first download and the shop pages', () => {
    const pages = SHOP_PAGES.map((name) => pageChunk(name));
    expect(pages.every(Boolean), 'a shop page chunk is missing').toBe(true);
    for (const file of [...entry, ...pages.flatMap((p) => [...closure(p!)])]) expect(file).not.toMatch(HEAVY);
  });

  it('marks for compiling at load what a shop page runs as its app starts, and neither the admin console nor what is loaded at its first use', () => {
    const hinted = (file: string, dir = assets) =>
      fs.readFileSync(path.join(dir, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    const started = [...entry, ...SHOP_PAGES.filter((name) => name !== 'SearchSuggestions').map((name) => pageChunk(name)!)];
    for (const file of started) expect(hinted(file), file).toBe(true);
    for (const file of islands) expect(hinted(file, islandAssets), file).toBe(true);
    for (const name of ['AdminApp', 'EnquiryDialog', 'carousel', 'markdown']) {
      expect(hinted(pageChunk(name)!), name).toBe(false);
    }
    for (const name of ['EnquiryDialog', 'carousel', 'SearchSuggestions']) {
      expect(hinted(islandsChunk(name)!, islandAssets), name).toBe(false);
    }
    // The compressed files the server sends are those of the marked files.
    const react = [...entry].find((file) => file.startsWith('react-'))!;
    expect(gunzipSync(fs.readFileSync(path.join(assets, `${react}.gz`))).toString('utf8')).toBe(
      fs.readFileSync(path.join(assets, react), 'utf8'),
    );
  });

  it(`loads at most ${kb(ENQUIRY_FORM_BUDGET)} more at a shop page's enquiry form's first use`, () => {
    const files = [...islandsClosure(islandsChunk('EnquiryDialog')!)].filter((file) => !islands.has(file));
    const size = gzipped(files, islandAssets);
    expect(size, `${kb(size)} in ${files.join(', ')}`).toBeLessThanOrEqual(ENQUIRY_FORM_BUDGET);
  });

  it("builds only the visitor's form rules when a shop page's enquiry form loads, not the console's", () => {
    const loaded = [...islandsClosure(islandsChunk('EnquiryDialog')!)]
      .map((file) => fs.readFileSync(path.join(islandAssets, file), 'utf8'))
      .join('\n');
    expect(loaded).toContain(enquiryMessages.nameRequired);
    for (const consoleOnly of [messages.imagesRequired, messages.invalidCredentials, hoursMessages.closureLabel]) {
      expect(loaded).not.toContain(consoleOnly);
    }
  });

  it(`runs at most ${kb(BEFORE_TOUCH_BUDGET)} of JavaScript on a shop page before the first touch`, () => {
    const size = gzipSync(fs.readFileSync(path.join(dist, 'boot.js')), { level: 9 }).length;
    expect(size, kb(size)).toBeLessThanOrEqual(BEFORE_TOUCH_BUDGET);
  });
});
