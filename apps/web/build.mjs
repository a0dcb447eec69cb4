// Builds the web app into dist/ with vite.config.ts's three builds (the app, the islands, the server renderer), and
// keeps the files of the build before it: a server still running on that build (which loads its renderer's chunks as
// pages are first drawn), and a page a visitor opened from it (which loads its chunks at first use), go on working
// until the server restarts and the page is reloaded. The files of older builds are deleted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
// Each build writes every file it makes anew, so a file older than the previous build's start is of no build kept.
const thisBuild = path.join(dist, '.vite', 'build-started');
const previousBuild = path.join(dist, '.vite', 'previous-build-started');

fs.mkdirSync(path.dirname(thisBuild), { recursive: true });
if (fs.existsSync(thisBuild)) fs.renameSync(thisBuild, previousBuild);
fs.writeFileSync(thisBuild, `${new Date().toISOString()}\n`);

for (const args of [[], ['--mode', 'islands'], ['--ssr', 'src/entry-server.tsx']]) {
  execFileSync(process.execPath, [vite, 'build', ...args], { cwd: root, stdio: 'inherit' });
}

const walk = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];
const kept = fs.statSync(previousBuild, { throwIfNoEntry: false })?.mtimeMs;
if (kept !== undefined) {
  for (const file of [...walk(path.join(dist, 'assets')), ...walk(path.join(dist, '.server'))]) {
    if (fs.statSync(file).mtimeMs < kept) fs.rmSync(file);
  }
}
