// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the workspace, without type declarations
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { iconSprite } from '../src/components/layout/icon-paths.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const filesIn = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));

beforeAll(() => buildIfStale(), 120_000);

describe('the built icon sprite', () => {
  it('is one file of the browser build, drawn from the icon table, with its precompressed copies', () => {
    const sprites = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^icons-[\w-]+\.svg$/.test(f));
    expect(sprites).toHaveLength(1);
    const file = path.join(dist, 'assets', sprites[0]!);
    expect(fs.readFileSync(file, 'utf8')).toBe(iconSprite());
    expect(fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`)).toBe(true);
  });

  it('is the address both the browser build and the server renderer draw icons from, so pages hydrate', () => {
    const [sprite] = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^icons-[\w-]+\.svg$/.test(f));
    const url = `/assets/${sprite}`;
    const naming = (files: string[]) => files.filter((f) => f.endsWith('.js') && fs.readFileSync(f, 'utf8').includes(url)).length;
    expect(naming(filesIn(path.join(dist, 'assets'))), 'browser chunks naming the sprite').toBeGreaterThan(0);
    expect(naming(filesIn(path.join(dist, '.server'))), 'server chunks naming the sprite').toBeGreaterThan(0);
  });
});
