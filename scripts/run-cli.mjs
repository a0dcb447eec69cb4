// npm run create-admin / seed-demo: build the server if needed, then run the command with the given arguments.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
buildIfStale();
const result = spawnSync(process.execPath, [path.join(root, 'apps/api/dist', `${command}.js`), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
