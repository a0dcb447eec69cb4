// Bundles the server into dist/ (the shared workspace package inlined, npm dependencies left external).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entries = {
  server: 'src/server.ts',
  'create-admin': 'src/cli/create-admin.ts',
  'seed-demo': 'src/cli/seed-demo.ts',
  // The threads that write SQLite and answer its long reads, started by src/db/sqlite.ts from beside the bundle.
  'sqlite-writer': 'src/db/sqlite-writer.ts',
  'sqlite-reader': 'src/db/sqlite-reader.ts',
  // npm run bench only: the generated catalogue, and the shop with its baseline route.
  'bench-catalogue': 'src/cli/bench-catalogue.ts',
  'bench-server': 'src/cli/bench-server.ts',
};

await build({
  absWorkingDir: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.kind === 'entry-point' || args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
