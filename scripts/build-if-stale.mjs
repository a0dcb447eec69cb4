// Builds the web app and the server when their output is missing or older than any source file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const name of fs.readdirSync(full)) {
    if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(path.join(entry, name)));
  }
  return max;
}

const targets = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src', 'packages/markdown/src'],
    workspace: 'apps/web',
  },
  {
    name: 'server',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src', 'packages/markdown/src'],
    workspace: 'apps/api',
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const t of targets) {
    const built = newest(t.output);
    const changed = Math.max(...t.sources.map(newest));
    if (!force && built > 0 && built >= changed) continue;
    process.stdout.write(`Building the ${t.name}…\n`);
    // Always a production build, even when called from a test runner that sets NODE_ENV=test.
    execFileSync('npm', ['run', 'build', '--silent', '-w', t.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale({ force: process.argv.includes('--force') });
