import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { minifyScript } from './minify-script.ts';
import { iconSprite as iconSpriteSvg } from './src/components/layout/icon-paths.ts';

const SHOP_SHARED = /apps[\\/]web[\\/]src[\\/](lib|components|features[\\/]shop)[\\/]|packages[\\/]shared[\\/]src[\\/]/;
/**
 * The enquiry form and its fields, the search suggestions, the toasts, the carousel's engine, the zod schemas (the
 * console's and the enquiry form's).
 */
const LOADED_WHEN_USED =
  /EnquiryDialog|EnquiryForm|Fields|form-errors|SearchSuggestions|live-parts|toaster|carousel-engine|[\\/](schemas|enquiry)\.ts$/;

/**
 * Libraries only some pages use get chunks of their own with stable names, so no shop page pulls them in by
 * sharing a chunk with them, and the size budget test (test/budget.test.ts) can name them. A group takes in
 * the unclaimed modules it imports, so React, which every page needs, is claimed first by its own group.
 */
const REACT = { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 };
const FORMS = { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 20 };
const CAROUSEL = { name: 'carousel', test: /node_modules[\\/]embla-carousel/, priority: 10 };
// The data library: the app's, and the search suggestions' on a page sent as islands.
const QUERY = { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 };

/** The app's chunks (index.html): what it draws, the admin console above all, and a shop page the server could not render. */
const APP_CHUNKS = [
  REACT,
  {
    name: 'react-select',
    test: /node_modules[\\/](react-select|@emotion|@floating-ui|memoize-one|use-isomorphic-layout-effect|stylis)[\\/]/,
    priority: 20,
  },
  FORMS,
  // Drag and drop of the product form's pictures: the admin console's alone.
  { name: 'dnd-kit', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 20 },
  CAROUSEL,
  QUERY,
  // What two or more of the app's pages share (the data fetching, the shop's parts and helpers, the shared package):
  // one chunk, not twenty small ones, each a request. What is loaded at its first use stays out of it, with the
  // form libraries it brings.
  {
    name: 'shop',
    test: (id: string) => SHOP_SHARED.test(id) && !LOADED_WHEN_USED.test(id),
    minShareCount: 2,
    priority: 5,
  },
];

/**
 * The chunks of a shop page sent as islands (src/islands.tsx, built apart from the app, so that a module the two
 * share brings only what the islands use of it): React, the parts every page has, the product cards two pages'
 * parts share, each page's own parts, and what parts load at their first use (what is shown once live by the
 * visitor's clock, the search suggestions with the data library, the enquiry form's dialog with the form libraries).
 */
const ISLANDS_CHUNKS = [
  REACT,
  FORMS,
  CAROUSEL,
  QUERY,
  // The parts every page has (src/app/islands.ts) and what they import, beside the entry; with them, the few small
  // modules that the parts loaded later share (a product's picture, prices, the empty state, the clock the entry
  // hands the page's instant to), so that none of those chunks imports another.
  {
    name: 'island-parts',
    test: /src[\\/](app[\\/](islands|render-hints)\.ts|features[\\/]shop[\\/]components[\\/]ProductImage\.tsx|components[\\/]EmptyState\.tsx|money\.ts|lib[\\/]now\.ts)$/,
    priority: 8,
  },
  { name: 'product-cards', test: /src[\\/]features[\\/]shop[\\/]components[\\/]ProductGrid\.tsx$/, priority: 7 },
  { name: 'live-parts', test: /src[\\/]components[\\/]live-parts\.tsx$/, priority: 6 },
  { name: 'SearchSuggestions', test: /src[\\/]components[\\/]layout[\\/]SearchSuggestions\.tsx$/, priority: 6 },
  { name: 'EnquiryDialog', test: /src[\\/]components[\\/]enquiry[\\/]EnquiryDialog\.tsx$/, priority: 6 },
  { name: 'home-islands', test: /src[\\/]features[\\/]shop[\\/]home-islands\.ts$/, priority: 6 },
  { name: 'product-islands', test: /src[\\/]features[\\/]shop[\\/]product-islands\.ts$/, priority: 6 },
  { name: 'listing-islands', test: /src[\\/]features[\\/]shop[\\/]listing-islands\.ts$/, priority: 6 },
];

/**
 * Minifies boot.js as the app's build copies it from public/ (a shop page runs it as it loads): before the
 * precompress plugin, which runs after this one and compresses what it leaves.
 */
function minifyBoot(): Plugin {
  let boot: string | undefined;
  return {
    name: 'minify-boot',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      boot = config.build.copyPublicDir ? path.resolve(config.root, config.build.outDir, 'boot.js') : undefined;
    },
    writeBundle() {
      if (boot) fs.writeFileSync(boot, minifyScript('boot.js', fs.readFileSync(boot, 'utf8')));
    },
  };
}

/**
 * Writes .br (quality 11) and .gz (level 9) next to every text file of the build, so the server sends the
 * smallest encoding without compressing on each request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        // Not the dot folders (.vite, .server), which the server never sends.
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file) || path.relative(outDir, file).startsWith('.')) continue;
        // Compressed by an earlier build into the same folder (the islands' build comes after the app's).
        if (fs.existsSync(`${file}.gz`) && fs.statSync(`${file}.gz`).mtimeMs >= fs.statSync(file).mtimeMs) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        const br = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The icons (src/components/layout/icon-paths.ts) as one sprite written once into the page shell, at the top of its
 * body and outside the app's root, instead of a copy of each icon's drawing at every use. `Icon` draws
 * `<use href="#icon-name">`. A sprite file of its own costs more: Chromium builds a separate document for a `<use>`
 * of another file, one long task on a slow phone (decision 0014).
 */
export function iconSprite(): Plugin {
  const svg = iconSpriteSvg();
  return {
    name: 'icon-sprite',
    transformIndexHtml: (html) => html.replace(/<body[^>]*>/, (body) => `${body}\n    ${svg}`),
  };
}

/** The chunks of the bundle that `roots` picks, and every chunk they import statically, as file names. */
function withStaticImports(bundle: OutputBundle, roots: (chunk: OutputChunk) => boolean): Set<string> {
  const files = new Set<string>();
  const add = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== 'chunk') return;
    files.add(file);
    for (const dep of chunk.imports) add(dep);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && roots(chunk)) add(chunk.fileName);
  return files;
}

/**
 * Keeps out of every dynamic import's list of chunks to preload those of the entry's own download (index.html loads
 * the app's; a page sent as islands, the islands' entry's; no code runs before they have): each such list sits in the
 * chunk that imports, so naming them again and again only adds bytes to the page's first download.
 */
function preloadOnlyWhatIsMissing() {
  let entryFiles: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'preload-only-what-is-missing',
    enforce: 'pre',
    generateBundle(_options, bundle: OutputBundle) {
      entryFiles = withStaticImports(bundle, (chunk) => chunk.isEntry);
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
    hostType === 'js' && entryFiles ? deps.filter((dep) => !entryFiles!.has(dep)) : deps;
  return { plugin, resolveDependencies };
}

/** V8's explicit compile hint (Chrome 136 on): compile every function of the file as it arrives, not at first call. */
const COMPILE_ALL_AT_LOAD = '//# allFunctionsCalledOnLoad\n';
const SHOP_PAGE = /apps[\\/]web[\\/]src[\\/]features[\\/]shop[\\/]pages[\\/]/;

/**
 * Marks for compiling whole, as they stream in and off the main thread, the chunks a shop page runs as its app starts
 * (the entry, every chunk it imports, the shop's pages): nearly all of their functions run as the page starts, and
 * each would otherwise be compiled on the main thread at its first call. Side by side at a 5x slowdown, a
 * page went from the first touch to live in 16–25% less time (decision 0010). Chunks loaded at their first use and
 * the admin console's are left to V8's lazy compiling: much of them may never run.
 */
function compileAtLoad(): Plugin {
  return {
    name: 'compile-at-load',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // On the files written, which Vite's own output steps (the preload lists of chunks that import others) have
    // finished with, and before they are compressed (precompress, at closeBundle).
    writeBundle(options, bundle: OutputBundle) {
      const started = withStaticImports(bundle, (chunk) => chunk.isEntry || SHOP_PAGE.test(chunk.facadeModuleId ?? ''));
      for (const file of started) {
        const written = path.join(options.dir!, file);
        fs.writeFileSync(written, COMPILE_ALL_AT_LOAD + fs.readFileSync(written, 'utf8'));
      }
    },
  };
}

const preload = preloadOnlyWhatIsMissing();

/** What the two browser builds share. */
const BROWSER_BUILD = {
  outDir: 'dist',
  // build.mjs deletes the files of builds older than the last one.
  emptyOutDir: false,
  sourcemap: false,
  target: 'es2022',
  modulePreload: { resolveDependencies: preload.resolveDependencies },
} as const;

/**
 * Three builds (npm run build, which runs build.mjs: it keeps the files of the build before, for a server or a page
 * still on it): the app into dist/ (index.html starts it, src/main.tsx), the islands' entry with
 * --mode islands into dist/assets/islands/ (a shop page the server rendered starts it, src/islands.tsx), each with a
 * manifest the server reads to preload a page's chunks (apps/api/src/plugins/web.ts); and with --ssr the server
 * renderer, src/entry-server.tsx, into dist/.server/ (a dot folder, which the server never sends, like .vite/), which
 * the server loads to send each shop page as HTML.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss(), iconSprite(), minifyBoot(), precompress(), preload.plugin, compileAtLoad()],
  build: isSsrBuild
    ? { outDir: 'dist/.server', sourcemap: false, target: 'node22', emptyOutDir: false, copyPublicDir: false }
    : mode === 'islands'
      ? {
          ...BROWSER_BUILD,
          copyPublicDir: false,
          assetsDir: 'assets/islands',
          manifest: '.vite/islands-manifest.json',
          rolldownOptions: { input: 'src/islands.tsx', output: { codeSplitting: { groups: ISLANDS_CHUNKS } } },
        }
      : {
          ...BROWSER_BUILD,
          assetsDir: 'assets',
          manifest: true,
          rolldownOptions: { input: 'index.html', output: { codeSplitting: { groups: APP_CHUNKS } } },
        },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
